import { Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { OVER_LIMIT_PV_UNIT, type TCheckPlan } from '@swipe/contracts/plans';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatYen } from '../../app/format';
import { overLimitFee, usageColor, usagePercent } from './plan-format';

// Check Plan's usage: sites, the largest site's pages and this month's page views against the
// plan's limits (with the fee beyond the page-view limit), and the page views of the months before.

function Meter({
  label,
  used,
  limit,
  usedText,
  testId,
  note,
}: {
  label: string;
  used: number;
  limit: number;
  usedText: string;
  testId: string;
  note?: ReactNode;
}) {
  return (
    <Stack gap={6} data-testid={testId} data-used={used} data-limit={limit}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" fw={650} style={{ whiteSpace: 'nowrap' }}>
          {usedText}
        </Text>
      </Group>
      <Progress
        value={usagePercent(used, limit)}
        color={usageColor(used, limit)}
        size="md"
        radius="xl"
        aria-label={label}
      />
      {note}
    </Stack>
  );
}

export function UsageCard({ info }: { info: TCheckPlan }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { limits, usage } = info;
  const of = (used: number, limit: number) =>
    t('plans.check.usedOf', { used: formatCount(used, lang), limit: formatCount(limit, lang) });
  const extra = overLimitFee(
    usage.monthlyPageViews,
    limits.monthlyPageViews,
    limits.overLimitPrice,
    OVER_LIMIT_PV_UNIT,
  );
  return (
    <Card component="section" aria-label={t('plans.check.usageHeading')}>
      <Stack gap="lg">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('plans.check.usageHeading')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" verticalSpacing="lg">
          <Meter
            label={t('plans.fields.quantitySite')}
            used={usage.sites}
            limit={limits.sites}
            usedText={of(usage.sites, limits.sites)}
            testId="usage-sites"
          />
          <Meter
            label={t('plans.check.largestSite')}
            used={usage.largestSitePages}
            limit={limits.pagesPerSite}
            usedText={of(usage.largestSitePages, limits.pagesPerSite)}
            testId="usage-pages"
          />
          <Meter
            label={t('plans.check.pageViews')}
            used={usage.monthlyPageViews}
            limit={limits.monthlyPageViews}
            usedText={of(usage.monthlyPageViews, limits.monthlyPageViews)}
            testId="usage-pv"
            note={
              <Text size="xs" c={extra > 0 ? 'red.7' : 'dimmed'}>
                {extra > 0
                  ? t('plans.check.overNow', { fee: formatYen(extra, lang) })
                  : limits.overLimitPrice > 0
                    ? t('plans.check.overRule', {
                        price: formatYen(limits.overLimitPrice, lang),
                        unit: formatCount(OVER_LIMIT_PV_UNIT, lang),
                      })
                    : null}
              </Text>
            }
          />
        </SimpleGrid>
        {usage.pageViewHistory.length > 0 && (
          <Stack gap={4} data-testid="usage-pv-history">
            <Text size="sm" fw={600}>
              {t('plans.check.pageViewHistory')}
            </Text>
            <Group gap="xs" wrap="wrap">
              {usage.pageViewHistory.map((m) => (
                <Text
                  key={m.month}
                  size="sm"
                  component="span"
                  c={limits.monthlyPageViews > 0 && m.views > limits.monthlyPageViews ? 'red.9' : 'dimmed'}
                >
                  {m.month.replace('-', '/')}: <b>{formatCount(m.views, lang)}</b>
                </Text>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
