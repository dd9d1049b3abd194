import type { TMessageKey } from './messages';
import { detectPictureType } from './profile';

// Site media uploads, checked by their bytes, never by name.
// The name only chooses what the console offers and must agree with the bytes.

/** 30 MB per file. */
export const SITE_UPLOAD_MAX_BYTES = 31_457_280;
/** Images PNG, JPEG, JPG, JFIF, and HEIC (converted on the server). */
export const SITE_IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'jfif', 'heic'] as const;
/** Videos MP4, MPEG, MOV ('mpg' is the usual short name of MPEG files). */
export const SITE_VIDEO_UPLOAD_EXTENSIONS = ['mp4', 'mpeg', 'mpg', 'mov'] as const;
/** Extensions the viewer treats as video when it renders a creative. */
export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'mkv', 'flv', 'wmv', 'webm'] as const;

export type TSiteMediaType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/heic'
  | 'video/mp4'
  | 'video/quicktime'
  | 'video/mpeg';

export const SITE_MEDIA_TYPES: readonly TSiteMediaType[] = [
  'image/png',
  'image/jpeg',
  'image/heic',
  'video/mp4',
  'video/quicktime',
  'video/mpeg',
];

/** The media types each accepted extension may carry. */
const EXTENSION_TYPES: Record<string, readonly TSiteMediaType[]> = {
  png: ['image/png'],
  jpeg: ['image/jpeg'],
  jpg: ['image/jpeg'],
  jfif: ['image/jpeg'],
  heic: ['image/heic'],
  // Phones label both containers loosely; the bytes decide.
  mp4: ['video/mp4', 'video/quicktime'],
  mov: ['video/quicktime', 'video/mp4'],
  mpeg: ['video/mpeg'],
  mpg: ['video/mpeg'],
};

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const isVideoFileName = (name: string): boolean =>
  (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name));

export const isSiteUploadName = (name: string): boolean => Object.hasOwn(EXTENSION_TYPES, extensionOf(name));

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'XAVC',
]);
// Audio-only, AVIF and 3GPP files share the container but are not accepted media.
const REFUSED_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'avif', 'avis', '3gp4', '3gp5', '3gp6', '3g2a']);
// Old QuickTime files start with one of these atoms instead of `ftyp`.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'pnot']);

function sniffIsoMedia(b: Uint8Array): TSiteMediaType | null {
  if (b.length < 12) return null;
  const type = ascii(b, 4, 8);
  const size = u32(b, 0);
  if (type !== 'ftyp') return QUICKTIME_ATOMS.has(type) && size >= 8 ? 'video/quicktime' : null;
  if (size < 16 || size > 4096 || (size - 16) % 4 !== 0 || b.length < size) return null;
  const major = ascii(b, 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(ascii(b, at, at + 4));
  const brands = [major, ...compatible];
  if (REFUSED_BRANDS.has(major)) return null;
  if (HEIC_BRANDS.has(major)) return 'image/heic';
  if (GENERIC_HEIF_BRANDS.has(major))
    return compatible.some((c) => HEIC_BRANDS.has(c)) && !brands.includes('avif') ? 'image/heic' : null;
  if (major === 'qt  ') return 'video/quicktime';
  if (MP4_BRANDS.has(major) || compatible.some((c) => MP4_BRANDS.has(c))) return 'video/mp4';
  return null;
}

function sniffMpeg(b: Uint8Array): TSiteMediaType | null {
  if (b.length < 12 || b[0] !== 0 || b[1] !== 0 || b[2] !== 1) return null;
  // Program stream pack header: MPEG-2 starts its next byte with 01, MPEG-1 with 0010.
  if (b[3] === 0xba) return (b[4]! & 0xc0) === 0x40 || (b[4]! & 0xf0) === 0x20 ? 'video/mpeg' : null;
  // Elementary video stream sequence header: a non-zero width and height.
  if (b[3] === 0xb3) {
    const width = (b[4]! << 4) | (b[5]! >> 4);
    const height = ((b[5]! & 0x0f) << 8) | b[6]!;
    return width > 0 && height > 0 ? 'video/mpeg' : null;
  }
  return null;
}

/** What the bytes really are among the accepted site media types, or null (HTML, SVG, GIF...). */
export function sniffMediaType(bytes: Uint8Array): TSiteMediaType | null {
  return detectPictureType(bytes) ?? sniffIsoMedia(bytes) ?? sniffMpeg(bytes);
}

/**
 * Checks one uploaded file: its size, its name's extension and its bytes. `bytes` needs only the
 * first few kilobytes. Returns the media type, or the message key to show for the file.
 */
export function checkSiteUpload(file: {
  name: string;
  size: number;
  bytes: Uint8Array;
}): { ok: true; mediaType: TSiteMediaType } | { ok: false; messageKey: TMessageKey } {
  if (file.size > SITE_UPLOAD_MAX_BYTES) return { ok: false, messageKey: 'sites.uploadTooLarge' };
  const allowed = EXTENSION_TYPES[extensionOf(file.name)];
  if (!allowed || !Object.hasOwn(EXTENSION_TYPES, extensionOf(file.name)))
    return { ok: false, messageKey: 'sites.uploadUnsupported' };
  const mediaType = sniffMediaType(file.bytes);
  if (!mediaType || !allowed.includes(mediaType)) return { ok: false, messageKey: 'sites.invalidFileType' };
  return { ok: true, mediaType };
}
