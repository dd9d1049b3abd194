import { Box, Button, Menu } from '@mantine/core';
import { type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, HTML_LANG, LANGUAGE_LABELS } from './language';

/**
 * en / ja / cn / kr, each under its own native name. `compact` (the crowded signed-in header)
 * hides the current language's name on phones, leaving the icon.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.language as TUiLanguage) in LANGUAGE_LABELS ? (i18n.language as TUiLanguage) : 'ja';
  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="dark.6"
          px="xs"
          data-testid="language-switcher"
          aria-label={`${t('language.label')}: ${LANGUAGE_LABELS[current]}`}
          leftSection={<IconLanguage size={18} stroke={1.7} />}
          rightSection={<IconChevronDown size={14} />}
        >
          <Box component="span" visibleFrom={compact ? 'xs' : undefined}>
            {LANGUAGE_LABELS[current]}
          </Box>
        </Button>
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
