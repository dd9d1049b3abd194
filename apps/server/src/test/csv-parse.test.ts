import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';

describe('parseCsv (test helper)', () => {
  it('splits CRLF rows into cells, empty cells kept', () => {
    expect(parseCsv('a,b,c\r\n1,,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('reads quoted cells, doubled quotes, and commas and newlines inside quotes', () => {
    expect(parseCsv('"x","say ""hi""","Tokyo, ""Shibuya""\nFloor 3","two\r\nlines"\r\n')).toEqual([
      ['x', 'say "hi"', 'Tokyo, "Shibuya"\nFloor 3', 'two\r\nlines'],
    ]);
    expect(parseCsv('""\r\n')).toEqual([['']]);
  });

  it('drops a leading BOM', () => {
    expect(parseCsv('\uFEFFname,email\r\nAiko,aiko@example.jp\r\n')).toEqual([
      ['name', 'email'],
      ['Aiko', 'aiko@example.jp'],
    ]);
  });

  it('keeps a last row without its CRLF, and a bare LF outside quotes in the cell', () => {
    expect(parseCsv('a,b\r\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\nb,c\r\n')).toEqual([['a\nb', 'c']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quoted cell that never closes', () => {
    expect(() => parseCsv('a,"open\r\n')).toThrow(/quoted cell/);
  });
});
