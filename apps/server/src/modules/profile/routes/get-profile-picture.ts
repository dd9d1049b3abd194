import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { getPicture } from '../profile.service';

export default defineRoute({
  method: 'GET',
  url: '/api/profile/picture',
  summary: 'The own profile picture: its bytes with their content type (404 when none is set)',
  tags: ['profile'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' }),
  handler: async ({ ctx, req, reply, caller }) => {
    const picture = await getPicture(ctx, { caller });
    const etag = `"${picture.sha256}"`;
    // Private: it sits behind the bearer token; revalidated each time so a change shows at once.
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) {
      reply.status(304);
      return Buffer.alloc(0);
    }
    reply.type(picture.contentType);
    return picture.bytes;
  },
});
