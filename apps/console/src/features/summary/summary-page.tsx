import '../../app/full-styles';
import '@mantine/charts/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import '@mantine/dates/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import {
  addMonths,
  jstMonth,
  SUMMARY_MONTHS_BACK,
  summaryRangeProblems,
  type TSummary,
} from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { countChartProps, seriesValues } from '../../app/chart-axes';
import { formatCount, formatYen } from '../../app/format';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { UnpaidBillBanner } from '../billing/unpaid-bill-banner';
import { summaryApi, summaryKeys } from './summary-api';
import { compactYen, dayToMonth, monthToDay } from './summary-format';

// /{prefix}/summary: the caller's tree in numbers for a range of months (JST): sites,
// customer companies, MRR and ARR (in 万円 and 億円 in Japanese, ¥K and ¥M in English), paid
// plans and, as its own figure, the cash received; their trend per month, and the last month's
// paid plans by plan. MRR is the plan fees of the contracts active at the month's end, paid or
// not (contracts/billing.ts ZSummaryMonth); the page says so. The range lives in the address
// (?from=&to=, YYYY-MM); a bad one (a future month, one over a year old, start
// after end) is said, not sent.

/** The calendar's language for each UI language. */
const DAYJS_LOCALE: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh-cn', kr: 'ko' };
/** The default range: the last six months, the current one included. */
const DEFAULT_MONTHS = 6;

export function SummaryPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  usePageTitle(t('summary.title'));
  const [params, setParams] = useSearchParams();
  const current = jstMonth();
  const from = params.get('from') ?? addMonths(current, -(DEFAULT_MONTHS - 1));
  const to = params.get('to') ?? current;
  const problems = summaryRangeProblems({ from, to });
  const problemOf = (field: 'from' | 'to') => {
    const p = problems.find((x) => x.field === field);
    return p ? translate(p.messageKey, lang) : undefined;
  };
  const query = useQuery({
    queryKey: summaryKeys.range(from, to),
    queryFn: ({ signal }) => summaryApi.get({ from, to }, { signal }),
    enabled: problems.length === 0,
    placeholderData: (previous) => previous,
  });

  const setMonth = (field: 'from' | 'to', day: string | null) => {
    if (!day) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        // Both ends go into the address, so changing one keeps the other as shown.
        next.set('from', from);
        next.set('to', to);
        next.set(field, dayToMonth(day));
        return next;
      },
      { replace: true },
    );
  };

  const picker = (field: 'from' | 'to', value: string) => {
    const error = problemOf(field);
    return (
      <MonthPickerInput
        label={t(field === 'from' ? 'summary.from' : 'summary.to')}
        value={/^\d{4}-\d{2}$/.test(value) ? monthToDay(value) : null}
        onChange={(day) => setMonth(field, day)}
        valueFormat="YYYY/MM"
        minDate={monthToDay(addMonths(current, -SUMMARY_MONTHS_BACK))}
        maxDate={monthToDay(current)}
        error={error}
        w={{ base: '100%', xs: 200 }}
        data-testid={`summary-${field}`}
      />
    );
  };

  return (
    <Stack gap="lg" data-testid="summary-page">
      <PageHeading title={t('summary.title')} subtitle={t('summary.subtitle')} />
      <UnpaidBillBanner page="summary" />
      <Paper withBorder radius="md" p="md">
        <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] ?? 'ja' }}>
          <Group gap="md" align="flex-start" wrap="wrap">
            {picker('from', from)}
            {picker('to', to)}
          </Group>
        </DatesProvider>
      </Paper>
      {problems.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          data-testid="summary-range-error"
        >
          {[...new Set(problems.map((p) => translate(p.messageKey, lang)))].join(' ')}
        </Alert>
      ) : query.isPending ? (
        <Group justify="center" py="xl" data-testid="summary-loading">
          <Loader size="sm" aria-label={t('summary.loading')} />
        </Group>
      ) : query.isError || !query.data ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="summary-error">
          <Group justify="space-between">
            <span>{query.error?.message || t('summary.failed')}</span>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('summary.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SummaryNumbers summary={query.data.data} lang={lang} />
      )}
    </Stack>
  );
}

function Stat(props: { id: string; label: string; value: string; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`summary-card-${props.id}`}>
      <Text size="xs" c="dimmed" fw={600}>
        {props.label}
      </Text>
      <Text fz={24} fw={700} data-testid={`summary-${props.id}-value`} className="break-anywhere">
        {props.value}
      </Text>
      {props.note && (
        <Text size="xs" c="dimmed">
          {props.note}
        </Text>
      )}
    </Paper>
  );
}

