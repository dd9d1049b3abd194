import { z } from 'zod';
import { envelope, ZMessageOnly } from './envelope';
import { ZAccountType, ZContractStatus } from './roles';

// Profile picture setting and "Delete Account": the signed-in operator's own picture,
// and the deletion of its account (with everything below it).

/** A profile picture is about 2 MB at most. */
export const PROFILE_PICTURE_MAX_BYTES = 2_097_152;
/** JPG, JPEG, JFIF, PNG (checked by name in the console, by bytes on the server). */
export const PROFILE_PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'jfif', 'png'] as const;
/** The Content-Type values PUT /api/profile/picture accepts for its raw body. */
export const PROFILE_PICTURE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/octet-stream'] as const;
/** Recommended 250 x 250. */
export const PROFILE_PICTURE_RECOMMENDED_PX = 250;

export type TPictureType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(b: Uint8Array): boolean {
  if (b.length < 33 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return false;
  // The first chunk must be a 13-byte IHDR with a non-zero width and height.
  const u32 = (at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
  const type = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  return u32(8) === 13 && type === 'IHDR' && u32(16) > 0 && u32(20) > 0;
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function isJpeg(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  // Walk the marker segments up to the first frame header; image data before one means no image.
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return false;
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    if (length < 2) return false;
    if (SOF.has(marker)) return length >= 8 && at + 2 + length <= b.length;
    at += 2 + length;
  }
  return false;
}

/** The image type the bytes really are (never the name), or null for anything else. */
export function detectPictureType(bytes: Uint8Array): TPictureType | null {
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  return null;
}

export const ZProfilePicture = z.object({
  contentType: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int(),
  sha256: z.string(),
  updatedAt: z.string(),
});
export type TProfilePicture = z.infer<typeof ZProfilePicture>;

// PUT /api/profile/picture: the raw file is the body. GET answers the bytes themselves.
export const ZUploadProfilePictureResponse = envelope(ZProfilePicture);
// DELETE /api/profile/picture
export const ZDeleteProfilePictureResponse = ZMessageOnly;

// GET /api/account/deletion: what deleting the caller's account would take away.
export const ZAccountDeletionSummary = z.object({
  accountId: z.string(),
  accountName: z.string(),
  accountType: ZAccountType,
  contract: z
    .object({
      planName: z.string(),
      /** The plan's monthly fee (yen, tax excluded), billed through the minimum term. */
      planPrice: z.number().int(),
      status: ZContractStatus,
      startDate: z.string(),
      endDate: z.string(),
    })
    .nullable(),
  /** Accounts below this one (an OEM's companies) that go with it. */
  accountsBelow: z.number().int(),
  /** Every operator who loses access: users and sub-admins of this account and those below. */
  users: z.number().int(),
});
export type TAccountDeletionSummary = z.infer<typeof ZAccountDeletionSummary>;
export const ZGetAccountDeletionResponse = envelope(ZAccountDeletionSummary);

// DELETE /api/account: the caller's password and the account (company) name as typed proof.
export const ZDeleteAccountRequest = z.object({
  password: z.string({ error: 'common.required' }).min(1, 'common.required').max(256, 'common.tooLong'),
  confirmation: z
    .string({ error: 'common.required' })
    .trim()
    .min(1, 'common.required')
    .max(256, 'common.tooLong'),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
export const ZDeleteAccountResponse = ZMessageOnly;
