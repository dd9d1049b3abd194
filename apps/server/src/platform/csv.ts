// CSV exports: UTF-8 with a byte-order mark (Japanese Excel reads it as UTF-8 only then), CRLF
// line ends, RFC 4180 quoting, and cells that a spreadsheet would run as a formula (those starting with = + - @ are escaped)
// prefixed with a single quote.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (rows: (string | number | boolean | null | undefined)[][]) =>
  `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
//
// Dates and times in cells are Y/m/d H:i in Japan in every language (formatCsvDate,
// formatCsvDateTime of @swipe/contracts/jst-format), amounts plain whole numbers a spreadsheet sums.
