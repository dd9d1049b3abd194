import { keysToSnake } from '@swipe/contracts/case';
import { translate } from '@swipe/contracts/messages';
import { ZNewPreviewComment, ZPreviewReplyInput } from '@swipe/contracts/preview-comments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TAppContext } from '../../platform/context';
import { RequestValidationError } from '../../platform/http';
import { previewCookieOf } from '../preview-share/preview-share.service';
import { createComment, inviteeOf, listThreads, replyAsInvitee } from './preview-comments.service';

// The invitee's calls, under the preview's own address where its HttpOnly sign-in cookie goes
// (Path=/site/{id}/preview): the threads, a new one, a reply. JSON in and out, snake_case like
// the API; errors answer like the API's (the app's error handler). A POST must come from the
// preview's own host (the cookie is SameSite=Lax; this refuses the rest).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new RequestValidationError(result.error.issues);
  return result.data;
}

export function registerInviteeComments(app: FastifyInstance, ctx: TAppContext) {
  // The host alone is compared: behind a TLS proxy the app may see http while the page is https.
  const sameOrigin = (req: FastifyRequest) => {
    const origin = req.headers.origin;
    if (!origin) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  };
  const ids = (req: FastifyRequest) => {
    const { id, commentId } = req.params as { id: string; commentId?: string };
    return UUID.test(id) && (commentId === undefined || UUID.test(commentId)) ? { id, commentId } : null;
  };
  const limit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

  app.get('/site/:id/preview/comments', limit, async (req, reply) => {
    const p = ids(req);
    if (!p)
      return reply.status(404).send({ message: translate('common.notFound', req.lang), code: 'NOT_FOUND' });
    await inviteeOf(ctx, { siteId: p.id, token: previewCookieOf(req.headers) });
    reply.header('cache-control', 'private, no-store');
    return { data: keysToSnake(await listThreads(ctx.db, p.id)) };
  });

  app.post('/site/:id/preview/comments', limit, async (req, reply) => {
    const p = ids(req);
    if (!p || !sameOrigin(req))
      return reply.status(404).send({ message: translate('common.notFound', req.lang), code: 'NOT_FOUND' });
    const invitee = await inviteeOf(ctx, { siteId: p.id, token: previewCookieOf(req.headers) });
    const input = parsed(ZNewPreviewComment, req.body);
    const comment = await createComment(ctx, { siteId: p.id, invitee, input });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ data: keysToSnake(comment), message: translate('comments.added', req.lang) });
  });

  app.post('/site/:id/preview/comments/:commentId/replies', limit, async (req, reply) => {
    const p = ids(req);
    if (!p || !sameOrigin(req))
      return reply.status(404).send({ message: translate('common.notFound', req.lang), code: 'NOT_FOUND' });
    const invitee = await inviteeOf(ctx, { siteId: p.id, token: previewCookieOf(req.headers) });
    const { body } = parsed(ZPreviewReplyInput, req.body);
    const comment = await replyAsInvitee(ctx, { siteId: p.id, commentId: p.commentId!, invitee, body });
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ data: keysToSnake(comment), message: translate('comments.replied', req.lang) });
  });
}
