import { Box, Button, type ButtonProps } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS } from './language';

export type TLanguageButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & { compact?: boolean };

/** The current language's native name; `compact` (the crowded signed-in header) hides it on phones. */
export function LanguageButton({ compact = false, ...props }: TLanguageButtonProps) {
  const { t, i18n } = useTranslation();
  const current = (i18n.language as TUiLanguage) in LANGUAGE_LABELS ? (i18n.language as TUiLanguage) : 'ja';
  return (
    <Button
      variant="subtle"
      color="gray"
      c="dark.6"
      px="xs"
      data-testid="language-switcher"
      aria-label={`${t('language.label')}: ${LANGUAGE_LABELS[current]}`}
      leftSection={<IconLanguage size={18} stroke={1.7} />}
      rightSection={<IconChevronDown size={14} />}
      {...props}
    >
      <Box component="span" visibleFrom={compact ? 'xs' : undefined}>
        {LANGUAGE_LABELS[current]}
      </Box>
    </Button>
  );
}
