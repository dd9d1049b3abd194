import { ZGenerateZipUrlRequest, ZGenerateZipUrlResponse } from '@swipe/contracts/uploads';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { generateZipUrl } from '../zip-upload.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/generate-zip-url',
  summary:
    'Announce a ZIP of creative images (name, size; at most 1 GB): one signed upload URL (PUT, valid one hour, one upload)',
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT', rateLimit: { max: 30, timeWindow: '1 minute' } },
  body: ZGenerateZipUrlRequest,
  response: ZGenerateZipUrlResponse,
  handler: async ({ ctx, body, caller }) => ({ data: await generateZipUrl(ctx, { caller, ...body }) }),
});
