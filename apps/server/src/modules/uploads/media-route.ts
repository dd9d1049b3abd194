import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { isStorageKey } from '../../platform/storage';

// GET /media/<key>: the files of the media library, from the storage. Keys are uuid-named and
// written once (an asset's files never change after it is READY), so browsers and CDNs may keep
// them for a year. Ranges are answered because Safari plays video only from 206 responses.

export const MEDIA_URL_PREFIX = '/media';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range only); null to send the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

export function registerMediaRoute(app: FastifyInstance, ctx: TAppContext) {
  app.route({
    method: 'GET',
    url: `${MEDIA_URL_PREFIX}/*`,
    // Public like a published page: the unguessable key is what one needs.
    config: { guard: { public: true } },
    handler: async (req, reply) => {
      const key = (req.params as { '*'?: string })['*'];
      if (!isStorageKey(key)) throw notFound();
      const file = await ctx.storage.stat(key);
      if (!file) throw notFound();
      reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        // Published sites on their own domains show these files: let other origins embed them.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Accept-Ranges', 'bytes');
      const range = parseRange(req.headers.range, file.bytes);
      if (range === 'unsatisfiable')
        return reply.status(416).header('Content-Range', `bytes */${file.bytes}`).send();
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.bytes}`)
          .header('Content-Length', range.end - range.start + 1);
        return reply.send(ctx.storage.openRead(key, range));
      }
      reply.header('Content-Length', file.bytes);
      return reply.send(ctx.storage.openRead(key));
    },
  });
}
