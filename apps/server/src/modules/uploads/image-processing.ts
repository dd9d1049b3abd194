import { SITE_IMAGE_VARIANT_WIDTHS } from '@swipe/contracts/uploads';
import sharp from 'sharp';
import { heicToJpeg } from './heic';

// What an uploaded image becomes (WebP variants a page picks from with `srcset`): the original
// auto-rotated and re-encoded in its own format, which also drops its metadata (a phone photo's
// EXIF carries where it was taken, and these files are public), plus a WebP per variant width
// that is not wider than the image.

/** Larger images are refused before they are decoded (a small PNG can unpack to gigabytes). */
export const IMAGE_MAX_PIXELS = 64_000_000;
/** Decoding takes memory: a few images at a time, the rest wait their turn. */
const MAX_CONCURRENT = 2;

export type TProcessedImage = {
  original: { data: Buffer; mime: 'image/jpeg' | 'image/png'; width: number; height: number };
  variants: { width: number; data: Buffer }[];
};

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finishing job hands its slot straight to the next in line.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * Normalises the image and renders its variants; rejects when the bytes do not decode as an
 * image (the caller answers that the file type is invalid).
 */
export function processImage(
  bytes: Buffer,
  mediaType: 'image/png' | 'image/jpeg' | 'image/heic',
): Promise<TProcessedImage> {
  return limited(async () => {
    const input = mediaType === 'image/heic' ? await heicToJpeg(bytes) : bytes;
    const png = mediaType === 'image/png';
    const image = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
    const { data, info } = await (png ? image.png() : image.jpeg({ quality: 90, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
    const variants = await Promise.all(
      SITE_IMAGE_VARIANT_WIDTHS.filter((w) => w <= info.width).map(async (width) => ({
        width,
        data: await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS })
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return {
      original: { data, mime: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height },
      variants,
    };
  });
}
