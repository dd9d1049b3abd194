import { describe, expect, it } from 'vitest';
import { detectPictureType } from './profile';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ihdr = (width: number, height: number) =>
  bytes(
    PNG_SIGNATURE,
    [0, 0, 0, 13],
    'IHDR',
    [0, 0, 0, width, 0, 0, 0, height, 8, 6, 0, 0, 0],
    [0, 0, 0, 0], // CRC (not checked)
  );
// SOI, a JFIF APP0 segment, then the given segments.
const jpeg = (...segments: number[][]) =>
  bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], ...segments);
const SOF0 = [0xff, 0xc0, 0x00, 0x11, 8, 0, 4, 0, 4, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
const DHT = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
const SOS = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0];

describe('detectPictureType', () => {
  it('recognises a PNG by its signature and IHDR', () => {
    expect(detectPictureType(ihdr(4, 4))).toBe('image/png');
  });

  it('refuses a PNG signature without a valid IHDR', () => {
    expect(detectPictureType(bytes(PNG_SIGNATURE, [0, 0, 0, 13], 'IDAT', new Array(17).fill(0)))).toBeNull();
    expect(detectPictureType(ihdr(0, 4))).toBeNull();
    expect(detectPictureType(bytes(PNG_SIGNATURE))).toBeNull();
  });

  it('recognises a JPEG/JFIF with a frame header, also after other segments', () => {
    expect(detectPictureType(jpeg(SOF0, SOS))).toBe('image/jpeg');
    expect(detectPictureType(jpeg(DHT, SOF0, SOS))).toBe('image/jpeg');
    // Progressive (SOF2).
    expect(detectPictureType(jpeg([0xff, 0xc2, ...SOF0.slice(2)]))).toBe('image/jpeg');
  });

  it('refuses a JPEG start without a frame header', () => {
    expect(detectPictureType(jpeg(DHT, SOS))).toBeNull();
    expect(detectPictureType(bytes([0xff, 0xd8, 0xff]))).toBeNull();
    // DHT (C4) is not a frame even though it sits among the C0..CF markers.
    expect(detectPictureType(jpeg(DHT))).toBeNull();
  });

  it('refuses text, even text that starts like an image name', () => {
    expect(detectPictureType(bytes('photo.png is not a picture'))).toBeNull();
    expect(detectPictureType(bytes('GIF89a'))).toBeNull();
    expect(detectPictureType(new Uint8Array())).toBeNull();
  });
});
