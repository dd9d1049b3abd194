import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, looksBinary } from './csv-bytes';

// 株式会社 in Shift_JIS (Windows-31J), as Excel saves it in Japan.
const SJIS_KABUSHIKIGAISHA = [0x8a, 0x94, 0x8e, 0xae, 0x89, 0xef, 0x8e, 0xd0];

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without a BOM', () => {
    const text = 'kind,会社名\n';
    expect(decodeCsvBytes(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(decodeCsvBytes(withBom)).toEqual({ text, encoding: 'utf-8' });
  });

  it('falls back to Shift_JIS when the bytes are not UTF-8', () => {
    const bytes = Buffer.from([...Buffer.from('name\n'), ...SJIS_KABUSHIKIGAISHA, 0x0a]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'name\n株式会社\n', encoding: 'shift_jis' });
  });
});

describe('looksBinary', () => {
  it('accepts text, Shift_JIS included', () => {
    expect(looksBinary(Buffer.from('a,b\r\n\tc,d\n'))).toBe(false);
    expect(looksBinary(Buffer.from(SJIS_KABUSHIKIGAISHA))).toBe(false);
  });

  it('refuses ZIP/XLSX, legacy XLS, PDF and anything with NUL bytes', () => {
    expect(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe(true);
    expect(looksBinary(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).toBe(true);
    expect(looksBinary(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(looksBinary(Buffer.from('a,b\u0000c'))).toBe(true);
    // UTF-16 text (Excel's "Unicode text") is full of NULs.
    expect(looksBinary(Buffer.from('kind,email', 'utf16le'))).toBe(true);
  });
});
