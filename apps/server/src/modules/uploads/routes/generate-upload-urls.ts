import { ZGenerateUploadUrlsRequest, ZGenerateUploadUrlsResponse } from '@swipe/contracts/uploads';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { generateUploadUrls } from '../uploads.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/generate-urls',
  summary:
    'Announce up to 100 creative files (name, size, kind): one signed upload URL (PUT, valid one hour) per accepted file, or the reason it is refused',
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT', rateLimit: { max: 60, timeWindow: '1 minute' } },
  body: ZGenerateUploadUrlsRequest,
  response: ZGenerateUploadUrlsResponse,
  handler: async ({ ctx, body, caller, req }) => ({
    data: await generateUploadUrls(ctx, { caller, ...body, lang: req.lang }),
  }),
});
