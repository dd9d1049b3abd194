import { describe, expect, it } from 'vitest';
import { clampPage, isFiltered, withFilter, withoutPaging } from '../../app/use-list-query';
import { accountScope, isAccountId, siteListQuery } from './site-list-query';

const ACCOUNT = '3f2b6c1e-8d4a-4c1b-9a2e-5b7c9d0e1f23';
const DEFAULT_PAGE_SIZE = 20;
// As the page does: the query from the address, the account from the path.
const parse = (qs: string, accountId?: string) => ({
  ...siteListQuery.parse(new URLSearchParams(qs)),
  accountId: accountScope(accountId),
});
const toParams = (query: ReturnType<typeof parse>) => siteListQuery.toParams(query);

describe('site list query in the URL', () => {
  it('reads the defaults from an empty address and writes them back as nothing', () => {
    expect(parse('')).toEqual({
      keyword: undefined,
      status: undefined,
      accountId: undefined,
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    expect(toParams(parse('')).toString()).toBe('');
  });

  it('round-trips keyword, status and paging', () => {
    const query = parse('keyword=spring%20sale&status=DOMAIN_VERIFYING&page=3&size=50');
    expect(query).toEqual({
      keyword: 'spring sale',
      status: 'DOMAIN_VERIFYING',
      accountId: undefined,
      page: 3,
      pageSize: 50,
    });
    expect(parse(toParams(query).toString())).toEqual(query);
  });

  it('drops values a hand-edited address could carry instead of sending them', () => {
    const query = parse('status=published&page=0&size=7&keyword=%20%20');
    expect(query).toEqual({
      keyword: undefined,
      status: undefined,
      accountId: undefined,
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    expect(parse('page=abc&size=-10')).toMatchObject({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  });

  it('cuts a keyword to what the server accepts', () => {
    const query = parse(`keyword=${'a'.repeat(150)}`);
    expect(query.keyword).toHaveLength(100);
    expect(siteListQuery.keywordMax).toBe(100);
  });

  it('takes the account from the path only when it is an account id, and never writes it to the query', () => {
    expect(parse('', ACCOUNT).accountId).toBe(ACCOUNT);
    expect(parse('', ACCOUNT.toUpperCase()).accountId).toBe(ACCOUNT);
    expect(parse('', 'not-an-id').accountId).toBeUndefined();
    expect(parse('accountId=x&account_id=y').accountId).toBeUndefined();
    expect(toParams(parse('status=DRAFT', ACCOUNT)).toString()).toBe('status=DRAFT');
    expect(isAccountId(undefined)).toBe(false);
    expect(isAccountId(ACCOUNT)).toBe(true);
  });

  it('goes back to page 1 when a filter changes, but not when paging', () => {
    const onPage3 = parse('page=3&status=PUBLISH');
    expect(withFilter(onPage3, { keyword: 'x' }).page).toBe(1);
    expect(withFilter(onPage3, { pageSize: 50 }).page).toBe(1);
    expect(withFilter(onPage3, { page: 4 })).toMatchObject({ page: 4, status: 'PUBLISH' });
  });

  it('counts keyword and status as filters, but not the account scope', () => {
    expect(isFiltered(siteListQuery, parse('', ACCOUNT))).toBe(false);
    expect(isFiltered(siteListQuery, parse('keyword=a'))).toBe(true);
    expect(isFiltered(siteListQuery, parse('status=EXPIRED'))).toBe(true);
  });

  it('exports with the same filters and account, without paging', () => {
    expect(withoutPaging(parse('keyword=a&status=DRAFT&page=2&size=50', ACCOUNT))).toEqual({
      keyword: 'a',
      status: 'DRAFT',
      accountId: ACCOUNT,
    });
  });

  it('moves back to the new last page when a delete emptied the current one', () => {
    const onPage3 = parse('page=3&size=10');
    expect(clampPage(onPage3, 20).page).toBe(2);
    expect(clampPage(onPage3, 21).page).toBe(3);
    expect(clampPage(onPage3, 0).page).toBe(1);
    expect(clampPage(parse(''), 0)).toEqual(parse(''));
  });
});
