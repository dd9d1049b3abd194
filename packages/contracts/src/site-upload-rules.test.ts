import { describe, expect, it } from 'vitest';
import {
  checkSiteUpload,
  extensionOf,
  isSiteUploadName,
  isVideoFileName,
  SITE_UPLOAD_MAX_BYTES,
  sniffMediaType,
} from './site-upload-rules';

// Real file headers, built byte by byte.

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());

/** A PNG signature and a 13-byte IHDR chunk of width x height. */
const png = (width = 16, height = 16) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32(13),
    ascii('IHDR'),
    u32(width),
    u32(height),
    [8, 6, 0, 0, 0],
    u32(0), // CRC (not checked)
  );

/** SOI, a JFIF APP0 segment, then a baseline frame header (SOF0) of 16 x 16. */
const jpeg = () =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0x00, 0x10],
    ascii('JFIF'),
    [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
    [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00],
  );

/** An ISO base media `ftyp` box with its major brand and compatible brands. */
const ftyp = (major: string, compatible: string[] = []) =>
  bytes(u32(16 + 4 * compatible.length), ascii('ftyp'), ascii(major), u32(0), ...compatible.map(ascii));

/** An MPEG program stream pack header; 0x44 starts an MPEG-2 pack, 0x21 an MPEG-1 one. */
const mpegPack = (first = 0x44) => bytes([0x00, 0x00, 0x01, 0xba, first], new Array(9).fill(0));

/** An MPEG video sequence header of width x height. */
const mpegSequence = (width: number, height: number) =>
  bytes(
    [0x00, 0x00, 0x01, 0xb3],
    [width >> 4, ((width & 0x0f) << 4) | (height >> 8), height & 0xff],
    new Array(5).fill(0),
  );

const text = (value: string) => new TextEncoder().encode(value);

describe('sniffMediaType: images', () => {
  it('recognises PNG', () => {
    expect(sniffMediaType(png())).toBe('image/png');
  });

  it('refuses a PNG signature with a zero-sized IHDR or cut short', () => {
    expect(sniffMediaType(png(0, 16))).toBeNull();
    expect(sniffMediaType(png().subarray(0, 20))).toBeNull();
  });

  it('recognises JPEG', () => {
    expect(sniffMediaType(jpeg())).toBe('image/jpeg');
  });

  it('refuses a JPEG start without a frame header', () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
  });

  it('recognises HEIC by its major brand', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'heim', 'heis', 'hevx'])
      expect(sniffMediaType(ftyp(brand, ['mif1', brand])), brand).toBe('image/heic');
  });

  it('recognises generic HEIF (mif1/msf1) only with a HEIC compatible brand and no AVIF', () => {
    expect(sniffMediaType(ftyp('mif1', ['mif1', 'heic']))).toBe('image/heic');
    expect(sniffMediaType(ftyp('msf1', ['msf1', 'hevc']))).toBe('image/heic');
    expect(sniffMediaType(ftyp('mif1', ['mif1', 'miaf']))).toBeNull();
    expect(sniffMediaType(ftyp('mif1', ['mif1', 'heic', 'avif']))).toBeNull();
  });

  it('refuses AVIF', () => {
    expect(sniffMediaType(ftyp('avif', ['avif', 'mif1', 'miaf']))).toBeNull();
  });
});

