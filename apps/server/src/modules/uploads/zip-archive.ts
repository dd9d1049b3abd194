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

const nameOf = (entry: yauzl.Entry) =>
  // Decoded here (decodeStrings: false) so that a bad name is ours to report, not yauzl's error.
  yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);

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
    let unpacked = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const raw = nameOf(entry);
        const name = safeEntryPath(raw);
        if (name === null) throw refused('zipUpload.unsafePath', { name: raw.slice(0, 200) });
        unpacked += entry.uncompressedSize;
        if (unpacked > ZIP_MAX_UNPACKED_BYTES) throw refused('zipUpload.tooLargeUnpacked');
        // Checked on every entry, read or not: a bomb is refused whatever else the archive holds.
        if (
          entry.uncompressedSize > ZIP_RATIO_GRACE_BYTES &&
          entry.uncompressedSize > entry.compressedSize * ZIP_MAX_RATIO
        )
          throw refused('zipUpload.suspiciousRatio', { name: name.slice(0, 200) });
        if (isIgnored(name, raw)) continue;
        files.push({
          name,
          baseName: name.split('/').pop()!,
          size: entry.uncompressedSize,
          readable: !entry.isEncrypted() && (entry.compressionMethod === 0 || entry.compressionMethod === 8),
          entry,
        });
      }
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
