import type { TListSitesQuery } from '@swipe/contracts/site-api';
import { SITE_STATUSES, type TSiteStatus } from '@swipe/contracts/sites';

// The site list keeps its filters in the URL (?keyword=&status=&page=&size=) so that reload,
// back and a shared link show the same rows. The account of /site/list/:accountId comes from
// the path, not the query. Unknown values are dropped, not sent.

export { PAGE_SIZES } from '../../app/list-footer';

import { PAGE_SIZES } from '../../app/list-footer';
export const DEFAULT_PAGE_SIZE = 20;
/** The server caps keywords at 100 characters (ZListSitesQuery). */
export const KEYWORD_MAX = 100;

export type TSiteListQuery = Required<Pick<TListSitesQuery, 'page' | 'pageSize'>> &
  Pick<TListSitesQuery, 'keyword' | 'status' | 'accountId'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account id as the API accepts it; anything else in the path is not an account. */
export const isAccountId = (value: string | undefined): value is string => !!value && UUID.test(value);

const positiveInt = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
};

export function parseListQuery(params: URLSearchParams, accountId?: string): TSiteListQuery {
  const keyword = params.get('keyword')?.trim().slice(0, KEYWORD_MAX).trim() || undefined;
  const rawStatus = params.get('status');
  const size = positiveInt(params.get('size'));
  return {
    keyword,
    status: (SITE_STATUSES as readonly string[]).includes(rawStatus ?? '')
      ? (rawStatus as TSiteStatus)
      : undefined,
    accountId: isAccountId(accountId) ? accountId.toLowerCase() : undefined,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The URL form of a query: defaults are left out so a plain visit keeps a clean address. */
export function listQueryToParams(query: TSiteListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.status) params.set('status', query.status);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(query.pageSize));
  return params;
}

/** A filter change starts again at page 1; paging keeps everything else. */
export function withFilter(query: TSiteListQuery, patch: Partial<TSiteListQuery>): TSiteListQuery {
  const pagingOnly = Object.keys(patch).every((k) => k === 'page');
  return { ...query, ...patch, page: pagingOnly ? (patch.page ?? query.page) : 1 };
}

/** Whether the visitor narrowed the list (the account of the path is a scope, not a filter). */
export const isFiltered = (query: TSiteListQuery) => Boolean(query.keyword || query.status);

/** The same filters for the CSV export (no paging). */
export function exportQueryOf(query: TSiteListQuery): Omit<TSiteListQuery, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return rest;
}

/**
 * After a delete the total shrinks: a page past the new end (the last row of the last page went)
 * moves back to the new last page instead of showing an empty page.
 */
export function clampPage(query: TSiteListQuery, total: number): TSiteListQuery {
  const last = Math.max(1, Math.ceil(total / query.pageSize));
  return query.page > last ? { ...query, page: last } : query;
}
