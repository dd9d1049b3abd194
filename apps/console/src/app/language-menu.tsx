// Its own styles only: the menu is fetched on the sign-in page too, where the rest is not needed.
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Menu } from '@mantine/core';
import { type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, HTML_LANG, LANGUAGE_LABELS } from './language';
import { LanguageButton } from './language-button';

/** The language menu: en / ja / cn / kr, each under its own native name. */
export function LanguageMenu({
  compact = false,
  defaultOpened = false,
  autoFocus = false,
}: {
  compact?: boolean;
  defaultOpened?: boolean;
  /** Takes over the focus from the stand-in button it replaces (language-switcher.tsx). */
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const current = (i18n.language as TUiLanguage) in LANGUAGE_LABELS ? (i18n.language as TUiLanguage) : 'ja';
  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton compact={compact} autoFocus={autoFocus} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {UI_LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={HTML_LANG[lang]}
            onClick={() => void chooseLanguage(lang)}
            rightSection={lang === current ? <IconCheck size={16} /> : null}
            fw={lang === current ? 600 : undefined}
            aria-current={lang === current ? 'true' : undefined}
          >
            {LANGUAGE_LABELS[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
