import { z } from 'zod';
import { defineRoute } from '../../../platform/route';
import { getPicture } from '../profile.service';

export default defineRoute({
  method: 'GET',
  url: '/api/profile/picture',
  summary: 'The own profile picture: its bytes with their content type (204, no content, when none is set)',
  tags: ['profile'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' }),
  handler: async ({ ctx, req, reply, caller }) => {
    const picture = await getPicture(ctx, { caller });
    // No picture is an answer, not a missing resource: the console asks on every page it shows
    // an avatar, and a 404 there is an error in the browser's console each time.
    if (!picture) {
      reply.status(204);
      return Buffer.alloc(0);
    }
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
