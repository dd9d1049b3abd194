import { Box, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type TEnvelope } from './api-client';
import { ListSearchInput, ListSortSelect, type TSortableList, useListKeyword } from './list-controls';
import { ListFooter } from './list-footer';
import { columnSorts, ListRows, type TListRowsDef } from './list-rows';
import { notifyError } from './notify';
import type { TListState, TPaged } from './use-list-query';

export { ListCards, ListTable } from './list-rows';

/**
 * The body of a paged list page, around the state of `useListQuery`: the filter bar (a search
 * box over `keyword` plus the `filters` given, and "clear filters"), then a skeleton while the
 * first page loads, the error with a retry, the empty state ("nothing yet", when nothing was
 * filtered) or the no-match state (with "clear filters"), the rows as a table on wide screens
 * or as cards on a phone, and the footer with the range, page size and pages. The page puts
 * its heading (with `ListExportButton`) above it. The rows are declared by their columns
 * (`rows`, see list-rows.tsx), which draw both the table and the cards; a list not moved onto
 * columns yet renders its own `table` and `cards` (framed by `ListTable` and `ListCards`).
 *
 * Test ids, from `testId`: `${testId}-search`, `${testId}-filter-clear`, `${testId}-list-loading`,
 * `${testId}-list-error`, `${testId}-list-empty`, `${testId}-list-no-results`,
 * `empty-clear-filters`, `${testId}-sort`, and the footer's (see `ListFooter`).
 */

/** Where a table stops fitting: phones get cards. */
export const PHONE_MEDIA = '(max-width: 48em)';

/**
 * Whether a list shows its rows as a table: only while the element `ref` is put on (the list's
 * card) is at least `minWidth` wide, so no column (a status, an action) is ever scrolled out of
 * view; a narrower card (a phone, a narrow window) shows cards. Until the card is measured, the
 * phone media query decides. Without `minWidth`, the media query alone decides.
 */
export function useTableFits(minWidth?: number) {
  const phone = Boolean(useMediaQuery(PHONE_MEDIA));
  const { ref, width } = useElementSize();
  const table = minWidth !== undefined && width > 0 ? width >= minWidth : !phone;
  return { ref, table, phone };
}

type TEmpty = { title: string; body: string };

export type TListPageProps<Q extends TPaged, Row> = {
  list: TListState<Q, Row>;
  testId: string;
  /** The search box's hint; the list has no search box without it. */
  searchPlaceholder?: string;
  /** More filter controls, after the search box (see list-controls.tsx). */
  filters?: ReactNode;
  /** A line under the filter bar (what the filters mean). */
  filterNote?: ReactNode;
  /** The columns a phone may sort by, where the table's headers are not shown. */
  sorts?: readonly { value: string; label: string }[];
  /** The rows by their columns: the table and the cards (and the phone's sorts) from them. */
  rows?: TListRowsDef<Row>;
  table?: (rows: Row[]) => ReactNode;
  cards?: (rows: Row[]) => ReactNode;
  /**
   * The width the table needs to show every column: a narrower card shows the cards instead
   * (useTableFits). Without it, phones get cards and the table scrolls sideways in its card.
   * Lists declared by `rows` take it from there.
   */
  tableMinWidth?: number;
  /** Nothing there yet: what will appear here, and how to add the first one. */
  empty: TEmpty & { icon: ReactNode; action?: ReactNode };
  /** Nothing matches the filters (defaults to the common texts). */
  noMatch?: TEmpty;
  /** Ids that predate the `${testId}-...` pattern and that journeys still use. */
  testIds?: { clearFilters?: string; noMatch?: string };
};

