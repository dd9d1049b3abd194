import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type TStorage } from './storage';

// One suite for every storage: local disk and an S3-compatible bucket (s3rver on loopback)
// must behave alike, since everything that writes files goes through the interface.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let root: string;
const storages: Record<string, () => TStorage> = {
  'local disk': () => createLocalStorage({ root, publicBase: '/media' }),
  S3: () => createS3Storage({ ...s3.settings, publicBase: '/media' }),
};
beforeAll(async () => {
  s3 = await startS3Server();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

describe.each(Object.keys(storages))('%s storage', (name) => {
  const storage = () => storages[name]!();
  const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));

  it('writes a buffer or a stream, tells its size and type, reads it whole or by range', async () => {
    const s = storage();
    expect(await s.put('assets/a1/original.png', bytes, { contentType: 'image/png' })).toEqual({
      bytes: 300,
      contentType: 'image/png',
    });
    await s.put('assets/a1/w390.webp', Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]), {
      contentType: 'image/webp',
    });
    expect(await s.stat('assets/a1/w390.webp')).toEqual({ bytes: 300, contentType: 'image/webp' });
    expect((await read(s.openRead('assets/a1/original.png'))).equals(bytes)).toBe(true);
    expect(
      (await read(s.openRead('assets/a1/original.png', { start: 10, end: 19 }))).equals(
        bytes.subarray(10, 20),
      ),
    ).toBe(true);
    expect(s.publicUrl('assets/a1/original.png')).toBe('/media/assets/a1/original.png');
  });

  it('replaces a file, deletes it (twice is fine) and then knows nothing of it', async () => {
    const s = storage();
    await s.put('assets/a2/original.jpg', bytes, { contentType: 'image/jpeg' });
    await s.put('assets/a2/original.jpg', bytes.subarray(0, 7), { contentType: 'image/jpeg' });
    expect((await s.stat('assets/a2/original.jpg'))?.bytes).toBe(7);
    await s.delete('assets/a2/original.jpg');
    await s.delete('assets/a2/original.jpg');
    expect(await s.stat('assets/a2/original.jpg')).toBeNull();
    expect(await s.stat('assets/never/original.jpg')).toBeNull();
  });

  it('refuses keys that could escape and a type its key does not name', async () => {
    const s = storage();
    await expect(s.put('../x.png', bytes, { contentType: 'image/png' })).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(s.put('assets/a3/x.png', bytes, { contentType: 'image/jpeg' })).rejects.toThrow(
      /does not name/,
    );
    expect(await s.stat('../x.png')).toBeNull();
  });
});
