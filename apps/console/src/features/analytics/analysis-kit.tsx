import { Alert, Button, Group, Loader, Table } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../app/format';
import { analysisKeys, analyticsApi, type TAnalysisFilters, type TAnalysisName } from './analytics-api';

// What every analysis view shares: its call, the loading, error and "no visits yet" states, the
// number formats and the table of one row per page.

export type TAnalysisViewProps = {
  name: TAnalysisName;
  siteId: string;
  filters: TAnalysisFilters;
  page: string;
  onPage: (page: string) => void;
};

export function useAnalysis<N extends TAnalysisName>(
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
export function Loaded<T>(props: {
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

// --- formatting -------------------------------------------------------------------------------

export function useFormat() {
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

/**
 * A wide table's scrolling frame, reachable by keyboard (arrow keys scroll it) and named for
 * screen readers.
 */
export const scrollFrame = (label: string) => ({
  scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } },
});

/** One row per page: the page, then the given columns (numbers right-aligned). */
export function PageTable<R extends { page: string }>(props: {
  testId: string;
  rowTestId: string;
  rows: R[];
  columns: { label: string; value: (row: R) => ReactNode; text?: boolean }[];
  /** What the table shows, for screen readers. */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760} {...scrollFrame(props.label)}>
      <Table striped highlightOnHover data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('analytics.page')}</Table.Th>
            {props.columns.map((c) => (
              <Table.Th key={c.label} ta={c.text ? undefined : 'right'}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.page} data-testid={`${props.rowTestId}-${row.page}`}>
              <Table.Td fw={600}>{row.page}</Table.Td>
              {props.columns.map((c) => (
                <Table.Td key={c.label} ta={c.text ? undefined : 'right'}>
                  {c.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
