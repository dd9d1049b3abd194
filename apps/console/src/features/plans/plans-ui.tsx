import { Badge, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { OVER_LIMIT_PV_UNIT, PLAN_FLAGS, type TPlan } from '@swipe/contracts/plans';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatYen } from '../../app/format';

// Small pieces the plan pages share.

/** "¥50,000 / month, tax excluded"; the compact size puts the unit on its own line (table columns). */
export function MonthlyPrice({
  price,
  size = 'lg',
  testId,
}: {
  price: number;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const amount = (
    <Text
      fz={size === 'lg' ? 30 : 22}
      fw={700}
      lh={1.1}
      data-testid={testId}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatYen(price, i18n.language)}
    </Text>
  );
  if (size === 'md')
    return (
      <Stack gap={2}>
        {amount}
        <Text size="xs" c="dimmed">
          {t('plans.perMonth')} · {t('plans.taxExcluded')}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={0}>
      <Group gap={6} align="baseline" wrap="nowrap">
        {amount}
        <Text size="sm" c="dimmed">
          {t('plans.perMonth')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('plans.taxExcluded')}
      </Text>
    </Stack>
  );
}

export const FlagMark = ({ on, label }: { on: boolean; label: string }) =>
  on ? (
    <ThemeIcon size={20} radius="xl" color="teal" variant="light" role="img" aria-label={label}>
      <IconCheck size={13} stroke={2.6} />
    </ThemeIcon>
  ) : (
    <ThemeIcon size={20} radius="xl" color="gray" variant="subtle" role="img" aria-label={label}>
      <IconMinus size={13} stroke={2} />
    </ThemeIcon>
  );

/** The seven features with a check mark or a dash each. */
export function FlagList({ plan }: { plan: Pick<TPlan, 'flags'> }) {
  const { t } = useTranslation();
  return (
    <List spacing={8} size="sm" center listStyleType="none" p={0}>
      {PLAN_FLAGS.map((f) => {
        const on = plan.flags[f];
        return (
          <List.Item
            key={f}
            icon={<FlagMark on={on} label={on ? t('plans.included') : t('plans.notIncluded')} />}
            data-flag={f}
            data-on={on}
          >
            <Text size="sm" c={on ? undefined : 'dimmed'}>
              {t(`plans.flags.${f}`)}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

/** "Version 2", or "v2" where space is short (tables). */
export function VersionBadge({
  version,
  testId,
  short,
}: {
  version: number;
  testId?: string;
  short?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      tt="none"
      data-testid={testId}
      data-version={version}
      title={t('plans.versionShort', { version })}
      style={{ flexShrink: 0 }}
    >
      {short ? `v${version}` : t('plans.versionShort', { version })}
    </Badge>
  );
}

/** The fee per unit of page views beyond the limit; a dash where nothing is charged. */
export function useOverLimitText() {
  const { t, i18n } = useTranslation();
  return (price: number) =>
    price === 0
      ? '—'
      : t('plans.perUnit', {
          price: formatYen(price, i18n.language),
          unit: formatCount(OVER_LIMIT_PV_UNIT, i18n.language),
        });
}
