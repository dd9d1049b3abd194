import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { TMessageKey } from '@swipe/contracts/messages';
import {
  ZIP_MAX_ENTRIES,
  ZIP_MAX_RATIO,
  ZIP_MAX_UNPACKED_BYTES,
  ZIP_RATIO_GRACE_BYTES,
} from '@swipe/contracts/uploads';
import yauzl from 'yauzl';
import { AppError } from '../../platform/errors';

// Reading an uploaded ZIP safely: the central directory is checked as a whole before
// a single entry is inflated (count, total unpacked size, compression ratio, names), and entries
// are only ever read into memory, through a size-limited stream. Nothing is written to a path
// built from an entry's name.

const refused = (messageKey: TMessageKey, params?: Record<string, string | number>) =>
  new AppError(400, 'VALIDATION_FAILED', messageKey, params);

export const zipUnreadable = () => refused('zipUpload.unreadable');

/** A file of the archive worth looking at (not a folder, `__MACOSX/` or dot-file). */
export type TZipFileEntry = {
  /** Its normalised path inside the archive ('photos/B2.jpg'). */
  name: string;
  /** The last segment of that path ('B2.jpg'). */
  baseName: string;
  /** Unpacked size as the central directory declares it (yauzl holds the entry to it). */
  size: number;
  /** False when it is encrypted or uses a compression method other than store or deflate. */
  readable: boolean;
  entry: yauzl.Entry;
};

export interface TSafeZip {
  /** The archive's files, in archive order. */
  files: TZipFileEntry[];
  /** The entry's bytes; rejects past `maxBytes` without inflating further. */
  read(file: TZipFileEntry, maxBytes: number): Promise<Buffer>;
  close(): void;
}

/**
 * The path an entry name stands for, or null when it would escape the archive (zip slip): an
 * absolute path, a drive letter, a NUL byte, or `..` left after normalising.
 */
export function safeEntryPath(raw: string): string | null {
  const name = raw.replace(/\\/g, '/');
  if (name.includes('\0') || name.startsWith('/') || /^[a-z]:/i.test(name)) return null;
  const normalised = path.posix.normalize(name);
  if (normalised.startsWith('/') || normalised.split('/').includes('..')) return null;
  return normalised === '.' ? '' : normalised;
}

/** Folders, macOS resource forks (`__MACOSX/`) and hidden files (`.DS_Store`) are not content. */
const isIgnored = (name: string, raw: string) =>
  raw.endsWith('/') ||
  raw.endsWith('\\') ||
  name === '' ||
  name.split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'));

/** General purpose flag: the name is UTF-8. */
const UTF8_NAME = 0x800;
/** Info-ZIP's extra field holding the name in UTF-8 beside a legacy one. */
const UNICODE_PATH_FIELD = 0x7075;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const strictShiftJis = new TextDecoder('shift_jis', { fatal: true });

/**
 * The entry's name. Without the UTF-8 flag a name is in the archiver's own code page: UTF-8 all
 * the same (macOS), Shift_JIS (Japanese Windows, where a second byte may even be a backslash), or
 * else CP437 as the format says. Decoded here (decodeStrings: false) so that a bad name is ours
 * to report, not yauzl's error.
 */
export function nameOf(entry: Pick<yauzl.Entry, 'generalPurposeBitFlag' | 'fileNameRaw' | 'extraFields'>) {
  const raw = entry.fileNameRaw;
  const declared = () =>
    yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
  if (entry.generalPurposeBitFlag & UTF8_NAME) return declared();
  if (entry.extraFields.some((f) => f.id === UNICODE_PATH_FIELD)) return declared();
  if (raw.every((b) => b < 0x80)) return raw.toString('latin1');
  for (const decoder of [strictUtf8, strictShiftJis]) {
    try {
      return decoder.decode(raw);
    } catch {
      // Not this code page.
    }
  }
  return declared();
}

/** Where an entry's bytes lie in the archive, at the least: its local header and its data. */
const spanOf = (entry: yauzl.Entry) => ({
  start: entry.relativeOffsetOfLocalHeader,
  end: entry.relativeOffsetOfLocalHeader + 30 + entry.compressedSize,
});

/** True when two entries share bytes (an archive that lists one file many times to multiply it). */
function overlapping(spans: { start: number; end: number }[]) {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.start < sorted[i - 1]!.end) return true;
  return false;
}

/**
 * Opens the ZIP at `file` and checks its central directory; refuses the whole archive (400) when
 * it has more than 500 entries, unpacks to more than 2 GB, has an entry compressed more than
 * 100:1 (a zip bomb) or a name escaping the archive (zip slip).
 */
export async function openSafeZip(file: string): Promise<TSafeZip> {
  const zip = await yauzl
    .openPromise(file, { autoClose: false, decodeStrings: false, validateEntrySizes: true })
    .catch(() => {
      throw zipUnreadable();
    });
  // Past the entry iteration nobody listens: a late error (closing the file) must not crash us.
  zip.on('error', () => {});
  try {
    // The end record says how many entries follow: refused before reading any of them.
    if (zip.entryCount > ZIP_MAX_ENTRIES) throw refused('zipUpload.tooManyEntries', { max: ZIP_MAX_ENTRIES });
    const files: TZipFileEntry[] = [];
    const spans: { start: number; end: number }[] = [];
    // Unpacked, the archive may not hold more than its own bytes at the ratio allowed per entry.
    const unpackedLimit = Math.min(
      ZIP_MAX_UNPACKED_BYTES,
      Math.max((await fs.promises.stat(file)).size * ZIP_MAX_RATIO, ZIP_RATIO_GRACE_BYTES),
    );
    let unpacked = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        spans.push(spanOf(entry));
        const raw = nameOf(entry);
        const name = safeEntryPath(raw);
        if (name === null) throw refused('zipUpload.unsafePath', { name: raw.slice(0, 200) });
        // Checked on every entry, read or not: a bomb is refused whatever else the archive holds.
        if (
          entry.uncompressedSize > ZIP_RATIO_GRACE_BYTES &&
          entry.uncompressedSize > entry.compressedSize * ZIP_MAX_RATIO
        )
          throw refused('zipUpload.suspiciousRatio', { name: name.slice(0, 200) });
        unpacked += entry.uncompressedSize;
        if (unpacked > unpackedLimit) throw refused('zipUpload.tooLargeUnpacked');
        if (isIgnored(name, raw)) continue;
        files.push({
          name,
          baseName: name.split('/').pop()!,
          size: entry.uncompressedSize,
          readable: !entry.isEncrypted() && (entry.compressionMethod === 0 || entry.compressionMethod === 8),
          entry,
        });
      }
      if (overlapping(spans)) throw refused('zipUpload.overlapping');
    } catch (error) {
      throw error instanceof AppError ? error : zipUnreadable();
    }
    return { files, read: (f, maxBytes) => readLimited(zip, f, maxBytes), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

class EntryTooLarge extends Error {}

/** Thrown by `read` when an entry holds more bytes than allowed. */
export const isEntryTooLarge = (error: unknown) => error instanceof EntryTooLarge;

async function readLimited(zip: yauzl.ZipFile, file: TZipFileEntry, maxBytes: number): Promise<Buffer> {
  if (file.size > maxBytes) throw new EntryTooLarge();
  const stream: Readable = await zip.openReadStreamPromise(file.entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // yauzl already holds the entry to its declared size; this is the limit of our own.
      if (size > maxBytes) throw new EntryTooLarge();
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}
