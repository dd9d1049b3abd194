import { z } from 'zod';
import { envelope } from './envelope';
import { zCoordinate } from './site-grid-rules';
import { ZSiteLanguage } from './sites';

// Review comments on a shared preview: people invited to a site's preview (private
// sharing: they signed in with their invited email) pin a comment on a point of a page of the
// draft; the site's creators see the pins on the editor's page and in a list, reply and resolve
// them; invitees and creators are mailed about new comments and replies. Comments never appear
// on the published site and follow the preview's access rules: an invitee whose email was
// revoked (or whose sign-in lapsed) is refused.
//
// Invitee calls live under the preview's own address, where its HttpOnly sign-in cookie goes:
//   GET  /site/{siteId}/preview/comments            -> ZPreviewCommentsResponse (every thread)
//   POST /site/{siteId}/preview/comments            ZNewPreviewComment -> 201 ZPreviewCommentResponse
//   POST /site/{siteId}/preview/comments/{id}/replies  ZPreviewReplyInput -> 201 ZPreviewCommentResponse
// Creator calls (the console, whoever may see the site reads, whoever may edit it writes):
//   GET  /api/site/{siteId}/comments                 -> ZPreviewCommentsResponse
//   POST /api/site/{siteId}/comments/{id}/replies    ZPreviewReplyInput -> 201 ZPreviewCommentResponse
//   PUT  /api/site/{siteId}/comments/{id}/resolve    ZResolveComment -> ZPreviewCommentResponse

/** The longest comment or reply. */
export const PREVIEW_COMMENT_MAX = 1_000;
/** Threads one site may hold (a bound on what a reviewer can pile up). */
export const PREVIEW_COMMENTS_PER_SITE = 500;
/** Replies one thread may hold. */
export const PREVIEW_REPLIES_PER_COMMENT = 100;

const zBody = () =>
  z.string('common.required').trim().min(1, 'common.required').max(PREVIEW_COMMENT_MAX, 'common.tooLong');

/** A point on a page: thousandths of the page's width and height from its top left corner. */
const zPoint = () => z.number().int().min(0).max(1000);

export const ZNewPreviewComment = z.object({
  lang: ZSiteLanguage,
  page: zCoordinate(),
  x: zPoint(),
  y: zPoint(),
  body: zBody(),
});
export type TNewPreviewComment = z.infer<typeof ZNewPreviewComment>;

export const ZPreviewReplyInput = z.object({ body: zBody() });
export const ZResolveComment = z.object({ resolved: z.boolean() });

/** Who wrote a comment or reply: an invitee (their invited email) or one of the site's creators. */
export const ZCommentAuthor = z.object({
  kind: z.enum(['INVITEE', 'CREATOR']),
  /** The invitee's email, or the creator's name. */
  name: z.string(),
});
export type TCommentAuthor = z.infer<typeof ZCommentAuthor>;

export const ZPreviewReply = z.object({
  id: z.uuid(),
  body: z.string(),
  author: ZCommentAuthor,
  createdAt: z.string(),
});

export const ZPreviewComment = z.object({
  id: z.uuid(),
  siteId: z.uuid(),
  /** The language tab and page it was pinned on. */
  lang: ZSiteLanguage,
  page: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  /** Its number on the site (1, 2, ...): how pins and the list name it. */
  number: z.number().int(),
  body: z.string(),
  author: ZCommentAuthor,
  createdAt: z.string(),
  /** When a creator marked it resolved (null: open). */
  resolvedAt: z.string().nullable(),
  replies: z.array(ZPreviewReply),
});
export type TPreviewComment = z.infer<typeof ZPreviewComment>;
export const ZPreviewCommentResponse = envelope(ZPreviewComment);
/** Every thread of the site, open ones first, newest first within each. */
export const ZPreviewCommentsResponse = envelope(z.array(ZPreviewComment));

export const ZCommentParams = z.object({
  id: z.uuid('common.notFound'),
  commentId: z.uuid('common.notFound'),
});
