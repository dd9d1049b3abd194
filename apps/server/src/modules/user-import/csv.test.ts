import { describe, expect, it } from 'vitest';
import { CsvLimitError, CsvSyntaxError, formatCsv, parseCsv } from './csv';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('parseCsv (RFC 4180)', () => {
  it('splits records on CRLF, LF and lone CR, with or without a final line break', () => {
    expect(cells('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('a\rb\r')).toEqual([['a'], ['b']]);
  });

  it('keeps empty cells, including trailing ones', () => {
    expect(cells(',a,,\n')).toEqual([['', 'a', '', '']]);
    expect(cells('""\n')).toEqual([['']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(cells('"Example Co., Ltd.","say ""hi""","two\r\nlines"\r\nx,y,z')).toEqual([
      ['Example Co., Ltd.', 'say "hi"', 'two\r\nlines'],
      ['x', 'y', 'z'],
    ]);
  });

  it('numbers each record by the line it starts on, counting line breaks inside quotes', () => {
    const records = parseCsv('h1,h2\r\n"multi\nline",1\r\n\r\nlast,2\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4, 5]);
    expect(records[2]!.cells).toEqual(['']);
  });

  it('is lenient with quotes inside unquoted text, as spreadsheets are', () => {
    expect(cells('5" screen,ok\n')).toEqual([['5" screen', 'ok']]);
    expect(cells('"quoted"tail,ok\n')).toEqual([['quotedtail', 'ok']]);
  });

  it('reports an unterminated quote with the line it started on', () => {
    expect(() => parseCsv('a,b\n"never closed,c\nd')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n"never closed,c\nd');
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(2);
    }
  });

  it('round-trips what formatCsv writes', () => {
    const rows = [
      ['kind', 'company_name', 'note'],
      ['user', 'A, "B" & C', 'line1\nline2'],
    ];
    expect(cells(formatCsv(rows))).toEqual(rows);
    expect(formatCsv(rows).endsWith('\r\n')).toBe(true);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(formatCsv([['=SUM(A1)', '+1', '-2', '@x', 'safe']])).toBe("'=SUM(A1),'+1,'-2,'@x,safe\r\n");
  });
});

describe('parseCsv with limits (a hostile file costs little)', () => {
  const limits = { skipBlank: true, maxRecords: 3, maxCells: 4, maxCellChars: 10 };
  const limitOf = (text: string) => {
    try {
      parseCsv(text, limits);
      return null;
    } catch (e) {
      return e instanceof CsvLimitError ? [e.limit, e.line] : e;
    }
  };

  it('skips blank lines without keeping them, however many', () => {
    const text = `h1,h2\n${'\n'.repeat(2_000_000)}a,b\n, ,\n`;
    const started = performance.now();
    const records = parseCsv(text, limits);
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['h1', 'h2']],
      [2_000_002, ['a', 'b']],
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops at the first record past the limit, cell count or cell length', () => {
    expect(limitOf('a\nb\nc\n')).toBeNull();
    expect(limitOf(`${'x\n'.repeat(2_000_000)}`)).toEqual(['records', 4]);
    expect(limitOf('a,b,c,d\na,b,c,d,e\n')).toEqual(['cells', 2]);
    expect(limitOf('a\n"0123456789x"\n')).toEqual(['cellChars', 2]);
  });
});
