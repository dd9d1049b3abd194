import { camelToSnake, snakeToCamel } from '@swipe/contracts/case';
import { UI_LANGUAGES } from '@swipe/contracts/i18n';
import type { TMessageKey } from '@swipe/contracts/messages';
import {
  type TUserImportColumn,
  USER_IMPORT_BOOLEAN_VALUES,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_HEADERS,
  USER_IMPORT_REQUIRED_COLUMNS,
} from '@swipe/contracts/user-import';
import type { TCreateUserBody, TUserKind } from '@swipe/contracts/users';
import type { TCsvRecord } from './csv';

// From CSV cells to the body of the create-user form: the header names the columns (in any UI
// language or as snake_case keys), and each cell is read the way a spreadsheet writes it.

export type TRowIssue = { field: string; messageKey: TMessageKey; params?: Record<string, string | number> };

/** Header cells compare without case, spaces, underscores or width differences. */
const normalizeHeader = (cell: string) =>
  cell
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-・]/g, '');

const HEADER_LOOKUP = new Map<string, TUserImportColumn>();
for (const column of USER_IMPORT_COLUMNS) {
  HEADER_LOOKUP.set(normalizeHeader(camelToSnake(column)), column);
  for (const label of Object.values(USER_IMPORT_HEADERS[column]))
    HEADER_LOOKUP.set(normalizeHeader(label), column);
}

export type THeaderResult =
  | { ok: true; columns: (TUserImportColumn | null)[] }
  | { ok: false; messageKey: TMessageKey; params?: Record<string, string> };

/** Which column each header cell names (null: a column the import ignores, e.g. notes). */
export function readHeader(cells: string[]): THeaderResult {
  const columns = cells.map((c) => HEADER_LOOKUP.get(normalizeHeader(c)) ?? null);
  if (columns.every((c) => c === null)) return { ok: false, messageKey: 'userImport.notCsv' };
  const seen = new Set<TUserImportColumn>();
  for (const [i, column] of columns.entries()) {
    if (!column) continue;
    if (seen.has(column))
      return { ok: false, messageKey: 'userImport.duplicateColumn', params: { column: cells[i]!.trim() } };
    seen.add(column);
  }
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length)
    return {
      ok: false,
      messageKey: 'userImport.missingColumns',
      params: { columns: missing.map(camelToSnake).join(', ') },
    };
  return { ok: true, columns };
}

export const isBlankRecord = (record: TCsvRecord) => record.cells.every((c) => c.trim() === '');

/** The known cells of a row by column (snake_case on the wire once serialized), trimmed. */
export function rowValues(record: TCsvRecord, columns: (TUserImportColumn | null)[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [i, column] of columns.entries()) if (column) values[column] = (record.cells[i] ?? '').trim();
  return values;
}

const KINDS: Record<string, TUserKind> = {
  oem_master: 'OEM_MASTER',
  oem_admin: 'OEM_ADMIN',
  user: 'USER',
  direct_user: 'DIRECT_USER',
};

/** Enumerated cells: full-width letters and digits count, case and separators do not matter. */
const token = (v: string) =>
  v
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** YYYY-MM-DD, or YYYY/M/D as Excel writes dates; null when it is no real calendar date. */
export function readDate(v: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v.normalize('NFKC').trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export function readBoolean(v: string): boolean | null {
  const t = token(v);
  if (USER_IMPORT_BOOLEAN_VALUES.yes.includes(t)) return true;
  if (USER_IMPORT_BOOLEAN_VALUES.no.includes(t)) return false;
  return null;
}

/**
 * The create-user body of one row, with the cells that could not even be read reported here
 * (the contract's schema checks the rest). `planIds` maps plan codes to the current version's id.
 */
export function toCreateBody(
  values: Record<string, string>,
  opts: { parentAccountId: string; planIds: Map<string, string> },
): { body: Partial<Record<keyof TCreateUserBody, unknown>>; issues: TRowIssue[] } {
  const issues: TRowIssue[] = [];
  const body: Partial<Record<keyof TCreateUserBody, unknown>> = { parentAccountId: opts.parentAccountId };
  const cell = (c: TUserImportColumn) => values[c] ?? '';
  const fail = (c: TUserImportColumn, messageKey: TMessageKey, params?: Record<string, string>) =>
    issues.push({ field: camelToSnake(c), messageKey, params });

  const kind = cell('kind');
  if (!kind) fail('kind', 'common.required');
  else if (KINDS[token(kind)]) body.kind = KINDS[token(kind)];
  else fail('kind', 'userImport.invalidKind');

  body.companyName = cell('companyName');
  body.email = cell('email');
  body.contactName = cell('contactName');
  body.managerName = cell('managerName');

  const authority = token(cell('authority'));
  if (authority === 'edit' || authority === 'view') body.authority = authority.toUpperCase();
  else if (authority) fail('authority', 'userImport.invalidAuthority');

  const planCode = token(cell('planCode'));
  if (planCode) {
    const planId = opts.planIds.get(planCode);
    if (planId) body.planId = planId;
    else fail('planCode', 'userImport.unknownPlan', { code: cell('planCode') });
  }

  for (const [column, field] of [
    ['contractStart', 'contractStartDate'],
    ['contractEnd', 'contractEndDate'],
  ] as const) {
    if (!cell(column)) continue;
    const date = readDate(cell(column));
    if (date) body[field] = date;
    else fail(column, 'userImport.invalidDate');
  }

  for (const column of ['licenseIssued', 'logoEnabled'] as const) {
    if (!cell(column)) continue;
    const flag = readBoolean(cell(column));
    if (flag === null) fail(column, 'userImport.invalidBoolean');
    else body[column] = flag;
  }

  const language = token(cell('language'));
  const languageAlias: Record<string, string> = { jp: 'ja', zh: 'cn', ko: 'kr' };
  const lang = languageAlias[language] ?? language;
  if ((UI_LANGUAGES as readonly string[]).includes(lang)) body.language = lang;
  else if (language) fail('language', 'userImport.invalidLanguage');

  return { body, issues };
}

/** Create-user fields (and the users service's error fields) as the column a person can fix. */
const FIELD_COLUMNS: Record<string, TUserImportColumn> = {
  planId: 'planCode',
  plan: 'planCode',
  contractStartDate: 'contractStart',
  contractEndDate: 'contractEnd',
};

export function columnOfField(field: string): string {
  const camel = snakeToCamel(field.split('.')[0] ?? field);
  const column = FIELD_COLUMNS[camel] ?? camel;
  return (USER_IMPORT_COLUMNS as readonly string[]).includes(column) ? camelToSnake(column) : 'row';
}
