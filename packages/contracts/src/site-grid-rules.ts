import { z } from 'zod';
import { addRuleIssues, type TRuleIssue } from './site-rules';

// A site's pages form a grid of rows x columns addressed like spreadsheet cells:
// the column as 1 to 3 letters (A..Z, AA..ZZ, AAA..ZZZ), then the row 1 to 100.
// 'B2' is the second column of the second row. The page order is row by row: A1, B1, C1, A2...

export const GRID_MAX_ROWS = 100;
/** The last column a 3-letter name can address (ZZZ). */
export const GRID_MAX_COLUMNS = 26 + 26 * 26 + 26 * 26 * 26;

const COORDINATE = /^([A-Z]{1,3})([1-9]\d?|100)$/;

/** The 'A1'-style name of the 0-based (row, column); throws a RangeError outside the grid limits. */
export function coordinateOf(row: number, column: number): string {
  if (!Number.isInteger(row) || row < 0 || row >= GRID_MAX_ROWS)
    throw new RangeError(`row ${row} is outside 0..${GRID_MAX_ROWS - 1}`);
  if (!Number.isInteger(column) || column < 0 || column >= GRID_MAX_COLUMNS)
    throw new RangeError(`column ${column} is outside 0..${GRID_MAX_COLUMNS - 1}`);
  let letters = '';
  // Bijective base 26: 0 -> A, 25 -> Z, 26 -> AA.
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/** The 0-based position of an 'A1'-style name (letters in either case), or null when it is not one. */
export function parseCoordinate(value: string): { row: number; column: number } | null {
  const m = COORDINATE.exec(value.trim().toUpperCase());
  if (!m) return null;
  let column = 0;
  for (const ch of m[1]!) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, column: column - 1 };
}

export const isCoordinate = (value: string): boolean => COORDINATE.test(value);

/** A page position as stored: upper case, e.g. 'A1' or 'ZZ100'. */
export const zCoordinate = () => z.string('common.required').regex(COORDINATE, 'sites.invalidCoordinate');

/** Every page name of a rows x columns grid, row by row (A1, B1, ..., A2, ...). */
export function gridCoordinates(rows: number, columns: number): string[] {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) out.push(coordinateOf(r, c));
  return out;
}

export type TGridOptions = {
  /** The plan's maximum number of pages (plan.quantitySwipe). */
  maxPages: number;
  /** Property names of the row and column counts (default numberVertical / numberHorizontal). */
  rows?: string;
  columns?: string;
};

/** Rows and columns not 0, at most 100 rows, rows x columns not above the plan's maximum. */
export function checkGrid(value: Record<string, unknown>, options: TGridOptions): TRuleIssue[] {
  const rowsKey = options.rows ?? 'numberVertical';
  const columnsKey = options.columns ?? 'numberHorizontal';
  const rows = value[rowsKey];
  const columns = value[columnsKey];
  const issues: TRuleIssue[] = [];
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;
  if (!valid(rows)) issues.push({ path: [rowsKey], message: 'sites.gridZero' });
  if (!valid(columns)) issues.push({ path: [columnsKey], message: 'sites.gridZero' });
  if (!valid(rows) || !valid(columns)) return issues;
  if (rows > GRID_MAX_ROWS)
    return [{ path: [rowsKey], message: 'sites.gridTooManyRows', params: { max: GRID_MAX_ROWS } }];
  if (rows * columns > options.maxPages) {
    // On both fields: either one may be the one the creator wants to lower.
    const params = { max: options.maxPages };
    issues.push({ path: [rowsKey], message: 'sites.gridTooLarge', params });
    issues.push({ path: [columnsKey], message: 'sites.gridTooLarge', params });
  }
  return issues;
}

/** `.superRefine(refineGrid({ maxPages: plan.quantitySwipe }))` on an object with the grid counts. */
export const refineGrid =
  (options: TGridOptions) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx): void =>
    addRuleIssues(ctx, checkGrid(value, options));