describe('sniffMediaType: videos', () => {
  it('recognises MP4 by its major or a compatible brand', () => {
    expect(sniffMediaType(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('mp42', ['mp42', 'isom']))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('M4V ', []))).toBe('video/mp4');
    expect(sniffMediaType(ftyp('abcd', ['mp41']))).toBe('video/mp4');
  });

  it('recognises QuickTime by the qt brand', () => {
    expect(sniffMediaType(ftyp('qt  ', ['qt  ']))).toBe('video/quicktime');
  });

  it('recognises old QuickTime files that start with a moov, mdat, wide or pnot atom', () => {
    for (const atom of ['moov', 'mdat', 'wide', 'pnot'])
      expect(sniffMediaType(bytes(u32(8), ascii(atom), u32(0))), atom).toBe('video/quicktime');
    expect(sniffMediaType(bytes(u32(4), ascii('moov'), u32(0)))).toBeNull();
  });

  it('refuses audio-only, 3GPP and unknown brands', () => {
    expect(sniffMediaType(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull();
    expect(sniffMediaType(ftyp('3gp4', ['3gp4', 'isom']))).toBeNull();
    expect(sniffMediaType(ftyp('abcd', ['efgh']))).toBeNull();
  });

  it('refuses a malformed ftyp box', () => {
    const mp4 = ftyp('isom', ['isom']);
    expect(sniffMediaType(mp4.subarray(0, 16))).toBeNull(); // box longer than the bytes
    const odd = Uint8Array.from(mp4);
    odd.set(u32(18), 0); // not 16 + 4n
    expect(sniffMediaType(odd)).toBeNull();
    expect(sniffMediaType(mp4.subarray(0, 8))).toBeNull();
  });

  it('recognises MPEG-1 and MPEG-2 program streams', () => {
    expect(sniffMediaType(mpegPack(0x44))).toBe('video/mpeg');
    expect(sniffMediaType(mpegPack(0x21))).toBe('video/mpeg');
    expect(sniffMediaType(mpegPack(0x00))).toBeNull();
    expect(sniffMediaType(mpegPack(0x44).subarray(0, 11))).toBeNull();
  });

  it('recognises an MPEG video sequence header with a size', () => {
    expect(sniffMediaType(mpegSequence(320, 240))).toBe('video/mpeg');
    expect(sniffMediaType(mpegSequence(0, 240))).toBeNull();
    expect(sniffMediaType(mpegSequence(320, 0))).toBeNull();
  });
});

describe('sniffMediaType: other bytes', () => {
  it('refuses text, HTML, SVG, GIF and empty files', () => {
    expect(sniffMediaType(text('just some text, not a picture'))).toBeNull();
    expect(sniffMediaType(text('<!DOCTYPE html><html><body>hi</body></html>'))).toBeNull();
    expect(sniffMediaType(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMediaType(bytes(ascii('GIF89a'), [1, 0, 1, 0, 0, 0, 0]))).toBeNull();
    expect(sniffMediaType(new Uint8Array(0))).toBeNull();
  });
});

describe('checkSiteUpload', () => {
  it('accepts a file of exactly 31457280 bytes and refuses one more', () => {
    expect(SITE_UPLOAD_MAX_BYTES).toBe(31_457_280);
    expect(checkSiteUpload({ name: 'a.png', size: 31_457_280, bytes: png() })).toEqual({
      ok: true,
      mediaType: 'image/png',
    });
    expect(checkSiteUpload({ name: 'a.png', size: 31_457_281, bytes: png() })).toEqual({
      ok: false,
      messageKey: 'sites.uploadTooLarge',
    });
  });

  it('checks the size before the name', () => {
    expect(checkSiteUpload({ name: 'a.exe', size: 40_000_000, bytes: png() })).toEqual({
      ok: false,
      messageKey: 'sites.uploadTooLarge',
    });
  });

  it('accepts each supported extension with matching bytes, in any case', () => {
    const cases: [string, Uint8Array, string][] = [
      ['photo.PNG', png(), 'image/png'],
      ['photo.jpg', jpeg(), 'image/jpeg'],
      ['photo.JPEG', jpeg(), 'image/jpeg'],
      ['photo.jfif', jpeg(), 'image/jpeg'],
      ['photo.heic', ftyp('heic', ['mif1', 'heic']), 'image/heic'],
      ['clip.mp4', ftyp('isom', ['isom', 'mp41']), 'video/mp4'],
      ['clip.mov', ftyp('qt  ', ['qt  ']), 'video/quicktime'],
      ['clip.mpeg', mpegPack(), 'video/mpeg'],
      ['clip.mpg', mpegSequence(720, 480), 'video/mpeg'],
    ];
    for (const [name, content, mediaType] of cases)
      expect(checkSiteUpload({ name, size: content.length, bytes: content }), name).toEqual({
        ok: true,
        mediaType,
      });
  });

  it('lets MP4 and MOV names carry either container', () => {
    const mp4 = ftyp('mp42', ['mp42']);
    const mov = ftyp('qt  ');
    expect(checkSiteUpload({ name: 'clip.mov', size: 100, bytes: mp4 })).toEqual({
      ok: true,
      mediaType: 'video/mp4',
    });
    expect(checkSiteUpload({ name: 'clip.mp4', size: 100, bytes: mov })).toEqual({
      ok: true,
      mediaType: 'video/quicktime',
    });
  });

  it('refuses a text file named .jpg', () => {
    expect(
      checkSiteUpload({ name: 'photo.jpg', size: 30, bytes: text('this is not really a photo') }),
    ).toEqual({ ok: false, messageKey: 'sites.invalidFileType' });
  });

  it('refuses bytes that do not match the extension', () => {
    const mismatches: [string, Uint8Array][] = [
      ['photo.jpg', png()],
      ['photo.png', jpeg()],
      ['photo.jpg', ftyp('heic')],
      ['photo.heic', jpeg()],
      ['clip.mp4', mpegPack()],
      ['clip.mpg', ftyp('isom', ['isom'])],
      ['clip.mov', png()],
    ];
    for (const [name, content] of mismatches)
      expect(checkSiteUpload({ name, size: content.length, bytes: content }), name).toEqual({
        ok: false,
        messageKey: 'sites.invalidFileType',
      });
  });

  it('refuses unsupported extensions, even with valid media bytes', () => {
    for (const name of ['anim.gif', 'page.html', 'clip.avi', 'clip.webm', 'noextension', 'photo.png.exe'])
      expect(checkSiteUpload({ name, size: 100, bytes: png() }), name).toEqual({
        ok: false,
        messageKey: 'sites.uploadUnsupported',
      });
  });

  it('does not take Object.prototype names for extensions', () => {
    for (const name of ['x.constructor', 'x.__proto__', 'x.hasownproperty'])
      expect(checkSiteUpload({ name, size: 100, bytes: png() }), name).toEqual({
        ok: false,
        messageKey: 'sites.uploadUnsupported',
      });
  });
});

describe('extensionOf', () => {
  it('returns the lower-case text after the last dot', () => {
    expect(extensionOf('photo.JPG')).toBe('jpg');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.heic')).toBe('heic');
  });

  it('returns an empty string without an extension', () => {
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(extensionOf('')).toBe('');
  });
});

describe('isSiteUploadName', () => {
  it('accepts the image and video upload extensions only', () => {
    for (const name of ['a.png', 'a.jpeg', 'a.JPG', 'a.jfif', 'a.heic', 'a.mp4', 'a.mpeg', 'a.mpg', 'a.mov'])
      expect(isSiteUploadName(name), name).toBe(true);
    for (const name of ['a.gif', 'a.webp', 'a.avi', 'a', 'a.constructor'])
      expect(isSiteUploadName(name), name).toBe(false);
  });
});

describe('isVideoFileName', () => {
  it('recognises the viewer video extensions in any case', () => {
    for (const name of ['clip.mp4', 'clip.MOV', 'clip.avi', 'clip.mkv', 'clip.flv', 'clip.wmv', 'clip.webm'])
      expect(isVideoFileName(name), name).toBe(true);
  });

  it('does not treat images or extension-less names as video', () => {
    for (const name of ['photo.png', 'photo.jpg', 'photo.heic', 'mp4', 'clip.mp4.txt'])
      expect(isVideoFileName(name), name).toBe(false);
  });
});
