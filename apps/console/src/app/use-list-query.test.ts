import { ZSubmissionListQuery } from '@swipe/contracts/submissions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarDay,
  clampPage,
  clearFilters,
  defineListQuery,
  isFiltered,
  isRangeReversed,
  toggleSort,
  withFilter,
  withoutPaging,
} from './use-list-query';

// A list with every kind of field a contract's query schema has: a keyword, an enum filter,
// a sort with its order, and paging.
const ZThingsQuery = z.object({
  keyword: z.string().trim().max(10).optional(),
  colour: z.enum(['RED', 'BLUE']).optional(),
  sort: z.enum(['name', 'createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const things = defineListQuery(ZThingsQuery);
const parse = (qs: string) => things.parse(new URLSearchParams(qs));
const DEFAULTS = { sort: 'createdAt', order: 'desc', page: 1, pageSize: 20 };

describe('a list query from its schema', () => {
  it('takes its defaults from the schema, and knows which fields are filters', () => {
    expect(things.defaults).toEqual({ ...DEFAULTS, keyword: undefined, colour: undefined });
    expect(things.filterKeys).toEqual(['keyword', 'colour']);
    expect(things.keywordMax).toBe(10);
    expect(
      defineListQuery(z.object({ page: z.number().default(1), pageSize: z.number().default(20) })).keywordMax,
    ).toBeUndefined();
  });

  it('reads every valid value, with pageSize under its short name', () => {
    expect(parse('keyword=tea&colour=RED&sort=name&order=asc&page=4&size=50')).toEqual({
      keyword: 'tea',
      colour: 'RED',
      sort: 'name',
      order: 'asc',
      page: 4,
      pageSize: 50,
    });
  });

  it('falls back to the default for each value the schema refuses, keeping the others', () => {
    expect(parse('colour=red&sort=price&order=up&page=0&size=20')).toEqual({
      ...DEFAULTS,
      keyword: undefined,
      colour: undefined,
    });
    expect(parse('page=-3&colour=BLUE')).toMatchObject({ page: 1, colour: 'BLUE' });
    expect(parse('page=2.5')).toMatchObject({ page: 1 });
    expect(parse('page=&keyword=&colour=')).toEqual(things.defaults);
  });

  it('offers only the page sizes the footer does, even where the schema allows more', () => {
    expect(parse('size=30').pageSize).toBe(20);
    expect(parse('size=100').pageSize).toBe(100);
    expect(parse('pageSize=50').pageSize).toBe(20);
  });

  it('trims a keyword, cuts one that is too long, and drops a blank one', () => {
    expect(parse('keyword=%20%20tea%20').keyword).toBe('tea');
    expect(parse(`keyword=${'abcdefghij'.repeat(3)}`).keyword).toBe('abcdefghij');
    expect(parse('keyword=%20%20%20').keyword).toBeUndefined();
  });

  it('writes only what differs from the defaults, in schema order, and round-trips', () => {
    const query = parse('page=2&colour=BLUE&keyword=a%26b');
    const params = things.toParams(query);
    expect(params.toString()).toBe('keyword=a%26b&colour=BLUE&page=2');
    expect(things.parse(params)).toEqual(query);
    expect(things.toParams(things.defaults).toString()).toBe('');
  });

  it('keeps the params of the address that are not the list’s, and replaces its own', () => {
    const base = new URLSearchParams('responses=42&keyword=old&page=3');
    const params = things.toParams({ ...things.defaults, colour: 'RED' }, base);
    expect(params.toString()).toBe('responses=42&colour=RED');
    expect(base.toString()).toBe('responses=42&keyword=old&page=3');
  });
});

describe('changing a list query', () => {
  const onPage3 = parse('page=3&colour=RED&sort=name&order=asc&size=50');

  it('starts a filter or sort change at page 1, and pages alone otherwise', () => {
    expect(withFilter(onPage3, { keyword: 'x' })).toMatchObject({ page: 1, keyword: 'x', colour: 'RED' });
    expect(withFilter(onPage3, { order: 'desc' }).page).toBe(1);
    expect(withFilter(onPage3, { page: 5 })).toEqual({ ...onPage3, page: 5 });
  });

  it('counts only filters as filtering, and clears them without touching sort or page size', () => {
    expect(isFiltered(things, parse('sort=name&page=2&size=50'))).toBe(false);
    expect(isFiltered(things, parse('colour=BLUE'))).toBe(true);
    expect(isFiltered(things, parse('keyword=x'))).toBe(true);
    const cleared = clearFilters(things, { ...onPage3, keyword: 'x' });
    expect(cleared).toEqual({ ...things.defaults, sort: 'name', order: 'asc', pageSize: 50 });
    expect(isFiltered(things, cleared)).toBe(false);
  });

  it('flips the order on the same column and starts a new column ascending', () => {
    expect(toggleSort(onPage3, 'name')).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    expect(toggleSort(toggleSort(onPage3, 'name'), 'name')).toMatchObject({ order: 'asc' });
    expect(toggleSort(parse(''), 'name')).toMatchObject({ sort: 'name', order: 'asc' });
  });

  it('moves a page past the end back to the last page, and leaves a page in range as it is', () => {
    expect(clampPage(onPage3, 101).page).toBe(3);
    expect(clampPage(onPage3, 100).page).toBe(2);
    expect(clampPage(onPage3, 0).page).toBe(1);
    // The same object: the hook only rewrites the address when something changed.
    expect(clampPage(onPage3, 150)).toBe(onPage3);
  });

  it('exports the filters and sort without the paging', () => {
    expect(withoutPaging(onPage3)).toEqual({ keyword: undefined, colour: 'RED', sort: 'name', order: 'asc' });
  });
});

describe('day filters', () => {
  const visitors = defineListQuery(ZSubmissionListQuery);

  it('accepts real calendar days only, in the address as in the date fields', () => {
    expect(calendarDay('2028-02-29')).toBe('2028-02-29');
    expect(calendarDay('2026-02-29')).toBeUndefined();
    expect(calendarDay('2026-3-1')).toBeUndefined();
    expect(calendarDay('')).toBeUndefined();
    expect(visitors.parse(new URLSearchParams('from=2026-04-31&to=2026-04-30'))).toMatchObject({
      from: undefined,
      to: '2026-04-30',
    });
  });

  it('knows a range that runs backwards; a single end or the same day is not', () => {
    expect(isRangeReversed({ from: '2026-05-02', to: '2026-05-01' })).toBe(true);
    expect(isRangeReversed({ from: '2026-05-01', to: '2026-05-01' })).toBe(false);
    expect(isRangeReversed({ to: '2026-05-01' })).toBe(false);
  });
});
