import { translate } from '@swipe/contracts/messages';
import { SITE_UPLOAD_MAX_BYTES } from '@swipe/contracts/site-upload-rules';
import { ZUploadAssetResponse, ZUploadParams, ZUploadQuery } from '@swipe/contracts/uploads';
import { defineRoute } from '../../../platform/route';
import { uploadBodyParsers } from '../upload-body';
import { receiveUpload, signedUploadRateLimit } from '../uploads.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/uploads/:assetId',
  summary:
    'Upload one announced file to its signed URL: the raw bytes are the body (any Content-Type), at most 30 MB; images answer with their WebP variants',
  tags: ['sites'],
  // The signature in the URL is the credential; the limit counts a signed request per asset (checked before the body is read).
  guard: { public: true, rateLimit: signedUploadRateLimit('PUT') },
  bodyParsers: uploadBodyParsers,
  bodyLimit: SITE_UPLOAD_MAX_BYTES,
  params: ZUploadParams,
  querystring: ZUploadQuery,
  response: ZUploadAssetResponse,
  handler: async ({ ctx, req, params, query }) => ({
    data: await receiveUpload(ctx, { assetId: params.assetId, ...query, body: req.body }),
    message: translate('sites.uploaded', req.lang),
  }),
});
