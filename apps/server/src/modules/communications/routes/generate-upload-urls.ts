import { ZGenerateUploadUrlsRequest, ZGenerateUploadUrlsResponse } from '@swipe/contracts/uploads';
import { defineRoute } from '../../../platform/route';
import { generateUploadUrls } from '../../uploads/uploads.service';

export default defineRoute({
  method: 'POST',
  url: '/api/communications/generate-urls',
  summary:
    "Upload URLs for the images of latest information and system notifications, into the caller's own account (the platform's for MASTER); the same rules as creative uploads",
  tags: ['communications'],
  guard: {
    roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'],
    authority: 'EDIT',
    rateLimit: { max: 60, timeWindow: '1 minute' },
  },
  body: ZGenerateUploadUrlsRequest,
  response: ZGenerateUploadUrlsResponse,
  handler: async ({ ctx, body, caller, req }) => ({
    data: await generateUploadUrls(ctx, { caller, files: body.files, lang: req.lang, ownAccount: true }),
  }),
});
