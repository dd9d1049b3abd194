import { Box, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListSortHeader, type TSortableList } from './list-controls';
import classes from './list-page.module.css';

/**
 * A list declared once, by its columns: `ListRows` draws the rows as a table (wide screens) or
 * as one card per row (a phone) from the same definitions, so the two never drift apart.
 *
 *   const columns: TListColumn<TCampaign>[] = [
 *     { key: 'name', header: t('campaigns.columns.name'), cell: (c) => <Name c={c} />, card: 'title' },
 *     { key: 'status', header: t('campaigns.columns.status'), cell: badge, card: 'badge' },
 *     { key: 'actions', header: t('campaigns.columns.actions'), cell: actions, card: 'actions' },
 *   ];
 *
 * A card puts its columns by their role: the titles and subtitles at the top left, the aside
 * (an amount) at the top right, then the body (a block, such as answers), the badges (on one
 * line) and the meta lines (small grey text), and the
 * actions in a row at the bottom; a lead (an image) stands left of all of it. A card without
 * an aside keeps its actions at the top right, beside everything else (unless
 * `cardActionsBelow`).
 */

/** Where a column shows on a phone's card (a column without one is left off the card). */
export type TCardRole = 'lead' | 'title' | 'subtitle' | 'aside' | 'body' | 'badge' | 'meta' | 'actions';

export type TListColumn<Row> = {
  key: string;
  /** The table header, and the phone's sort choice for a sortable column. */
  header: string;
  /** The header is only read out (an actions column). */
  headerHidden?: boolean;
  /** A second, quieter part of the header (" / languages": what the cell's second line is). */
  headerNote?: string;
  cell: (row: Row) => ReactNode;
  /** The list's sort value for this column: its header sorts (needs `sort` on ListRows). */
  sort?: string;
  align?: 'right';
  nowrap?: boolean;
  miw?: number;
  maw?: number;
  /** The column's width in the table. */
  w?: number;
  /** The cell's test id, in the table and on the card. */
  testId?: string;
  card?: TCardRole;
  /** What the card shows instead of `cell` (a shorter line, labelled buttons). */
  cardCell?: (row: Row) => ReactNode;
  /** Only on the card (a line that puts several of the table's columns together). */
  cardOnly?: boolean;
};

export type TListRowsDef<Row> = {
  columns: readonly TListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** The test id of each row, table row or card. */
  rowTestId: string;
  /** More props of each row (data-status, a background), on the table row and on the card. */
  rowAttrs?: (row: Row) => Record<string, string | number | boolean | undefined>;
  /**
   * The width the table needs for every column: a narrower card shows cards (useTableFits).
   * Without it, phones get cards.
   */
  tableMinWidth?: number;
  /**
   * For a list that keeps its table on anything wider than a phone: the width below which the
   * table scrolls sideways in its card (instead of `tableMinWidth`).
   */
  scrollMinWidth?: number;
  /**
   * Where a row leads: a click anywhere on the table row goes there (its own links and buttons
   * do what they do), and the whole card is a link (unless `cardLink` is false: a card with a
   * link of its own).
   */
  rowHref?: (row: Row) => string;
  cardLink?: boolean;
  /** What a click on a row does (opens its details): anywhere on the table row, the whole card. */
  onRowClick?: (row: Row) => void;
  /** A card's actions go in a row at its bottom even without an aside. */
  cardActionsBelow?: boolean;
  /** The table's cells sit at the top of their row (cells of very different heights). */
  alignTop?: boolean;
  /** The table's test id. */
  tableTestId?: string;
};

/** The phone's sort choices: the sortable columns. */
export function columnSorts<Row>(columns: readonly TListColumn<Row>[]) {
  return columns.flatMap((c) => (c.sort && !c.cardOnly ? [{ value: c.sort, label: c.header }] : []));
}

const NOWRAP = { whiteSpace: 'nowrap' as const };
const TOP = { verticalAlign: 'top' as const };

export function ListRows<Row>(props: {
  def: TListRowsDef<Row>;
  rows: readonly Row[];
  /** A table, or else cards. */
  table: boolean;
  /** The list's sort, for the sortable headers. */
  sort?: TSortableList;
}) {
  return props.table ? <RowsTable {...props} /> : <RowsCards {...props} />;
}

