// Reads back a CSV export in tests (RFC 4180): cells may be quoted, a quote inside a quoted cell
// is doubled, and a quoted cell keeps its commas and line breaks. Rows end with CRLF; a bare LF
// or CR outside quotes stays in the cell, so a test notices an export that breaks rows with it.

/** The rows of `text` as cells. A leading BOM is dropped; the last row may lack its CRLF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (quoted) throw new Error('CSV ends inside a quoted cell');
  if (row.length > 0 || cell !== '') rows.push([...row, cell]);
  return rows;
}
