import { describe, expect, it } from 'vitest';
import { calendarDay, clampPage, isRangeReversed, withFilter, withoutPaging } from '../../app/use-list-query';
import { submissionListQuery, type TSubmissionQuery } from './submission-list-query';

const parse = (qs: string) => submissionListQuery.parse(new URLSearchParams(qs));

describe('submission list query', () => {
  it('reads the address, dropping what the server would refuse', () => {
    expect(parse('keyword=%20aiko%20&from=2026-03-01&to=2026-02-30&page=2&size=50')).toEqual({
      keyword: 'aiko',
      from: '2026-03-01',
      to: undefined,
      page: 2,
      pageSize: 50,
    });
    expect(parse('page=0&size=7&from=yesterday')).toEqual({
      keyword: undefined,
      from: undefined,
      to: undefined,
      page: 1,
      pageSize: 20,
    });
    expect(parse(`keyword=${'x'.repeat(150)}`).keyword).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const query = { keyword: 'ben', from: '2026-03-01', to: '2026-03-31', page: 3, pageSize: 20 };
    const params = submissionListQuery.toParams(query);
    expect(params.toString()).toBe('keyword=ben&from=2026-03-01&to=2026-03-31&page=3');
    expect(submissionListQuery.parse(params)).toEqual(query);
    expect(submissionListQuery.toParams({ page: 1, pageSize: 20 }).toString()).toBe('');
  });

  it('starts a filter change at page 1 and keeps the page when paging', () => {
    const query: TSubmissionQuery = { page: 4, pageSize: 20 };
    expect(withFilter(query, { from: '2026-01-01' }).page).toBe(1);
    expect(withFilter(query, { page: 5 }).page).toBe(5);
  });

  it('knows real days, reversed ranges, the export filters and the last page', () => {
    expect(calendarDay('2026-02-28')).toBe('2026-02-28');
    expect(calendarDay('2026-02-29')).toBeUndefined();
    expect(calendarDay('2026-13-01')).toBeUndefined();
    expect(isRangeReversed({ from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(isRangeReversed({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(isRangeReversed({ from: '2026-03-01' })).toBe(false);
    expect(withoutPaging({ keyword: 'a', to: '2026-01-01', page: 2, pageSize: 50 })).toEqual({
      keyword: 'a',
      to: '2026-01-01',
    });
    expect(clampPage({ page: 3, pageSize: 20 }, 41).page).toBe(3);
    expect(clampPage({ page: 3, pageSize: 20 }, 40).page).toBe(2);
    expect(clampPage({ page: 3, pageSize: 20 }, 0).page).toBe(1);
  });
});
