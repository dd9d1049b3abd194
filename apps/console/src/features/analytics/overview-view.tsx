import { AreaChart } from '@mantine/charts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { COMPARISON_MIN_VISITS, periodChange, type TOverviewMetrics } from '@swipe/contracts/analytics';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { countChartProps, seriesValues } from '../../app/chart-axes';
import { formatShortDate } from '../../app/format';
import { Loaded, type TAnalysisViewProps, useAnalysis, useFormat } from './analysis-kit';

// LP analysis: the nine measures against the previous period, and the daily chart.

const METRICS: { key: keyof TOverviewMetrics; kind: 'count' | 'percent' | 'ms'; lowerIsBetter?: boolean }[] =
  [
    { key: 'pageViews', kind: 'count' },
    { key: 'visitors', kind: 'count' },
    { key: 'visits', kind: 'count' },
    { key: 'medianDwellMs', kind: 'ms' },
    { key: 'meanDwellMs', kind: 'ms' },
    { key: 'bounceRate', kind: 'percent', lowerIsBetter: true },
    { key: 'clicks', kind: 'count' },
    { key: 'conversions', kind: 'count' },
    { key: 'conversionRate', kind: 'percent' },
  ];

// --- LP analysis --------------------------------------------------------------------------------

export function OverviewView(props: TAnalysisViewProps) {
  const f = useFormat();
  const query = useAnalysis('overview', props.siteId, props.filters);
  return (
    <Loaded
      query={query}
      empty={(d) => d.current.visits === 0 && d.previous.visits === 0 && d.current.pageViews === 0}
    >
      {(d) => (
        <Stack gap="lg" data-testid="analytics-overview">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            {METRICS.map(({ key, kind, lowerIsBetter }) => {
              const now = d.current[key];
              const before = d.previous[key];
              const show = (v: number | null) =>
                kind === 'count' ? f.count(v ?? 0) : kind === 'ms' ? f.seconds(v) : f.percent(v);
              const compared = periodChange(now, before, d.previous.visits);
              const change = typeof compared === 'number' ? compared : null;
              const good = change === null || change === 0 ? null : change > 0 !== !!lowerIsBetter;
              return (
                <Paper key={key} withBorder radius="md" p="sm" data-testid={`metric-${key}`}>
                  <Text size="xs" c="dimmed" fw={600}>
                    {f.t(`analytics.metrics.${key}`)}
                  </Text>
                  <Text fz={22} fw={700} data-testid={`metric-${key}-value`}>
                    {show(now)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {change !== null && change !== 0 ? (
                      <Text size="xs" fw={700} c={good ? 'teal.9' : 'red.9'} component="span">
                        <Group gap={2} wrap="nowrap" component="span">
                          {change > 0 ? <IconArrowUpRight size={13} /> : <IconArrowDownRight size={13} />}
                          {f.percent(Math.abs(change))}
                        </Group>
                      </Text>
                    ) : (
                      <Text size="xs" c="dimmed" data-testid={`metric-${key}-change`}>
                        {compared === 'TOO_FEW_VISITS'
                          ? f.t('analytics.notCompared')
                          : f.t('analytics.noChange')}
                      </Text>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" mt={2}>
                    {show(before)}
                  </Text>
                </Paper>
              );
            })}
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="analytics-previous">
            {f.t(d.previous.visits < COMPARISON_MIN_VISITS ? 'analytics.fewPrevious' : 'analytics.previous', {
              from: formatShortDate(d.previousPeriod.from, f.lang),
              to: formatShortDate(d.previousPeriod.to, f.lang),
              visits: f.count(d.previous.visits),
              min: f.count(COMPARISON_MIN_VISITS),
            })}
          </Text>
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {f.t('analytics.daily')}
            </Text>
            <AreaChart
              h={260}
              data={d.daily.map((day) => ({ ...day, label: formatShortDate(day.day, f.lang) }))}
              dataKey="label"
              series={[
                { name: 'pageViews', label: f.t('analytics.metrics.pageViews'), color: 'indigo.6' },
                { name: 'visits', label: f.t('analytics.metrics.visits'), color: 'teal.6' },
                { name: 'conversions', label: f.t('analytics.metrics.conversions'), color: 'orange.6' },
              ]}
              {...countChartProps(f.lang, seriesValues(d.daily, ['pageViews', 'visits', 'conversions']))}
              curveType="monotone"
              withLegend
              tickLine="none"
              gridAxis="y"
              data-testid="analytics-daily-chart"
            />
          </Paper>
          {Object.keys(d.conversionsByKind).length > 0 && (
            <Group gap="xs">
              {Object.entries(d.conversionsByKind).map(([kind, n]) => (
                <Badge key={kind} variant="light" size="lg">
                  {f.t(`analytics.conversionKinds.${kind as 'MEMBER'}`)}: {f.count(n)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </Loaded>
  );
}
