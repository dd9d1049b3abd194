import { checkPassword, OPERATOR_PASSWORD } from '@swipe/contracts/password';
import { describe, expect, it } from 'vitest';
import { generateFirstPassword } from './users.service';
import { csvCell, toCsv } from './users-csv';

describe('CSV cells', () => {
  it('quotes separators and escapes what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+81 3')).toBe("'+81 3");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(null)).toBe('');
  });

  it('starts with a byte-order mark and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFFa,b\r\nc,d\r\n');
  });
});

describe('first passwords', () => {
  it('always meet the operator password rules and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateFirstPassword();
      expect(checkPassword(p, OPERATOR_PASSWORD), p).toBeNull();
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
