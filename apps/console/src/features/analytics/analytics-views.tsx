import { AreaChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { RANKING_MIN_PAGES, type TOverviewMetrics, type TPageAnalysis } from '@swipe/contracts/analytics';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertCircle, IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatShortDate } from '../../app/format';
import {
  analysisKeys,
  analyticsApi,
  type TAnalysisFilters,
  type TAnalysisName,
  type TAnswers,
} from './analytics-api';

// The five views of a site's analysis. Each loads its own call; loading, error and "no visits
// yet" are shown the same way everywhere.

type TProps = {
  name: TAnalysisName;
  siteId: string;
  filters: TAnalysisFilters;
  page: string;
  onPage: (page: string) => void;
  languages: TSiteLanguage[];
};

function useAnalysis<N extends TAnalysisName>(
  name: N,
  siteId: string,
  query: TAnalysisFilters & { page?: string },
) {
  return useQuery({
    queryKey: analysisKeys.one(siteId, name, query),
    queryFn: ({ signal }) => analyticsApi.get(siteId, name, query, { signal }),
    // New events reach the rollups within a second: an open screen (in a visible tab) follows
    // them every five seconds.
    refetchInterval: 5_000,
    placeholderData: (previous) => previous,
  });
}

function Loading() {
  return (
    <Group justify="center" py="xl" data-testid="analytics-loading">
      <Loader size="sm" />
    </Group>
  );
}

