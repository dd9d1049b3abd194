import {
  ZIP_UPLOAD_MAX_BYTES,
  ZUploadQuery,
  ZZipUploadParams,
  ZZipUploadResponse,
} from '@swipe/contracts/uploads';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { zipUploadBodyParsers } from '../upload-body';
import { receiveZipUpload, zipUploadAnswer } from '../zip-upload.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/uploads/zip/:uploadId',
  summary:
    'Upload an announced ZIP to its signed URL (raw bytes, at most 1 GB): each image becomes a creative like a single upload; one entry per file of the archive, with its asset or error',
  tags: ['sites'],
  // The signature in the URL is the credential (checked before the body is read).
  guard: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
  bodyParsers: zipUploadBodyParsers,
  bodyLimit: ZIP_UPLOAD_MAX_BYTES,
  params: ZZipUploadParams,
  querystring: ZUploadQuery,
  response: ZZipUploadResponse,
  handler: async ({ ctx, req, reply, params, query }) => {
    try {
      const files = await receiveZipUpload(ctx, {
        uploadId: params.uploadId,
        ...query,
        body: req.body,
        contentLength: req.headers['content-length'],
        lang: req.lang,
        log: req.log,
      });
      return zipUploadAnswer(files, req.lang);
    } catch (error) {
      // The client may still be sending (up to 1 GB): hang up after the answer instead of draining.
      if (error instanceof AppError && error.status === 413) reply.header('connection', 'close');
      throw error;
    }
  },
});
