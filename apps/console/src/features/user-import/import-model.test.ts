import type { TUserImportPreview } from '@swipe/contracts/user-import';
import { describe, expect, it } from 'vitest';
import { checkCsvFile, errorColumns, withImportErrors } from './import-model';

describe('checkCsvFile', () => {
  it('accepts a .csv of at most 5 MB, whatever the case of the extension', () => {
    expect(checkCsvFile({ name: 'users.csv', size: 10 })).toBeNull();
    expect(checkCsvFile({ name: 'USERS.CSV', size: 5_242_880 })).toBeNull();
  });

  it('refuses other extensions, files over 5 MB and empty files with the server messages', () => {
    expect(checkCsvFile({ name: 'users.xlsx', size: 10 })).toBe('userImport.notCsv');
    expect(checkCsvFile({ name: 'users.csv.txt', size: 10 })).toBe('userImport.notCsv');
    expect(checkCsvFile({ name: 'users.csv', size: 5_242_881 })).toBe('userImport.tooLarge');
    expect(checkCsvFile({ name: 'users.csv', size: 0 })).toBe('userImport.empty');
  });
});

describe('withImportErrors', () => {
  const preview: TUserImportPreview = {
    rows: [
      { line: 2, values: { email: 'a@example.com' }, errors: [] },
      { line: 3, values: { email: 'b@example.com' }, errors: [] },
    ],
    total: 2,
    valid: 2,
    invalid: 0,
    encoding: 'utf-8',
  };

  it('puts the 422 errors back on their rows and recounts', () => {
    // The API client camelCases the field of each error.
    const next = withImportErrors(preview, { 'rows.3.email': 'Taken', 'rows.3.planCode': 'Unknown plan' });
    expect(next.rows[1]!.errors).toEqual([
      { field: 'email', message: 'Taken' },
      { field: 'plan_code', message: 'Unknown plan' },
    ]);
    expect(next).toMatchObject({ valid: 1, invalid: 1 });
    expect([...errorColumns(next.rows[1]!)]).toEqual(['email', 'planCode']);
  });

  it('leaves the preview alone when the errors name no row', () => {
    expect(withImportErrors(preview, { email: 'x' })).toBe(preview);
  });
});
