import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { TEnvelope } from './api-client';
import { PAGE_SIZES } from './list-footer';
import { pendingNavigation } from './pending-navigation';

/**
 * The filters, sort and page of a paged list, kept in the address (?keyword=&status=&sort=
 * &order=&page=&size=) so that reload, back and a shared link show the same rows.
 *
 *   export const siteListQuery = defineListQuery(ZListSitesQuery.omit({ accountId: true }));
 *   const list = useListQuery(siteListQuery, {
 *     queryKey: (query) => siteKeys.list(query),
 *     queryFn: (query, signal) => sitesApi.list(query, { signal }),
 *   });
 *   // list.query, list.rows, list.total, list.update({ status }), list.clear() ... then <ListPage list={list} />
 *
 * The contract's query schema says what each value may be: a value it refuses (hand-edited
 * address, old link) falls back to the default instead of reaching the server, a keyword is cut
 * to the length it allows, and the page size is one the footer offers. Fields other than
 * page, pageSize, sort and order are filters. Search params the list does not own are kept.
 */

/** What every list query has. */
export type TPaged = { page: number; pageSize: number };
type TSorted = { sort: string; order: 'asc' | 'desc' };

/** A list's query: parsing from and writing to the address, with its defaults. */
export type TListQueryDef<Q extends TPaged> = {
  readonly defaults: Q;
  /** The filter fields (what "clear filters" empties and what makes a list "filtered"). */
  readonly filterKeys: readonly (keyof Q & string)[];
  /** The longest keyword the schema accepts, for the search box. */
  readonly keywordMax?: number;
  parse(params: URLSearchParams): Q;
  /** The address form: defaults are left out; `base`'s other params are kept. */
  toParams(query: Q, base?: URLSearchParams): URLSearchParams;
};

/** The query type of a definition: `TListQuery<typeof siteListQuery>`. */
export type TListQuery<D> = D extends TListQueryDef<infer Q> ? Q : never;

/** Address names that differ from the field (short links, and what earlier links used). */
const PARAM_NAMES: Record<string, string> = { pageSize: 'size' };
const NOT_FILTERS = new Set(['page', 'pageSize', 'sort', 'order']);
const paramName = (key: string) => PARAM_NAMES[key] ?? key;

/** The string schema under optional/default wrappers, to learn its maximum length. */
function maxLengthOf(field: z.ZodType): number | undefined {
  let inner: z.ZodType = field;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
}

function readField(field: z.ZodType, raw: string | undefined): unknown {
  const fallback = field.safeParse(undefined).data;
  if (raw === undefined || raw.trim() === '') return fallback;
  let parsed = field.safeParse(raw);
  const max = maxLengthOf(field);
  // A keyword longer than the server takes is cut rather than dropped, as the search box does.
  if (!parsed.success && max !== undefined) parsed = field.safeParse(raw.trim().slice(0, max));
  if (!parsed.success || parsed.data === '') return fallback;
  return parsed.data;
}

/** A list's query from its contract schema (an object with page and pageSize defaults). */
export function defineListQuery<Q extends TPaged>(
  schema: z.ZodObject<z.ZodRawShape> & z.ZodType<Q, unknown>,
): TListQueryDef<Q> {
  const fields = Object.entries(schema.shape) as [keyof Q & string, z.ZodType][];
  const defaults = Object.fromEntries(fields.map(([key, field]) => [key, readField(field, undefined)])) as Q;
  const keyword = fields.find(([key]) => key === 'keyword');
  return {
    defaults,
    filterKeys: fields.map(([key]) => key).filter((key) => !NOT_FILTERS.has(key)),
    keywordMax: keyword ? maxLengthOf(keyword[1]) : undefined,
    parse(params) {
      const query = Object.fromEntries(
        fields.map(([key, field]) => [key, readField(field, params.get(paramName(key)) ?? undefined)]),
      ) as Q;
      if (!(PAGE_SIZES as readonly number[]).includes(query.pageSize)) query.pageSize = defaults.pageSize;
      return query;
    },
    toParams(query, base) {
      const params = new URLSearchParams(base);
      for (const [key] of fields) {
        params.delete(paramName(key));
        const value = query[key];
        if (value !== undefined && value !== null && value !== '' && value !== defaults[key])
          params.set(paramName(key), String(value));
      }
      return params;
    },
  };
}

/** A filter or sort change starts again at page 1; paging keeps everything else. */
export function withFilter<Q extends TPaged>(query: Q, patch: Partial<Q>): Q {
  const pagingOnly = Object.keys(patch).every((key) => key === 'page');
  return { ...query, ...patch, page: pagingOnly ? (patch.page ?? query.page) : 1 };
}

/** Whether the visitor narrowed the list (a scope from the path is not a filter). */
export function isFiltered<Q extends TPaged>(def: TListQueryDef<Q>, query: Q): boolean {
  return def.filterKeys.some((key) => query[key] !== def.defaults[key]);
}

