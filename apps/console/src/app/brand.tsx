import { Group, Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product mark: the same drawing as public/favicon.svg, inline so it needs no request. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
      <rect x="9" y="7" width="14" height="18" rx="3" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path
        d="M13 16h6m-2.5-3 3 3-3 3"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Brand({ size = 32, textProps }: { size?: number; textProps?: TextProps }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      <Text fw={700} fz={size * 0.6} c="dark.8" style={{ letterSpacing: '-0.01em' }} {...textProps}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
