import { describe, expect, it } from 'vitest';
import { buildExportUrl, fileNameFromDisposition } from './csv-download';

describe('CSV download', () => {
  it('takes the file name from Content-Disposition, preferring the UTF-8 form', () => {
    expect(fileNameFromDisposition('attachment; filename="users-20260101.csv"', 'x.csv')).toBe(
      'users-20260101.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=users.csv', 'x.csv')).toBe('users.csv');
    expect(
      fileNameFromDisposition(
        `attachment; filename="users.csv"; filename*=UTF-8''%E3%83%A6%E3%83%BC%E3%82%B6%E3%83%BC.csv`,
        'x.csv',
      ),
    ).toBe('ユーザー.csv');
  });

  it('falls back when the header is missing or names a path', () => {
    expect(fileNameFromDisposition(null, 'users.csv')).toBe('users.csv');
    expect(fileNameFromDisposition('attachment', 'users.csv')).toBe('users.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'u.csv')).toBe(
      '.._.._etc_passwd',
    );
  });

  it('sends the filters snake_cased and leaves out empty ones', () => {
    expect(
      buildExportUrl('/api/users/export', { keyword: 'a b', plan: undefined, sort: 'contractEnd' }),
    ).toBe('/api/users/export?keyword=a+b&sort=contractEnd');
    expect(buildExportUrl('/api/users/export', {})).toBe('/api/users/export');
    expect(buildExportUrl('/x', { pageSize: 5 })).toBe('/x?page_size=5');
  });
});