function RowsTable<Row>({
  def,
  rows,
  sort,
}: {
  def: TListRowsDef<Row>;
  rows: readonly Row[];
  sort?: TSortableList;
}) {
  const navigate = useNavigate();
  const href = def.rowHref;
  const columns = def.columns.filter((c) => !c.cardOnly);
  return (
    <ListTable
      minWidth={def.tableMinWidth ?? def.scrollMinWidth ?? 0}
      testId={def.tableTestId}
      head={columns.map((c) =>
        c.sort && sort ? (
          <ListSortHeader key={c.key} list={sort} column={c.sort} label={c.header} />
        ) : (
          <Table.Th key={c.key} ta={c.align} w={c.w}>
            {c.headerHidden ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
            {c.headerNote && (
              <Text span inherit c="dimmed" fw={500}>
                {' / '}
                {c.headerNote}
              </Text>
            )}
          </Table.Th>
        ),
      )}
    >
      {rows.map((row) => (
        <Table.Tr
          key={def.rowKey(row)}
          data-testid={def.rowTestId}
          {...def.rowAttrs?.(row)}
          style={href || def.onRowClick ? { cursor: 'pointer' } : undefined}
          onClick={
            href
              ? (e) => {
                  // The link itself navigates; a click elsewhere on the row does the same.
                  if ((e.target as HTMLElement).closest('a,button,input,select')) return;
                  void navigate(href(row));
                }
              : def.onRowClick && (() => def.onRowClick?.(row))
          }
        >
          {columns.map((c) => (
            <Table.Td
              key={c.key}
              ta={c.align}
              miw={c.miw}
              maw={c.maw}
              style={{ ...(c.nowrap ? NOWRAP : {}), ...(def.alignTop ? TOP : {}) }}
              data-testid={c.testId}
            >
              {c.cell(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function RowsCards<Row>({ def, rows }: { def: TListRowsDef<Row>; rows: readonly Row[] }) {
  const hasAside = def.columns.some((c) => c.card === 'aside');
  const sideActions = !hasAside && !def.cardActionsBelow;
  return (
    <ListCards>
      {rows.map((row) => {
        // What each role shows on this row's card: a cell with nothing to show is left out.
        const parts = (role: TCardRole) =>
          def.columns.flatMap((c) => {
            if (c.card !== role) return [];
            const content = (c.cardCell ?? c.cell)(row);
            return content === null || content === undefined || content === false ? [] : [{ c, content }];
          });
        type TPart = ReturnType<typeof parts>[number];
        const plain = ({ c, content }: TPart) => (
          <Box key={c.key} miw={0} data-testid={c.testId}>
            {content}
          </Box>
        );
        const dimmed = ({ c, content }: TPart) => (
          <Text
            key={c.key}
            component="div"
            size="xs"
            c="dimmed"
            className="break-anywhere"
            data-testid={c.testId}
          >
            {content}
          </Text>
        );
        const badges = parts('badge');
        const details = (
          <>
            {parts('body').map(plain)}
            {badges.length > 0 && (
              <Group gap="xs" wrap="wrap">
                {badges.map(plain)}
              </Group>
            )}
            {parts('meta').map(dimmed)}
          </>
        );
        const actions = parts('actions').map(({ c, content }) => (
          <Group key={c.key} gap={6} wrap={sideActions ? 'nowrap' : 'wrap'} style={{ flexShrink: 0 }}>
            {content}
          </Group>
        ));
        const lead = parts('lead');
        const card = (
          <Stack key="card" gap={8} p="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              {lead.map(({ c, content }) => (
                <Box key={c.key} style={{ flexShrink: 0 }} data-testid={c.testId}>
                  {content}
                </Box>
              ))}
              <Stack gap={hasAside ? 0 : 6} miw={0} style={lead.length > 0 ? { flex: 1 } : undefined}>
                {parts('title').map(plain)}
                {parts('subtitle').map(dimmed)}
                {!hasAside && details}
              </Stack>
              {sideActions && actions}
              {hasAside && (
                <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                  {parts('aside').map(({ c, content }) => (
                    <Box key={c.key} data-testid={c.testId}>
                      {content}
                    </Box>
                  ))}
                </Stack>
              )}
            </Group>
            {hasAside && details}
            {!sideActions && actions}
          </Stack>
        );
        const attrs = { 'data-testid': def.rowTestId, ...def.rowAttrs?.(row) };
        return def.rowHref && def.cardLink !== false ? (
          <UnstyledButton
            key={def.rowKey(row)}
            component={Link}
            to={def.rowHref(row)}
            style={{ display: 'block' }}
            {...attrs}
          >
            {card}
          </UnstyledButton>
        ) : def.onRowClick ? (
          <UnstyledButton
            key={def.rowKey(row)}
            onClick={() => def.onRowClick?.(row)}
            style={{ display: 'block', width: '100%' }}
            {...attrs}
          >
            {card}
          </UnstyledButton>
        ) : (
          <Box key={def.rowKey(row)} {...attrs}>
            {card}
          </Box>
        );
      })}
    </ListCards>
  );
}

/**
 * A list's table: a grey head row, scrolling sideways inside the card below `minWidth` (a list
 * that gives ListPage `tableMinWidth`, or uses useTableFits, shows cards there instead).
 */
export function ListTable(props: {
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={props.minWidth} type="native">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="sm"
        highlightOnHover
        className={classes.table}
        data-testid={props.testId}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr style={{ whiteSpace: 'nowrap' }}>{props.head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone's list: one card per row (each with `p="md"`), a line between them. */
export function ListCards({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0} className={classes.cards}>
      {children}
    </Stack>
  );
}
