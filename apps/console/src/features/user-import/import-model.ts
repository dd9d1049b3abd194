import { camelToSnake, snakeToCamel } from '@swipe/contracts/case';
import {
  parseImportErrorField,
  type TUserImportPreview,
  type TUserImportRow,
  USER_IMPORT_MAX_BYTES,
} from '@swipe/contracts/user-import';

// What the page decides without the server: the file checks it repeats before uploading (same
// rules and messages as the server) and how a 422 from the import maps back onto the preview.

export type TFileProblem = 'userImport.notCsv' | 'userImport.tooLarge' | 'userImport.empty';

/** CSV only, at most 5 MB. The server checks the bytes again; this spares the upload. */
export function checkCsvFile(file: Pick<File, 'name' | 'size'>): TFileProblem | null {
  if (!/\.csv$/i.test(file.name.trim())) return 'userImport.notCsv';
  if (file.size > USER_IMPORT_MAX_BYTES) return 'userImport.tooLarge';
  if (file.size === 0) return 'userImport.empty';
  return null;
}

/** The preview as the import found it: its 422 names every failing cell as rows.<line>.<column>. */
export function withImportErrors(
  preview: TUserImportPreview,
  fieldErrors: Record<string, string>,
): TUserImportPreview {
  const byLine = new Map<number, { field: string; message: string }[]>();
  for (const [key, message] of Object.entries(fieldErrors)) {
    const parsed = parseImportErrorField(key);
    if (!parsed) continue;
    const list = byLine.get(parsed.line) ?? [];
    list.push({ field: camelToSnake(parsed.column), message });
    byLine.set(parsed.line, list);
  }
  if (byLine.size === 0) return preview;
  const rows = preview.rows.map((row) => ({ ...row, errors: byLine.get(row.line) ?? row.errors }));
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { ...preview, rows, invalid, valid: rows.length - invalid };
}

/** The columns (camelCase, as the client holds values) that carry an error in a row. */
export const errorColumns = (row: TUserImportRow) => new Set(row.errors.map((e) => snakeToCamel(e.field)));

export const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1024 / 1024).toFixed(2)} MB`;