function Chart(props: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <Text fw={600} component="h2" fz="md" mt={0} mb="sm">
        {props.title}
      </Text>
      {props.children}
    </Paper>
  );
}

function SummaryNumbers({ summary, lang }: { summary: TSummary; lang: TUiLanguage }) {
  const { t } = useTranslation();
  const count = (n: number) => formatCount(n, lang);
  const sitesCreated = summary.months.reduce((sum, m) => sum + m.sitesCreated, 0);
  const empty =
    summary.totals.sites === 0 &&
    summary.totals.companies === 0 &&
    summary.months.every((m) => m.mrr === 0 && m.paidPlans === 0 && m.cashReceived === 0);
  const data = summary.months.map((m) => ({ ...m, label: m.month.replace('-', '/') }));
  const chartProps = { h: 220, data, dataKey: 'label', tickLine: 'none', gridAxis: 'y' } as const;
  const counts = (name: 'sitesCreated' | 'companies' | 'paidPlans') =>
    countChartProps(lang, seriesValues(data, [name]));
  const yen = (n: number) => compactYen(n, lang);
  const lastMonth = summary.months.at(-1)?.month.replace('-', '/') ?? '';
  return (
    <Stack gap="lg">
      {/* Money first (MRR, ARR and, apart, the cash received), then the counts. */}
      <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm">
        <Stat
          id="mrr"
          label={t('summary.cards.mrr')}
          value={yen(summary.totals.mrr)}
          note={formatYen(summary.totals.mrr, lang)}
        />
        <Stat
          id="arr"
          label={t('summary.cards.arr')}
          value={yen(summary.totals.arr)}
          note={formatYen(summary.totals.arr, lang)}
        />
        <Stat
          id="cash"
          label={t('summary.cards.cash')}
          value={yen(summary.totals.cashReceived)}
          note={t('summary.cards.cashNote', { amount: formatYen(summary.totals.cashReceived, lang) })}
        />
        <Stat id="paid-plans" label={t('summary.cards.paidPlans')} value={count(summary.totals.paidPlans)} />
        <Stat id="companies" label={t('summary.cards.companies')} value={count(summary.totals.companies)} />
        <Stat
          id="sites"
          label={t('summary.cards.sites')}
          value={count(sitesCreated)}
          note={t('summary.cards.sitesTotal', { total: count(summary.totals.sites) })}
        />
      </SimpleGrid>
      <Stack gap={4} data-testid="summary-definitions">
        <Text size="xs" c="dimmed">
          {t('summary.lastMonthNote', { month: lastMonth })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('summary.mrrDefinition')}
        </Text>
      </Stack>
      {empty ? (
        <Alert variant="light" data-testid="summary-empty">
          {t('summary.empty')}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Chart title={t('summary.charts.mrr')} testId="summary-chart-mrr">
              <LineChart
                {...chartProps}
                series={[
                  { name: 'mrr', label: t('summary.cards.mrr'), color: 'indigo.6' },
                  { name: 'cashReceived', label: t('summary.cards.cash'), color: 'teal.6' },
                ]}
                valueFormatter={yen}
                yAxisProps={{ width: 72 }}
                withLegend
                curveType="linear"
              />
            </Chart>
            <Chart title={t('summary.charts.sitesCreated')} testId="summary-chart-sites">
              <BarChart
                {...chartProps}
                {...counts('sitesCreated')}
                series={[{ name: 'sitesCreated', label: t('summary.charts.sitesCreated'), color: 'teal.6' }]}
              />
            </Chart>
            <Chart title={t('summary.charts.companies')} testId="summary-chart-companies">
              <LineChart
                {...chartProps}
                {...counts('companies')}
                series={[{ name: 'companies', label: t('summary.charts.companies'), color: 'grape.6' }]}
                curveType="monotone"
              />
            </Chart>
            <Chart title={t('summary.charts.paidPlans')} testId="summary-chart-paid-plans">
              <BarChart
                {...chartProps}
                {...counts('paidPlans')}
                series={[{ name: 'paidPlans', label: t('summary.charts.paidPlans'), color: 'orange.6' }]}
              />
            </Chart>
          </SimpleGrid>
          <Chart title={t('summary.plans.title')} testId="summary-plans">
            {summary.plans.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('summary.plans.none')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={280}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('summary.plans.plan')}</Table.Th>
                      <Table.Th ta="right">{t('summary.plans.count')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {summary.plans.map((p) => (
                      <Table.Tr key={p.name}>
                        <Table.Td>{p.name}</Table.Td>
                        <Table.Td ta="right">{count(p.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Chart>
        </>
      )}
    </Stack>
  );
}
