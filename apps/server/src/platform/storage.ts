import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Files go through one storage interface. This is the local-disk one (under
// DATA_DIR/media); an S3-compatible one implements the same four calls with PutObject,
// HeadObject, GetObject (with Range) and DeleteObject, and answers publicUrl with the bucket's or
// CDN's address, so nothing above this file changes when `S3_*` settings arrive.

export interface TStoredFile {
  bytes: number;
  contentType: string;
}

export interface TStorage {
  /** Writes the whole body under `key` (replacing any file there); resolves once it is durable. */
  put(key: string, body: Buffer | Readable, opts: { contentType: string }): Promise<TStoredFile>;
  /** Size and type of the file under `key`, or null when there is none. */
  stat(key: string): Promise<TStoredFile | null>;
  /** The file's bytes, or the inclusive byte range of them. */
  openRead(key: string, range?: { start: number; end: number }): Readable;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser loads the file from. */
  publicUrl(key: string): string;
  /**
   * Only where browsers may write to the store themselves (an S3 bucket): a URL that takes one
   * PUT of exactly `bytes` bytes under `key` until it expires. The bytes are the browser's, so
   * whoever reads them checks them first.
   */
  presignPut?(key: string, opts: { bytes: number; expiresInSeconds: number }): Promise<string>;
  /** The origin of those URLs (for the console's Content-Security-Policy). */
  uploadOrigin?: string;
}

/**
 * Keys are relative paths we make ourselves ('assets/<uuid>/w390.webp'): segments of letters,
 * digits, '-', '_' and '.', each starting with a letter or digit, so '..', hidden files and
 * absolute paths cannot be spelt.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
export const isStorageKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length <= 512 && KEY_PATTERN.test(key);

/** Local disk keeps no metadata beside a file: the extension of its key says what it is. */
export const CONTENT_TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mpg: 'video/mpeg',
};
const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES_BY_EXTENSION[path.extname(key).slice(1).toLowerCase()];

export class StorageKeyError extends Error {}

/** The error of reading a file that is not there, from the disk or from a bucket. */
export const isMissingFile = (error: unknown) => {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return (
    e?.code === 'ENOENT' ||
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    e?.$metadata?.httpStatusCode === 404
  );
};

export function createLocalStorage(opts: { root: string; publicBase: string }): TStorage {
  const root = path.resolve(opts.root);
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new StorageKeyError(`invalid storage key: ${key}`);
    const file = path.resolve(root, key);
    // Belt and braces beside the key pattern: nothing outside the root is ever named.
    if (!file.startsWith(`${root}${path.sep}`)) throw new StorageKeyError(`invalid storage key: ${key}`);
    return file;
  };
  return {
    put: async (key, body, { contentType }) => {
      const file = fileOf(key);
      if (contentTypeOfKey(key) !== contentType)
        throw new StorageKeyError(`key ${key} does not name a ${contentType} file`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed into place: a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp));
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      return { bytes: (await fs.promises.stat(file)).size, contentType };
    },
    stat: async (key) => {
      const contentType = isStorageKey(key) ? contentTypeOfKey(key) : undefined;
      if (!contentType) return null;
      const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { bytes: stat.size, contentType } : null;
    },
    openRead: (key, range) => fs.createReadStream(fileOf(key), range),
    delete: async (key) => {
      const file = fileOf(key);
      await fs.promises.rm(file, { force: true });
      // The asset's folder goes with its last file (rmdir refuses a folder that is not empty).
      const folder = path.dirname(file);
      if (folder !== root) await fs.promises.rmdir(folder).catch(() => {});
    },
    publicUrl: (key) => `${opts.publicBase}/${key}`,
  };
}