/** Every filter back to its default, on page 1; the sort and page size stay. */
export function clearFilters<Q extends TPaged>(def: TListQueryDef<Q>, query: Q): Q {
  const cleared: Partial<Q> = {};
  for (const key of def.filterKeys) cleared[key] = def.defaults[key];
  return withFilter(query, cleared);
}

/** Clicking a column header: the same column flips the order, a new one starts ascending. */
export function toggleSort<Q extends TPaged & TSorted>(query: Q, sort: Q['sort']): Q {
  const order = query.sort === sort ? (query.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return withFilter(query, { sort, order } as Partial<Q>);
}

/**
 * A page past the end (a delete took the last row of the last page, or an old link) moves back
 * to the last page; the same object when nothing changes.
 */
export function clampPage<Q extends TPaged>(query: Q, total: number): Q {
  const last = Math.max(1, Math.ceil(total / query.pageSize));
  return query.page > last ? { ...query, page: last } : query;
}

/** The same filters (and sort) for a CSV export, without paging. */
export function withoutPaging<Q extends TPaged>(query: Q): Omit<Q, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return rest;
}

/** A real calendar day as YYYY-MM-DD (what day filters accept), else undefined. */
export function calendarDay(raw: string | null | undefined): string | undefined {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const time = Date.parse(`${raw}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(raw) ? raw : undefined;
}

/** Whether a day range runs backwards (nothing can match it). */
export const isRangeReversed = (range: { from?: string; to?: string }) =>
  Boolean(range.from && range.to && range.from > range.to);

/** What `useListQuery` needs to fetch a page of rows. */
export type TListSource<Q, Row> = {
  queryKey: (query: Q) => QueryKey;
  queryFn: (query: Q, signal: AbortSignal) => Promise<TEnvelope<Row[]>>;
  /** False while the list cannot be asked for (an unknown site or account). */
  enabled?: boolean;
};

/** One list's state: the query in the address, the fetched page and what changes them. */
export type TListState<Q extends TPaged, Row> = {
  def: TListQueryDef<Q>;
  query: Q;
  result: UseQueryResult<TEnvelope<Row[]>>;
  rows: Row[];
  total: number;
  filtered: boolean;
  /** Changes filters or sort (back to page 1) or the page alone; `replace` skips a history entry. */
  update: (patch: Partial<Q>, options?: { replace?: boolean }) => void;
  /** Clears every filter (not the sort). */
  clear: () => void;
  /** Sorts by a column: a given order, or the next one for that column. */
  sortBy: (sort: string, order?: 'asc' | 'desc') => void;
};

/** The list's query from the address, its rows from the API, and the page kept in range. */
export function useListQuery<Q extends TPaged, Row>(
  def: TListQueryDef<Q>,
  source: TListSource<Q, Row>,
): TListState<Q, Row> {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => def.parse(params), [def, params]);
  // Every change starts from the address as it is now. The router renders a navigation in a
  // transition, so `query` (and the params React Router hands to a functional update) can still
  // be the previous address: a filter chosen right after "clear filters" would bring the cleared
  // ones back.
  // A change that settles after the person left the list (a debounced search, then a click on a
  // row) is dropped: it would take them back to the list.
  const { pathname } = useLocation();
  const set = (next: (current: Q) => Q, replace = false) => {
    const going = pendingNavigation();
    if (window.location.pathname !== pathname || (going !== null && going !== pathname)) return;
    const current = new URLSearchParams(window.location.search);
    setParams(def.toParams(next(def.parse(current)), current), { replace, preventScrollReset: true });
  };

  const result = useQuery({
    queryKey: source.queryKey(query),
    queryFn: ({ signal }) => source.queryFn(query, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    enabled: source.enabled ?? true,
  });
  const total = result.data?.meta?.total ?? 0;

  // Only a settled answer says where the end is: a placeholder is the previous query's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the settled total only
  useEffect(() => {
    if (!result.data || result.isPlaceholderData) return;
    // Only while the address still shows the query this total is for.
    const current = def.parse(new URLSearchParams(window.location.search));
    if (JSON.stringify(current) !== JSON.stringify(query)) return;
    if (clampPage(query, total) !== query) set(() => clampPage(query, total), true);
  }, [result.data, result.isPlaceholderData]);

  return {
    def,
    query,
    result,
    rows: result.data?.data ?? [],
    total,
    filtered: isFiltered(def, query),
    update: (patch, options) => set((current) => withFilter(current, patch), options?.replace),
    clear: () => set((current) => clearFilters(def, current)),
    sortBy: (sort, order) =>
      set((current) => {
        // Only lists whose schema has sort and order show sortable headers.
        const sorted = current as unknown as TPaged & TSorted;
        return (order ? withFilter(sorted, { sort, order }) : toggleSort(sorted, sort)) as unknown as Q;
      }),
  };
}
