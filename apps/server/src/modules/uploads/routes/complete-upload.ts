import { translate } from '@swipe/contracts/messages';
import { ZUploadAssetResponse, ZUploadParams, ZUploadQuery } from '@swipe/contracts/uploads';
import { defineRoute } from '../../../platform/route';
import { completeUpload, signedUploadRateLimit } from '../uploads.service';

export default defineRoute({
  method: 'POST',
  url: '/api/uploads/:assetId/complete',
  summary:
    'After the file was PUT straight to the storage bucket (an upload URL with a complete URL): the server reads it back, checks it like a PUT to the server and answers the asset',
  tags: ['sites'],
  // The signature in the URL is the credential; the limit counts a signed request per asset.
  guard: { public: true, rateLimit: signedUploadRateLimit('POST') },
  params: ZUploadParams,
  querystring: ZUploadQuery,
  response: ZUploadAssetResponse,
  handler: async ({ ctx, req, params, query }) => ({
    data: await completeUpload(ctx, { assetId: params.assetId, ...query }),
    message: translate('sites.uploaded', req.lang),
  }),
});
