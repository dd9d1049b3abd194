import { CloseButton, NativeSelect, Table, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDay, isRangeReversed } from './use-list-query';

/**
 * The controls of a list's filter bar and table head, for `ListPage`'s `filters` slot and the
 * tables it shows: a select filter with an "all" choice, a JST day range, a sortable column
 * header and the phone's sort select. Each is controlled: pass the query's value and call
 * `list.update({ ... })` on change. The search box lives in `ListPage` itself.
 */

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's text: it types freely, and the address (and so the request) follows once
 * typing pauses; back and forward put the address's keyword back in the box. `clear()` empties
 * it at once (with "clear filters").
 */
export function useListKeyword(
  keyword: string | undefined,
  onSettled: (keyword: string | undefined) => void,
  maxLength?: number,
) {
  const [text, setText] = useState(keyword ?? '');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the settled text only
  useEffect(() => {
    const settled = (maxLength ? debounced.trim().slice(0, maxLength) : debounced).trim() || undefined;
    if (settled !== keyword) onSettled(settled);
  }, [debounced]);
  useEffect(() => {
    setText((prev) => ((prev.trim() || undefined) === keyword ? prev : (keyword ?? '')));
  }, [keyword]);
  return { text, setText, clear: () => setText('') };
}

export function ListSearchInput(props: {
  text: string;
  setText: (text: string) => void;
  placeholder: string;
  maxLength?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const { text, setText } = props;
  return (
    <TextInput
      size="sm"
      style={{ flex: '3 1 240px' }}
      label={t('list.search')}
      placeholder={props.placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={props.maxLength}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={
        text ? <CloseButton size="sm" aria-label={t('list.clearSearch')} onClick={() => setText('')} /> : null
      }
      data-testid={props.testId}
      type="search"
    />
  );
}

/** A filter picking one value, or none ("all ..."). */
export function ListSelectFilter<V extends string>(props: {
  label: string;
  allLabel: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  testId: string;
}) {
  return (
    <NativeSelect
      size="sm"
      style={{ flex: '1 1 160px' }}
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange((e.currentTarget.value || undefined) as V | undefined)}
      data={[{ value: '', label: props.allLabel }, ...props.options]}
      data-testid={props.testId}
    />
  );
}

/** Two JST calendar days, both ends included; a range that runs backwards says so. */
export function ListDateRange(props: {
  from: string | undefined;
  to: string | undefined;
  onChange: (patch: { from?: string | undefined; to?: string | undefined }) => void;
  /** Test ids are `${testId}-from` and `${testId}-to`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const reversed = isRangeReversed(props);
  const input = (which: 'from' | 'to') => (
    <TextInput
      type="date"
      size="sm"
      style={{ flex: '1 1 150px' }}
      label={t(`list.${which}`)}
      value={props[which] ?? ''}
      min={which === 'to' ? props.from : undefined}
      max={which === 'from' ? props.to : undefined}
      error={which === 'to' && reversed ? t('list.rangeReversed') : undefined}
      onChange={(e) => {
        const day = calendarDay(e.currentTarget.value);
        // A half-typed date is not a filter yet; an emptied field clears it.
        if (day || e.currentTarget.value === '') props.onChange({ [which]: day });
      }}
      data-testid={`${props.testId}-${which}`}
    />
  );
  return (
    <>
      {input('from')}
      {input('to')}
    </>
  );
}

/** What a sortable header needs of `useListQuery`'s state (a list whose schema sorts). */
export type TSortableList = {
  query: { sort: string; order: 'asc' | 'desc' };
  sortBy: (sort: string) => void;
};

/** A table header that sorts by its column: the same column again flips the order. */
export function ListSortHeader({
  list,
  column,
  label,
}: {
  list: TSortableList;
  column: string;
  label: string;
}) {
  const { t } = useTranslation();
  const active = list.query.sort === column;
  const Icon = !active ? IconArrowsSort : list.query.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (list.query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => list.sortBy(column)}
        data-testid={`sort-${column}`}
        aria-label={t('list.sortBy', { column: label })}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          font: 'inherit',
          fontWeight: 600,
          whiteSpace: 'nowrap',
        }}
      >
        {label}
        <Icon size={14} stroke={1.8} style={{ opacity: active ? 1 : 0.4 }} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The phone's stand-in for sortable headers: every column in both orders. */
export function ListSortSelect(props: {
  sort: string;
  order: 'asc' | 'desc';
  sorts: readonly { value: string; label: string }[];
  onChange: (sort: string, order: 'asc' | 'desc') => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="sm"
      mt="sm"
      label={t('list.sort')}
      value={`${props.sort}:${props.order}`}
      onChange={(e) => {
        const [sort = '', order] = e.currentTarget.value.split(':');
        props.onChange(sort, order === 'asc' ? 'asc' : 'desc');
      }}
      data={props.sorts.flatMap((s) =>
        (['asc', 'desc'] as const).map((o) => ({
          value: `${s.value}:${o}`,
          label: `${s.label} (${t(`list.${o}`)})`,
        })),
      )}
      data-testid={props.testId}
    />
  );
}
