// Uploads are judged by their bytes, never by name, and Japanese spreadsheets often
// save CSV as Shift_JIS rather than UTF-8.

const SIGNATURES: number[][] = [
  [0x50, 0x4b, 0x03, 0x04], // ZIP, so also XLSX/ODS/DOCX
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: legacy XLS/DOC
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
];

/** True for bytes no CSV contains: a known binary signature, NUL, or other C0 controls. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b))) return true;
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) {
    // Tab, LF, CR and form feed appear in text; the other controls only in binary files.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return true;
  }
  return false;
}

export type TCsvEncoding = 'utf-8' | 'shift_jis';

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Shift_JIS. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: TCsvEncoding } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body),
      encoding: 'utf-8',
    };
  } catch {
    // Windows-31J (what Excel writes as "CSV" in Japan) is decoded by the WHATWG shift_jis decoder.
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}
