import { SITE_UPLOAD_MAX_BYTES } from '@swipe/contracts/site-upload-rules';
import { readLimitedBody } from '../../platform/raw-body';
import type { TBodyParser } from '../../platform/route';
import { uploadLinkInvalid, uploadSignatureValid, uploadTooLarge } from './uploads.service';
import { type TZipBody, zipSignatureValid } from './zip-upload.service';

const readUpload = readLimitedBody(SITE_UPLOAD_MAX_BYTES, uploadTooLarge);

/**
 * The raw file of a signed PUT, whatever its Content-Type (browsers send the file's own type, or
 * none). The signature is checked before a byte is read: without it nobody gets 30 MB buffered.
 */
const parseUpload: TBodyParser = async (req, payload, ctx) => {
  const query = req.query as Record<string, unknown>;
  const params = req.params as Record<string, unknown>;
  if (!uploadSignatureValid(ctx, { assetId: params.assetId, expires: query.expires, sig: query.sig })) {
    payload.resume();
    throw uploadLinkInvalid();
  }
  return readUpload(req, payload, ctx);
};

export const uploadBodyParsers = [
  { contentTypes: ['*', 'application/json', 'text/plain'], parse: parseUpload },
];

/**
 * The body of a ZIP's signed PUT is not read here: after the signature check (nobody without it
 * gets a byte of up to 1 GB accepted) the stream goes to the handler, which writes it to disk.
 */
const parseZipUpload: TBodyParser = async (req, payload, ctx) => {
  const query = req.query as Record<string, unknown>;
  const params = req.params as Record<string, unknown>;
  if (!zipSignatureValid(ctx, { uploadId: params.uploadId, expires: query.expires, sig: query.sig })) {
    payload.resume();
    throw uploadLinkInvalid();
  }
  return { stream: payload } satisfies TZipBody;
};

export const zipUploadBodyParsers = [
  { contentTypes: ['*', 'application/json', 'text/plain'], parse: parseZipUpload },
];
