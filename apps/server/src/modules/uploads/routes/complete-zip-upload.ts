import { ZUploadQuery, ZZipUploadParams, ZZipUploadResponse } from '@swipe/contracts/uploads';
import { defineRoute } from '../../../platform/route';
import { completeZipUpload, zipUploadAnswer } from '../zip-upload.service';

export default defineRoute({
  method: 'POST',
  url: '/api/uploads/zip/:uploadId/complete',
  summary:
    'After the ZIP was PUT straight to the storage bucket (an upload URL with a complete URL): the server unpacks it from there like a PUT to the server and answers each file',
  tags: ['sites'],
  // The signature in the URL is the credential.
  guard: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
  params: ZZipUploadParams,
  querystring: ZUploadQuery,
  response: ZZipUploadResponse,
  handler: async ({ ctx, req, params, query }) =>
    zipUploadAnswer(
      await completeZipUpload(ctx, { uploadId: params.uploadId, ...query, lang: req.lang, log: req.log }),
      req.lang,
    ),
});