function Failed({ retry, message }: { retry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="analytics-error">
      <Group justify="space-between">
        <span>{message || t('analytics.failed')}</span>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          {t('analytics.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" data-testid="analytics-empty">
      {t('analytics.empty')}
    </Alert>
  );
}

type TQueryState<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data?: { data: T };
  refetch: () => unknown;
};

/** Renders the view once its call answered, with the common states before that. */
function Loaded<T>(props: {
  query: TQueryState<T>;
  empty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (props.query.isPending) return <Loading />;
  if (props.query.isError || !props.query.data)
    return <Failed retry={() => void props.query.refetch()} message={props.query.error?.message} />;
  const data = props.query.data.data;
  if (props.empty?.(data)) return <Empty />;
  return <>{props.children(data)}</>;
}

export function AnalysisView(props: TProps) {
  switch (props.name) {
    case 'overview':
      return <OverviewView {...props} />;
    case 'pages':
      return <SwipeView {...props} />;
    case 'creatives':
      return <CreativesView {...props} />;
    case 'rankings':
      return <RankingsView {...props} />;
    case 'heatmap':
      return <HeatmapView {...props} />;
  }
}

// --- formatting -------------------------------------------------------------------------------

function useFormat() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = (v: number | null) =>
    v === null ? '–' : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(v);
  const seconds = (ms: number | null) =>
    ms === null
      ? '–'
      : t('analytics.seconds', {
          value: new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(ms / 1000),
        });
  const count = (n: number) => formatCount(n, lang);
  return { t, lang, percent, seconds, count };
}

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

function OverviewView(props: TProps) {
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
              const change =
                now !== null && before !== null && before !== 0 ? (now - before) / Math.abs(before) : null;
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
                      <Text size="xs" c="dimmed">
                        {f.t('analytics.noChange')}
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
          <Text size="xs" c="dimmed">
            {f.t('analytics.previous', {
              from: formatShortDate(d.previousPeriod.from, f.lang),
              to: formatShortDate(d.previousPeriod.to, f.lang),
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

// --- swipe analysis -----------------------------------------------------------------------------

type TColourBy = 'reach' | 'exitRate' | 'dwell';

function SwipeView(props: TProps) {
  const f = useFormat();
  const [by, setBy] = useState<TColourBy>('reach');
  const query = useAnalysis('pages', props.siteId, props.filters);
  return (
    <Loaded query={query} empty={(d) => d.visits === 0}>
      {(d) => {
        const maxDwell = Math.max(1, ...d.pages.map((p) => p.medianDwellMs ?? 0));
        const value = (p: TPageAnalysis) =>
          by === 'reach'
            ? p.reach
            : by === 'exitRate'
              ? (p.exitRate ?? 0)
              : (p.medianDwellMs ?? 0) / maxDwell;
        const label = (p: TPageAnalysis) =>
          by === 'reach'
            ? f.percent(p.reach)
            : by === 'exitRate'
              ? f.percent(p.exitRate)
              : f.seconds(p.medianDwellMs);
        return (
          <Stack gap="md" data-testid="analytics-swipe">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {f.t('analytics.gridCaption')}
              </Text>
              <SegmentedControl
                aria-label={f.t('analytics.colourBy')}
                size="xs"
                value={by}
                onChange={(v) => setBy(v as TColourBy)}
                data={[
                  { value: 'reach', label: f.t('analytics.reach') },
                  { value: 'exitRate', label: f.t('analytics.exitRate') },
                  { value: 'dwell', label: f.t('analytics.dwell') },
                ]}
              />
            </Group>
            <Box
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${d.columns}, minmax(64px, 104px))`,
                gap: 6,
                overflowX: 'auto',
              }}
              data-testid="analytics-grid"
            >
              {d.pages.map((p) => {
                const v = Math.max(0, Math.min(1, value(p)));
                return (
                  <Tooltip
                    key={p.page}
                    multiline
                    w={220}
                    label={`${p.page} · ${f.t('analytics.views')} ${f.count(p.views)} · ${f.t('analytics.reach')} ${f.percent(p.reach)} · ${f.t('analytics.exitRate')} ${f.percent(p.exitRate)} · ${f.t('analytics.dwell')} ${f.seconds(p.medianDwellMs)}${p.nextPage ? ` · → ${p.nextPage}` : ''}`}
                  >
                    <Box
                      tabIndex={0}
                      aria-label={`${p.page}: ${label(p)}`}
                      data-testid={`grid-cell-${p.page}`}
                      style={{
                        aspectRatio: '9 / 16',
                        borderRadius: 8,
                        padding: 8,
                        // Light enough at its strongest for dark text to keep 4.5:1.
                        background: `rgba(54, 79, 199, ${0.06 + v * 0.55})`,
                        color: 'var(--mantine-color-black)',
                        display: 'flex',
                        flexDirection: 'column',
                        justifyContent: 'space-between',
                      }}
                    >
                      <Text size="xs" fw={700}>
                        {p.page}
                      </Text>
                      <Text size="sm" fw={700}>
                        {label(p)}
                      </Text>
                    </Box>
                  </Tooltip>
                );
              })}
            </Box>
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover data-testid="analytics-pages-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{f.t('analytics.page')}</Table.Th>
                    <Table.Th ta="right">{f.t('analytics.views')}</Table.Th>
                    <Table.Th ta="right">{f.t('analytics.reached')}</Table.Th>
                    <Table.Th ta="right">{f.t('analytics.reach')}</Table.Th>
                    <Table.Th ta="right">{f.t('analytics.exits')}</Table.Th>
                    <Table.Th ta="right">{f.t('analytics.exitRate')}</Table.Th>
                    <Table.Th ta="right">{f.t('analytics.dwell')}</Table.Th>
                    <Table.Th>{f.t('analytics.next')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.pages.map((p) => (
                    <Table.Tr key={p.page} data-testid={`pages-row-${p.page}`}>
                      <Table.Td fw={600}>{p.page}</Table.Td>
                      <Table.Td ta="right">{f.count(p.views)}</Table.Td>
                      <Table.Td ta="right">{f.count(p.reached)}</Table.Td>
                      <Table.Td ta="right">{f.percent(p.reach)}</Table.Td>
                      <Table.Td ta="right">{f.count(p.exits)}</Table.Td>
                      <Table.Td ta="right">{f.percent(p.exitRate)}</Table.Td>
                      <Table.Td ta="right">{f.seconds(p.medianDwellMs)}</Table.Td>
                      <Table.Td>{p.nextPage ? `${p.nextPage} (${f.percent(p.nextShare)})` : '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      }}
    </Loaded>
  );
}

// --- creative analysis --------------------------------------------------------------------------

function CreativesView(props: TProps) {
  const f = useFormat();
  const query = useAnalysis('creatives', props.siteId, props.filters);
  return (
    <Loaded query={query} empty={(d) => d.pages.every((p) => p.views === 0)}>
      {(d) => (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover data-testid="analytics-creatives-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{f.t('analytics.page')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.views')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.linkClicks')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.linkClickRate')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.productOpens')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.productClicks')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.ctaClicks')}</Table.Th>
                <Table.Th ta="right">{f.t('analytics.otherClicks')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.pages.map((p) => (
                <Table.Tr key={p.page} data-testid={`creatives-row-${p.page}`}>
                  <Table.Td fw={600}>{p.page}</Table.Td>
                  <Table.Td ta="right">{f.count(p.views)}</Table.Td>
                  <Table.Td ta="right">{f.count(p.linkClicks)}</Table.Td>
                  <Table.Td ta="right">{f.percent(p.linkClickRate)}</Table.Td>
                  <Table.Td ta="right">{f.count(p.productOpens)}</Table.Td>
                  <Table.Td ta="right">{f.count(p.productClicks)}</Table.Td>
                  <Table.Td ta="right">{f.count(p.ctaClicks)}</Table.Td>
                  <Table.Td ta="right">{f.count(p.otherClicks)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Loaded>
  );
}

// --- rankings -----------------------------------------------------------------------------------

function RankingsView(props: TProps) {
  const f = useFormat();
  const query = useAnalysis('rankings', props.siteId, props.filters);
  return (
    <Loaded query={query}>
      {(d) =>
        !d.eligible ? (
          <Alert variant="light" data-testid="analytics-rankings-ineligible">
            {f.t('analytics.rankingNeedsPages', { min: RANKING_MIN_PAGES, count: d.pageCount })}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="analytics-rankings">
            {(['reach', 'dwell', 'clickRate'] as const).map((metric) => {
              const show = (v: number | null) => (metric === 'dwell' ? f.seconds(v) : f.percent(v));
              return (
                <Paper key={metric} withBorder radius="md" p="md">
                  <Text fw={600} mb="xs">
                    {f.t(`analytics.ranking.${metric}`)}
                  </Text>
                  {(['best', 'worst'] as const).map((end) => (
                    <Stack key={end} gap={2} mb="sm">
                      <Text size="xs" c="dimmed" fw={600}>
                        {f.t(`analytics.${end}`)}
                      </Text>
                      {d[metric][end].map((p, i) => (
                        <Group key={p.page} justify="space-between">
                          <Text size="sm">
                            {i + 1}. {p.page}
                          </Text>
                          <Text size="sm" fw={600}>
                            {show(p.value)}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  ))}
                </Paper>
              );
            })}
          </SimpleGrid>
        )
      }
    </Loaded>
  );
}

// --- tap heatmap --------------------------------------------------------------------------------

function HeatmapView(props: TProps) {
  const f = useFormat();
  const pages = useAnalysis('pages', props.siteId, props.filters);
  const query = useAnalysis('heatmap', props.siteId, { ...props.filters, page: props.page });
  const pageChoices = pages.data?.data.pages.map((p) => p.page) ?? [props.page];
  return (
    <Stack gap="md" data-testid="analytics-heatmap">
      <Select
        label={f.t('analytics.heatmapPage')}
        data={pageChoices}
        value={props.page}
        onChange={(v) => v && props.onPage(v)}
        allowDeselect={false}
        w={160}
        data-testid="analytics-heatmap-page"
      />
      <Loaded query={query}>
        {(d) => {
          const max = Math.max(1, ...d.cells.map((c) => c.count));
          return (
            <Stack gap="xs">
              <Text size="sm" fw={600} data-testid="analytics-heatmap-taps">
                {f.t('analytics.taps', { count: d.taps })}
              </Text>
              {!d.imageUrl && (
                <Text size="xs" c="dimmed">
                  {f.t('analytics.noImage')}
                </Text>
              )}
              <Box
                pos="relative"
                w={280}
                style={{
                  aspectRatio: '9 / 16',
                  borderRadius: 12,
                  overflow: 'hidden',
                  background: 'var(--mantine-color-gray-2)',
                }}
              >
                {d.imageUrl && (
                  <img
                    src={d.imageUrl}
                    alt={d.page}
                    style={{
                      position: 'absolute',
                      inset: 0,
                      width: '100%',
                      height: '100%',
                      objectFit: 'cover',
                    }}
                  />
                )}
                {d.cells.map((c) => (
                  <span
                    key={c.cell}
                    style={{
                      position: 'absolute',
                      left: `${((c.cell % d.grid) / d.grid) * 100}%`,
                      top: `${(Math.floor(c.cell / d.grid) / d.grid) * 100}%`,
                      width: `${100 / d.grid}%`,
                      height: `${100 / d.grid}%`,
                      background: `rgba(250, 82, 82, ${0.15 + (c.count / max) * 0.75})`,
                      boxShadow: `0 0 8px 4px rgba(250, 82, 82, ${(c.count / max) * 0.5})`,
                      borderRadius: '50%',
                    }}
                  />
                ))}
              </Box>
            </Stack>
          );
        }}
      </Loaded>
    </Stack>
  );
}
