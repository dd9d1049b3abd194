// A small RFC 4180 reader and writer: quoted fields with embedded commas, doubled quotes and line
// breaks; records end with CRLF, LF or a lone CR. Lenient where spreadsheets are: a quote inside
// an unquoted field is kept as text, and text after a closing quote is appended.

export interface TCsvRecord {
  /** 1-based line of the text on which the record starts. */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`unterminated quoted field starting on line ${line}`);
  }
}

export function parseCsv(text: string): TCsvRecord[] {
  const records: TCsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoteLine = 0;
  let inQuotes = false;
  let cellStarted = false;
  const n = text.length;

  const endCell = () => {
    cells.push(cell);
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < n; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && !cellStarted) {
      inQuotes = true;
      cellStarted = true;
      quoteLine = line;
    } else if (ch === ',') {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
      cellStarted = true;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(quoteLine);
  // A final line break ends the last record; anything after the last one is a record too.
  if (cellStarted || cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Excel and other spreadsheets run a cell starting with these as a formula (DESIGN 8). */
const FORMULA_START = /^[=+\-@\t\r]/;

const escapeCell = (value: string) => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV text with CRLF line ends (RFC 4180), formula-like cells neutralised. */
export const formatCsv = (rows: string[][]) =>
  `${rows.map((r) => r.map(escapeCell).join(',')).join('\r\n')}\r\n`;
