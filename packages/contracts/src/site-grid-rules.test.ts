import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkGrid,
  coordinateOf,
  GRID_MAX_COLUMNS,
  GRID_MAX_ROWS,
  gridCoordinates,
  isCoordinate,
  parseCoordinate,
  refineGrid,
  zCoordinate,
} from './site-grid-rules';

describe('grid limits', () => {
  it('allows 100 rows and columns up to ZZZ', () => {
    expect(GRID_MAX_ROWS).toBe(100);
    expect(GRID_MAX_COLUMNS).toBe(18278);
  });
});

describe('coordinateOf', () => {
  it('names columns in bijective base 26 and rows from 1', () => {
    expect(coordinateOf(0, 0)).toBe('A1');
    expect(coordinateOf(1, 1)).toBe('B2');
    expect(coordinateOf(0, 25)).toBe('Z1');
    expect(coordinateOf(0, 26)).toBe('AA1');
    expect(coordinateOf(0, 27)).toBe('AB1');
    expect(coordinateOf(0, 51)).toBe('AZ1');
    expect(coordinateOf(0, 52)).toBe('BA1');
    expect(coordinateOf(0, 701)).toBe('ZZ1');
    expect(coordinateOf(99, 701)).toBe('ZZ100');
    expect(coordinateOf(0, 702)).toBe('AAA1');
    expect(coordinateOf(99, GRID_MAX_COLUMNS - 1)).toBe('ZZZ100');
  });

  it('throws a RangeError for a row outside 0..99', () => {
    expect(() => coordinateOf(100, 0)).toThrow(RangeError);
    expect(() => coordinateOf(-1, 0)).toThrow(RangeError);
    expect(() => coordinateOf(1.5, 0)).toThrow(RangeError);
    expect(() => coordinateOf(Number.NaN, 0)).toThrow(RangeError);
  });

  it('throws a RangeError for a column outside 0..ZZZ', () => {
    expect(() => coordinateOf(0, GRID_MAX_COLUMNS)).toThrow(RangeError);
    expect(() => coordinateOf(0, -1)).toThrow(RangeError);
    expect(() => coordinateOf(0, 0.5)).toThrow(RangeError);
    expect(() => coordinateOf(0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('parseCoordinate', () => {
  it('returns the 0-based row and column', () => {
    expect(parseCoordinate('A1')).toEqual({ row: 0, column: 0 });
    expect(parseCoordinate('Z1')).toEqual({ row: 0, column: 25 });
    expect(parseCoordinate('AA1')).toEqual({ row: 0, column: 26 });
    expect(parseCoordinate('ZZ100')).toEqual({ row: 99, column: 701 });
    expect(parseCoordinate('AAA1')).toEqual({ row: 0, column: 702 });
    expect(parseCoordinate('ZZZ100')).toEqual({ row: 99, column: GRID_MAX_COLUMNS - 1 });
  });

  it('accepts lower case and surrounding spaces', () => {
    expect(parseCoordinate('b2')).toEqual({ row: 1, column: 1 });
    expect(parseCoordinate(' zz100 ')).toEqual({ row: 99, column: 701 });
  });

  it('returns null for what is not a coordinate', () => {
    for (const v of ['', 'A', '1', '1A', 'A0', 'A01', 'A101', 'AAAA1', 'A1B', 'A-1', 'Ä1', 'A 1'])
      expect(parseCoordinate(v), v).toBeNull();
  });

  it('round-trips with coordinateOf', () => {
    const columns = [0, 1, 25, 26, 27, 51, 52, 675, 676, 701, 702, 703, 1000, 18277];
    for (const row of [0, 1, 9, 10, 98, 99])
      for (const column of columns) {
        const name = coordinateOf(row, column);
        expect(parseCoordinate(name), name).toEqual({ row, column });
      }
  });
});

describe('isCoordinate and zCoordinate', () => {
  it('accepts only the stored upper-case form', () => {
    expect(isCoordinate('A1')).toBe(true);
    expect(isCoordinate('ZZZ100')).toBe(true);
    expect(isCoordinate('a1')).toBe(false);
    expect(isCoordinate(' A1')).toBe(false);
    expect(isCoordinate('A101')).toBe(false);
  });

  it('reports sites.invalidCoordinate', () => {
    expect(zCoordinate().safeParse('B12').success).toBe(true);
    expect(zCoordinate().safeParse('b12').error?.issues[0]?.message).toBe('sites.invalidCoordinate');
    expect(zCoordinate().safeParse('A0').error?.issues[0]?.message).toBe('sites.invalidCoordinate');
    expect(zCoordinate().safeParse(undefined).error?.issues[0]?.message).toBe('common.required');
  });
});

describe('gridCoordinates', () => {
  it('lists the pages row by row', () => {
    expect(gridCoordinates(2, 3)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
    expect(gridCoordinates(3, 1)).toEqual(['A1', 'A2', 'A3']);
  });

  it('crosses Z to AA within a row', () => {
    const names = gridCoordinates(1, 28);
    expect(names).toHaveLength(28);
    expect(names.slice(-3)).toEqual(['Z1', 'AA1', 'AB1']);
  });

  it('is empty for zero rows or columns', () => {
    expect(gridCoordinates(0, 5)).toEqual([]);
    expect(gridCoordinates(5, 0)).toEqual([]);
  });
});

describe('checkGrid', () => {
  const grid = (numberVertical: unknown, numberHorizontal: unknown) => ({ numberVertical, numberHorizontal });

  it('accepts a grid within the plan', () => {
    expect(checkGrid(grid(3, 4), { maxPages: 12 })).toEqual([]);
    expect(checkGrid(grid(1, 1), { maxPages: 1 })).toEqual([]);
  });

  it('refuses zero rows or zero columns on the field concerned', () => {
    expect(checkGrid(grid(0, 3), { maxPages: 50 })).toEqual([
      { path: ['numberVertical'], message: 'sites.gridZero' },
    ]);
    expect(checkGrid(grid(3, 0), { maxPages: 50 })).toEqual([
      { path: ['numberHorizontal'], message: 'sites.gridZero' },
    ]);
    expect(checkGrid(grid(0, 0), { maxPages: 50 })).toEqual([
      { path: ['numberVertical'], message: 'sites.gridZero' },
      { path: ['numberHorizontal'], message: 'sites.gridZero' },
    ]);
  });

  it('treats missing, negative, fractional and non-number counts like zero', () => {
    for (const bad of [undefined, null, -1, 1.5, '3', Number.NaN])
      expect(checkGrid(grid(bad, 2), { maxPages: 50 }), String(bad)).toEqual([
        { path: ['numberVertical'], message: 'sites.gridZero' },
      ]);
  });

  it('accepts 100 rows and refuses 101 with the maximum as a parameter', () => {
    expect(checkGrid(grid(100, 1), { maxPages: 1000 })).toEqual([]);
    expect(checkGrid(grid(101, 1), { maxPages: 1000 })).toEqual([
      { path: ['numberVertical'], message: 'sites.gridTooManyRows', params: { max: 100 } },
    ]);
  });

  it('reports only too-many-rows when the grid is also too large', () => {
    expect(checkGrid(grid(101, 5), { maxPages: 10 })).toEqual([
      { path: ['numberVertical'], message: 'sites.gridTooManyRows', params: { max: 100 } },
    ]);
  });

  it('refuses rows x columns above maxPages on both fields', () => {
    expect(checkGrid(grid(3, 4), { maxPages: 11 })).toEqual([
      { path: ['numberVertical'], message: 'sites.gridTooLarge', params: { max: 11 } },
      { path: ['numberHorizontal'], message: 'sites.gridTooLarge', params: { max: 11 } },
    ]);
  });

  it('reads custom property names', () => {
    expect(checkGrid({ rows: 5, cols: 5 }, { maxPages: 20, rows: 'rows', columns: 'cols' })).toEqual([
      { path: ['rows'], message: 'sites.gridTooLarge', params: { max: 20 } },
      { path: ['cols'], message: 'sites.gridTooLarge', params: { max: 20 } },
    ]);
    expect(checkGrid({ rows: 0, cols: 1 }, { maxPages: 20, rows: 'rows', columns: 'cols' })).toEqual([
      { path: ['rows'], message: 'sites.gridZero' },
    ]);
  });
});

describe('refineGrid', () => {
  const schema = z
    .object({ numberVertical: z.number(), numberHorizontal: z.number() })
    .superRefine(refineGrid({ maxPages: 6 }));

  it('passes a grid within the plan', () => {
    expect(schema.safeParse({ numberVertical: 2, numberHorizontal: 3 }).success).toBe(true);
  });

  it('reports the issues with their paths and params', () => {
    const issues = schema.safeParse({ numberVertical: 3, numberHorizontal: 3 }).error?.issues;
    expect(issues).toHaveLength(2);
    expect(issues?.[0]).toMatchObject({
      path: ['numberVertical'],
      message: 'sites.gridTooLarge',
      params: { max: 6 },
    });
    expect(issues?.[1]).toMatchObject({ path: ['numberHorizontal'], message: 'sites.gridTooLarge' });
  });
});
