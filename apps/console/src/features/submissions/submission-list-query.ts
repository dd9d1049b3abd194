import { DEFAULT_PAGE_SIZE, KEYWORD_MAX, PAGE_SIZES } from '../sites/site-list-query';

// The member, contact and form lists keep their filters in the address (?keyword=&from=&to=
// &page=&size=), like the site list, so reload, back and a shared link show the same rows.
// Dates are JST calendar days (YYYY-MM-DD), both ends included; unknown values are dropped.

export { KEYWORD_MAX, PAGE_SIZES };

export type TSubmissionQuery = {
  keyword?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
};

/** A real calendar day as YYYY-MM-DD (what the server accepts), else undefined. */
export function calendarDay(raw: string | null | undefined): string | undefined {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const time = Date.parse(`${raw}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(raw) ? raw : undefined;
}

const positiveInt = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
};

export function parseSubmissionQuery(params: URLSearchParams): TSubmissionQuery {
  const size = positiveInt(params.get('size'));
  return {
    keyword: params.get('keyword')?.trim().slice(0, KEYWORD_MAX).trim() || undefined,
    from: calendarDay(params.get('from')),
    to: calendarDay(params.get('to')),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The address form of a query: defaults are left out so a plain visit keeps a clean address. */
export function submissionQueryToParams(query: TSubmissionQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(query.pageSize));
  return params;
}

/** A filter change starts again at page 1; paging keeps everything else. */
export function withSubmissionFilter(
  query: TSubmissionQuery,
  patch: Partial<TSubmissionQuery>,
): TSubmissionQuery {
  const pagingOnly = Object.keys(patch).every((k) => k === 'page');
  return { ...query, ...patch, page: pagingOnly ? (patch.page ?? query.page) : 1 };
}

export const isSubmissionFiltered = (query: TSubmissionQuery) =>
  Boolean(query.keyword || query.from || query.to);

/** Whether the range runs backwards (nothing can match it). */
export const isRangeReversed = (query: Pick<TSubmissionQuery, 'from' | 'to'>) =>
  Boolean(query.from && query.to && query.from > query.to);

/** The same filters for the CSV export (no paging). */
export function submissionExportQuery(query: TSubmissionQuery): Omit<TSubmissionQuery, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return rest;
}

/** After a delete the total shrinks: a page past the new end moves back to the new last page. */
export function clampSubmissionPage(query: TSubmissionQuery, total: number): TSubmissionQuery {
  const last = Math.max(1, Math.ceil(total / query.pageSize));
  return query.page > last ? { ...query, page: last } : query;
}
