import { describe, expect, it } from 'vitest';
import { toggleSort, withFilter, withoutPaging } from '../../app/use-list-query';
import { userListQuery } from './user-list-query';

const DEFAULT_LIST_QUERY = { sort: 'createdAt', order: 'desc', page: 1, pageSize: 20 } as const;
const parse = (qs: string) => userListQuery.parse(new URLSearchParams(qs));

describe('user list query in the URL', () => {
  it('reads the defaults from an empty address and writes them back as nothing', () => {
    expect(userListQuery.defaults).toEqual(DEFAULT_LIST_QUERY);
    expect(parse('')).toEqual({
      ...DEFAULT_LIST_QUERY,
      keyword: undefined,
      plan: undefined,
      status: undefined,
      kind: undefined,
    });
    expect(userListQuery.toParams(parse('')).toString()).toBe('');
  });

  it('round-trips every filter, sort and paging value', () => {
    const qs =
      'keyword=hinode&plan=standard&status=SUSPENDED&kind=USER&sort=companyName&order=asc&page=3&size=50';
    const query = parse(qs);
    expect(query).toEqual({
      keyword: 'hinode',
      plan: 'standard',
      status: 'SUSPENDED',
      kind: 'USER',
      sort: 'companyName',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
    expect(parse(userListQuery.toParams(query).toString())).toEqual(query);
    expect(userListQuery.toParams(query).toString()).toBe(qs);
  });

  it('drops values a hand-edited address could carry instead of sending them', () => {
    const query = parse(
      'plan=gold&status=active&kind=MASTER&sort=password&order=up&page=-2&size=7&keyword=%20%20',
    );
    expect(query).toMatchObject({
      ...DEFAULT_LIST_QUERY,
      plan: undefined,
      status: undefined,
      kind: undefined,
    });
    expect(query.keyword).toBeUndefined();
  });

  it('goes back to page 1 when a filter changes, but not when paging', () => {
    const onPage3 = parse('page=3&plan=pro');
    expect(withFilter(onPage3, { status: 'ACTIVE' }).page).toBe(1);
    expect(withFilter(onPage3, { page: 4 })).toMatchObject({ page: 4, plan: 'pro' });
  });

  it('flips the order on the same column and starts a new column ascending', () => {
    const q = parse('sort=email&order=asc&page=2');
    expect(toggleSort(q, 'email')).toMatchObject({ sort: 'email', order: 'desc', page: 1 });
    expect(toggleSort(q, 'plan')).toMatchObject({ sort: 'plan', order: 'asc' });
  });

  it('exports with the same filters and no paging', () => {
    const q = parse('keyword=a&status=ACTIVE&page=2&size=50');
    expect(withoutPaging(q)).toEqual({
      keyword: 'a',
      plan: undefined,
      status: 'ACTIVE',
      kind: undefined,
      sort: 'createdAt',
      order: 'desc',
    });
  });
});