export function ListPage<Q extends TPaged, Row>(props: TListPageProps<Q, Row>) {
  const { t } = useTranslation();
  const fits = useTableFits(props.rows?.tableMinWidth ?? props.tableMinWidth);
  const { phone } = fits;
  const { list, testId } = props;
  const { result, rows, total, filtered } = list;
  const keyword = (list.query as { keyword?: string }).keyword;
  const update = list.update as (
    patch: Partial<TPaged & { keyword?: string }>,
    o?: { replace?: boolean },
  ) => void;
  const search = useListKeyword(
    keyword,
    (next) => update({ keyword: next }, { replace: true }),
    list.def.keywordMax,
  );
  const clear = () => {
    search.clear();
    list.clear();
  };
  // With nothing there at all there is nothing to search: the empty state stands alone.
  const nothingYet = Boolean(result.data) && !result.isPlaceholderData && total === 0 && !filtered;
  const sorted = list.query as unknown as { sort: string; order: 'asc' | 'desc' };
  const sorts = props.sorts ?? (props.rows ? columnSorts(props.rows.columns) : []);

  const body = result.isPending ? (
    <ListSkeleton testId={`${testId}-list-loading`} />
  ) : result.isError && !result.data ? (
    <Stack align="center" py={48} gap="xs" role="alert" data-testid={`${testId}-list-error`}>
      <Text c="dimmed">{t('list.loadFailed')}</Text>
      <Button variant="light" onClick={() => void result.refetch()}>
        {t('list.retry')}
      </Button>
    </Stack>
  ) : rows.length === 0 ? (
    filtered ? (
      <EmptyState
        icon={<IconFilterOff size={26} stroke={1.5} />}
        muted
        {...(props.noMatch ?? { title: t('list.noMatchTitle'), body: t('list.noMatchBody') })}
        action={
          <Button
            variant="light"
            mt="xs"
            leftSection={<IconFilterOff size={16} />}
            onClick={clear}
            data-testid="empty-clear-filters"
          >
            {t('list.clearFilters')}
          </Button>
        }
        testId={props.testIds?.noMatch ?? `${testId}-list-no-results`}
      />
    ) : (
      <EmptyState {...props.empty} testId={`${testId}-list-empty`} />
    )
  ) : (
    <Box
      style={{ opacity: result.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
      aria-busy={result.isFetching}
    >
      {props.rows ? (
        <ListRows
          def={props.rows}
          rows={rows}
          table={fits.table}
          sort={'sort' in list.query ? (list as unknown as TSortableList) : undefined}
        />
      ) : fits.table ? (
        props.table?.(rows)
      ) : (
        props.cards?.(rows)
      )}
    </Box>
  );

  return (
    <Card p={0} ref={fits.ref} data-list-layout={fits.table ? 'table' : 'cards'}>
      <Box
        p="md"
        role="search"
        aria-label={t('list.filters')}
        display={nothingYet ? 'none' : undefined}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="sm" align="flex-start" wrap="wrap">
          {props.searchPlaceholder !== undefined && (
            <ListSearchInput
              text={search.text}
              setText={search.setText}
              placeholder={props.searchPlaceholder}
              maxLength={list.def.keywordMax}
              testId={`${testId}-search`}
            />
          )}
          {props.filters}
          {filtered && (
            <Button
              size="sm"
              variant="subtle"
              color="gray"
              // Level with the inputs under their labels.
              mt={25}
              leftSection={<IconFilterOff size={16} />}
              onClick={clear}
              data-testid={props.testIds?.clearFilters ?? `${testId}-filter-clear`}
            >
              {t('list.clearFilters')}
            </Button>
          )}
        </Group>
        {props.filterNote && (
          <Text size="xs" c="dimmed" mt={6}>
            {props.filterNote}
          </Text>
        )}
        {!fits.table && sorts.length > 0 && (
          <ListSortSelect
            sort={sorted.sort}
            order={sorted.order}
            sorts={sorts}
            onChange={list.sortBy}
            testId={`${testId}-sort`}
          />
        )}
      </Box>

      {body}

      {total > 0 && (
        <ListFooter
          page={list.query.page}
          pageSize={list.query.pageSize}
          total={total}
          compact={phone}
          onPage={(page) => update({ page })}
          onPageSize={(pageSize) => update({ pageSize })}
          testId={testId}
        />
      )}
    </Card>
  );
}

/**
 * A whole list on one card, fetched at once (no paging, no filters): a heading with its count
 * and an action (shown once there is a row; the empty state offers it before), a skeleton while
 * it loads, the error with a retry, the empty state, then the rows by their columns (a table,
 * or cards where the card is narrower than the table needs).
 *
 * Test ids, from `testId`: `${testId}-count`, `${testId}-loading`, `${testId}-error`,
 * `${testId}-empty`.
 */
export function QueryList<Row>(props: {
  result: UseQueryResult<TEnvelope<Row[]>>;
  rows: TListRowsDef<Row>;
  testId: string;
  /** The heading, from the number of rows. */
  count: (count: number) => string;
  action?: ReactNode;
  loadFailed: string;
  retry: string;
  empty: TEmpty & { icon: ReactNode; action?: ReactNode };
  /** What goes with the list (its modals). */
  children?: ReactNode;
}) {
  const { result, testId } = props;
  const fits = useTableFits(props.rows.tableMinWidth);
  const rows = result.data?.data ?? [];
  return (
    <Card p={0} ref={fits.ref} data-list-layout={fits.table ? 'table' : 'cards'}>
      <Group justify="space-between" p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={600} component="h2" m={0} fz="md" data-testid={`${testId}-count`}>
          {result.data ? props.count(rows.length) : '\u00a0'}
        </Text>
        {rows.length > 0 && props.action}
      </Group>
      {result.isPending ? (
        <Stack p="md" gap="sm" data-testid={`${testId}-loading`} aria-busy="true" role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} radius="sm" />
          ))}
        </Stack>
      ) : result.isError && !result.data ? (
        <Stack align="center" py={48} gap="xs" role="alert" data-testid={`${testId}-error`}>
          <Text c="dimmed">{props.loadFailed}</Text>
          <Button variant="light" onClick={() => void result.refetch()}>
            {props.retry}
          </Button>
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState {...props.empty} testId={`${testId}-empty`} />
      ) : (
        <ListRows def={props.rows} rows={rows} table={fits.table} />
      )}
      {props.children}
    </Card>
  );
}

function ListSkeleton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const widths = ['24%', '12%', '8%', '14%', '16%', '12%'];
  return (
    <Stack gap="md" p="md" data-testid={testId} aria-busy="true" role="status">
      <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Group key={i} gap="md" wrap="nowrap">
          {widths.map((width, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={j} height={14} width={width} radius="sm" />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

function EmptyState(
  props: TEmpty & { icon: ReactNode; action?: ReactNode; muted?: boolean; testId: string },
) {
  return (
    <Stack align="center" gap="xs" py={56} px="md" data-testid={props.testId}>
      <ThemeIcon size={52} radius="xl" variant="light" color={props.muted ? 'gray' : 'brand'}>
        {props.icon}
      </ThemeIcon>
      <Text fw={600} mt={4}>
        {props.title}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {props.body}
      </Text>
      {props.action}
    </Stack>
  );
}

/** "Export CSV" for a list's heading: saves what `onExport` downloads, or says why it could not. */
export function ListExportButton(props: {
  onExport: () => Promise<unknown>;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const exporting = useMutation({
    mutationFn: props.onExport,
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('list.exportFailed')),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} stroke={1.7} />}
      loading={exporting.isPending}
      disabled={props.disabled}
      onClick={() => exporting.mutate()}
      data-testid={props.testId}
    >
      {t('list.export')}
    </Button>
  );
}
