import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

// A tiny ZIP writer for tests (store or deflate, no ZIP64): enough to build the archives a
// browser would upload, and the hostile ones (zip slip names, bombs) no archiver would make.

/** An entry's bytes as the archive holds them, when the test made them itself. */
export type TPackedData = { method: 0 | 8; packed: Buffer; crc: number; size: number };
export type TZipInput = {
  name: string;
  data?: Buffer;
  store?: boolean;
  packed?: TPackedData;
  /** The name's bytes as they are, without the UTF-8 flag (an archiver of Japanese Windows: Shift_JIS). */
  rawName?: Buffer;
  /** Only a directory record, pointing at the data of an earlier input (an overlapping archive). */
  sharesDataOf?: number;
};

const crc32 = (data: Buffer, value = 0) => zlib.crc32(data, value);

/** `size` zero bytes deflated, chunk by chunk (a 300 MB bomb without 300 MB in memory). */
export async function deflatedZeros(size: number): Promise<TPackedData> {
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  async function* zeros() {
    for (let left = size; left > 0; left -= chunk.length) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      crc = crc32(piece, crc);
      yield piece;
    }
  }
  const parts: Buffer[] = [];
  await pipeline(zeros(), zlib.createDeflateRaw({ level: 9 }), async (packed: AsyncIterable<Buffer>) => {
    for await (const part of packed) parts.push(part);
  });
  return { method: 8, packed: Buffer.concat(parts), crc, size };
}

/** The archive's bytes: local headers and data, then the central directory and its end record. */
export function buildZip(inputs: TZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const written: { offset: number; packed: TPackedData }[] = [];
  for (const input of inputs) {
    const name = input.rawName ?? Buffer.from(input.name, 'utf8');
    const flags = input.rawName ? 0 : 0x0800; // 0x0800: names are UTF-8
    const shared = input.sharesDataOf === undefined ? undefined : written[input.sharesDataOf];
    if (shared) {
      centrals.push(centralRecord(shared.packed, name, flags, shared.offset, input.name), name);
      written.push(shared);
      continue;
    }
    const data = input.data ?? Buffer.alloc(0);
    const packed: TPackedData = input.packed ?? {
      method: input.store ? 0 : 8,
      packed: input.store ? data : zlib.deflateRawSync(data),
      crc: crc32(data),
      size: data.length,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(packed.method, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(0x5a21, 12); // 2025-01-01
    header.writeUInt32LE(packed.crc >>> 0, 14);
    header.writeUInt32LE(packed.packed.length, 18);
    header.writeUInt32LE(packed.size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    locals.push(header, name, packed.packed);

    centrals.push(centralRecord(packed, name, flags, offset, input.name), name);
    written.push({ offset, packed });
    offset += header.length + name.length + packed.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(inputs.length, 8);
  end.writeUInt16LE(inputs.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function centralRecord(packed: TPackedData, name: Buffer, flags: number, offset: number, path: string) {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(packed.method, 10);
  central.writeUInt16LE(0, 12);
  central.writeUInt16LE(0x5a21, 14);
  central.writeUInt32LE(packed.crc >>> 0, 16);
  central.writeUInt32LE(packed.packed.length, 20);
  central.writeUInt32LE(packed.size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(path.endsWith('/') ? 0x10 : 0, 38);
  central.writeUInt32LE(offset, 42);
  return central;
}
