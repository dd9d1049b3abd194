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

/** A file past a limit of `parseCsv`: which one, and the line of the record that passed it. */
export class CsvLimitError extends Error {
  constructor(
    readonly limit: 'records' | 'cells' | 'cellChars',
    readonly line: number,
  ) {
    super(`CSV ${limit} limit passed on line ${line}`);
  }
}

export type TCsvLimits = {
  /** Blank records (every cell empty or spaces) are dropped as they are read, never kept. */
  skipBlank?: boolean;
  /** Records kept (after skipping blanks); one more stops the reading. */
  maxRecords?: number;
  maxCells?: number;
  maxCellChars?: number;
};

/**
 * Reads CSV text into records. With limits, reading stops at the first record that passes one
 * (CsvLimitError), so a file of millions of lines or columns costs no more than the limits allow.
 */
export function parseCsv(text: string, limits: TCsvLimits = {}): TCsvRecord[] {
  const reading = scan(text, limits, Number.POSITIVE_INFINITY);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
  }
}

/** Characters read between two turns of the event loop (about a millisecond of work). */
const SLICE_CHARS = 32 * 1024;

/**
 * The same reading for a request handler: it gives the event loop a turn after every slice of
 * the text, so other requests are answered while a 5 MB file is read.
 */
export async function parseCsvYielding(text: string, limits: TCsvLimits = {}): Promise<TCsvRecord[]> {
  const reading = scan(text, limits, SLICE_CHARS);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The reader itself: yields after every `slice` characters, returns the records. */
function* scan(text: string, limits: TCsvLimits, slice: number): Generator<void, TCsvRecord[]> {
  const maxRecords = limits.maxRecords ?? Number.POSITIVE_INFINITY;
  const maxCells = limits.maxCells ?? Number.POSITIVE_INFINITY;
  const maxCellChars = limits.maxCellChars ?? Number.POSITIVE_INFINITY;
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
    if (cell.length > maxCellChars) throw new CsvLimitError('cellChars', recordLine);
    cells.push(cell);
    if (cells.length > maxCells) throw new CsvLimitError('cells', recordLine);
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    if (limits.skipBlank && cells.every((c) => c.trim() === '')) {
      // Dropped, and its array reused: a million blank rows leave nothing to collect.
      cells.length = 0;
      return;
    }
    if (records.length >= maxRecords) throw new CsvLimitError('records', recordLine);
    records.push({ line: recordLine, cells });
    cells = [];
  };

  let nextPause = slice;
  for (let i = 0; i < n; i++) {
    if (i >= nextPause) {
      nextPause = i + slice;
      yield;
    }
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
        if (cell.length > maxCellChars) throw new CsvLimitError('cellChars', recordLine);
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
      // An empty line, when blanks are skipped, costs nothing at all.
      if (!(limits.skipBlank && cells.length === 0 && !cellStarted && cell === '')) endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
      cellStarted = true;
      if (cell.length > maxCellChars) throw new CsvLimitError('cellChars', recordLine);
    }
  }
  if (inQuotes) throw new CsvSyntaxError(quoteLine);
  // A final line break ends the last record; anything after the last one is a record too.
  if (cellStarted || cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Excel and other spreadsheets run a cell starting with these as a formula: export escapes them. */
const FORMULA_START = /^[=+\-@\t\r]/;

const escapeCell = (value: string) => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV text with CRLF line ends (RFC 4180), formula-like cells neutralised. */
export const formatCsv = (rows: string[][]) =>
  `${rows.map((r) => r.map(escapeCell).join(',')).join('\r\n')}\r\n`;
