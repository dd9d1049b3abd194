import { CONTRACT_STATUSES, type TContractStatus } from '@swipe/contracts/roles';
import {
  type TUserKind,
  type TUserListQuery,
  USER_KINDS,
  USER_PLAN_FILTERS,
  USER_SORTS,
} from '@swipe/contracts/users';

// The user list keeps its filters in the URL (?keyword=&plan=&status=&kind=&sort=&order=&page=&size=)
// so that reload, back and a shared link show the same rows. Unknown values are dropped, not sent.

export { PAGE_SIZES } from '../../app/list-footer';

import { PAGE_SIZES } from '../../app/list-footer';
export const DEFAULT_LIST_QUERY: TUserListQuery = {
  sort: 'createdAt',
  order: 'desc',
  page: 1,
  pageSize: 20,
};

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

const positiveInt = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
};

export function parseListQuery(params: URLSearchParams): TUserListQuery {
  const keyword = params.get('keyword')?.trim().slice(0, 256) || undefined;
  const size = positiveInt(params.get('size'));
  return {
    keyword,
    plan: oneOf(USER_PLAN_FILTERS, params.get('plan')),
    status: oneOf<TContractStatus>(CONTRACT_STATUSES, params.get('status')),
    kind: oneOf<TUserKind>(USER_KINDS, params.get('kind')),
    sort: oneOf(USER_SORTS, params.get('sort')) ?? DEFAULT_LIST_QUERY.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_LIST_QUERY.order,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_QUERY.pageSize,
  };
}

/** The URL form of a query: defaults are left out so a plain visit keeps a clean address. */
export function listQueryToParams(query: TUserListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.plan) params.set('plan', query.plan);
  if (query.status) params.set('status', query.status);
  if (query.kind) params.set('kind', query.kind);
  if (query.sort !== DEFAULT_LIST_QUERY.sort) params.set('sort', query.sort);
  if (query.order !== DEFAULT_LIST_QUERY.order) params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_LIST_QUERY.pageSize) params.set('size', String(query.pageSize));
  return params;
}

/** A filter change starts again at page 1; paging keeps everything else. */
export function withFilter(query: TUserListQuery, patch: Partial<TUserListQuery>): TUserListQuery {
  const pagingOnly = Object.keys(patch).every((k) => k === 'page');
  return { ...query, ...patch, page: pagingOnly ? (patch.page ?? query.page) : 1 };
}

/** Clicking a column header: the same column flips the order, a new one starts ascending. */
export function toggleSort(query: TUserListQuery, sort: TUserListQuery['sort']): TUserListQuery {
  const order = query.sort === sort ? (query.order === 'asc' ? 'desc' : 'asc') : 'asc';
  return withFilter(query, { sort, order });
}

/** The same filters for the CSV export (no paging). */
export function exportQueryOf(query: TUserListQuery): Omit<TUserListQuery, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return rest;
}
