import { type TUiLanguage, ZUiLanguage } from '@swipe/contracts/i18n';
import {
  PREVIEW_COMMENTS_PER_SITE,
  PREVIEW_REPLIES_PER_COMMENT,
  type TNewPreviewComment,
  type TPreviewComment,
} from '@swipe/contracts/preview-comments';
import { routePrefixOf, type TRole } from '@swipe/contracts/roles';
import { coordinateOf } from '@swipe/contracts/site-grid-rules';
import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts';
import { sitePreviewShares } from '../../db/schema/preview';
import { previewCommentReplies, previewComments } from '../../db/schema/preview-comments';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { previewAllowed, previewInvitee } from '../preview-share/preview-share.service';
import { previewPath } from '../site-core/preview-link';
import { loadSiteRef } from '../site-core/site-access';
import { creatorReplyMail, newCommentMail } from './comment-mails';

// Review comments on a shared preview (contracts/preview-comments.ts): invitees (signed in on
// the preview with their invited email) pin threads and reply; the site's creators read, reply,
// resolve and reopen them in the console; each new message mails the other side.

type TCommentRow = typeof previewComments.$inferSelect;
type TReplyRow = typeof previewCommentReplies.$inferSelect;
export type TInvitee = { shareId: string; email: string };

const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
const commentNotFound = () => new AppError(404, 'NOT_FOUND', 'comments.notFound');

/**
 * Who the preview's sign-in cookie is: an invited email with a live session (not revoked, not
 * expired) of a site that may be previewed and is shared privately (preview-share's own rule,
 * so a closed account or a switch to open sharing ends commenting too). A look without a name
 * (open sharing, its token or none at all) may not comment: 403; anything else is 401.
 */
export async function inviteeOf(
  ctx: TAppContext,
  opts: { siteId: string; token: string | null },
): Promise<TInvitee> {
  const invitee = await previewInvitee(ctx, opts);
  if (invitee) return invitee;
  if (await previewAllowed(ctx, opts)) throw new AppError(403, 'FORBIDDEN', 'comments.invitedOnly');
  throw unauthenticated();
}

const authorOf = (row: Pick<TCommentRow, 'authorKind' | 'authorName'>) => ({
  kind: row.authorKind as 'INVITEE' | 'CREATOR',
  name: row.authorName,
});

function toComment(row: TCommentRow, replies: TReplyRow[]): TPreviewComment {
  return {
    id: row.id,
    siteId: row.siteId,
    lang: row.lang as TPreviewComment['lang'],
    page: row.page,
    x: row.x,
    y: row.y,
    number: row.number,
    body: row.body,
    author: authorOf(row),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      author: authorOf(r),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Every thread of the site: open ones first, newest first within each, replies oldest first. */
export async function listThreads(db: TDbOrTx, siteId: string): Promise<TPreviewComment[]> {
  const rows = await db
    .select()
    .from(previewComments)
    .where(eq(previewComments.siteId, siteId))
    .orderBy(sql`${previewComments.resolvedAt} is not null`, desc(previewComments.createdAt));
  if (rows.length === 0) return [];
  const replies = await db
    .select()
    .from(previewCommentReplies)
    .where(
      inArray(
        previewCommentReplies.commentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(previewCommentReplies.createdAt));
  const byComment = new Map<string, TReplyRow[]>();
  for (const r of replies) byComment.set(r.commentId, [...(byComment.get(r.commentId) ?? []), r]);
  return rows.map((r) => toComment(r, byComment.get(r.id) ?? []));
}

async function thread(db: TDbOrTx, siteId: string, commentId: string) {
  const [row] = await db
    .select()
    .from(previewComments)
    .where(and(eq(previewComments.id, commentId), eq(previewComments.siteId, siteId)));
  if (!row) throw commentNotFound();
  return row;
}

async function threadWithReplies(db: TDbOrTx, row: TCommentRow) {
  const replies = await db
    .select()
    .from(previewCommentReplies)
    .where(eq(previewCommentReplies.commentId, row.id))
    .orderBy(asc(previewCommentReplies.createdAt));
  return toComment(row, replies);
}

/** An invitee pins a new thread on a page of the draft (one of its languages and pages). */
export async function createComment(
  ctx: TAppContext,
  opts: { siteId: string; invitee: TInvitee; input: TNewPreviewComment },
) {
  const { input } = opts;
  const created = await ctx.db.transaction(async (tx) => {
    // Numbered under the site's row lock: two comments never take the same number.
    const [site] = await tx.select().from(sites).where(eq(sites.id, opts.siteId)).for('update');
    if (!site) throw unauthenticated();
    const doc = storedSiteDocument(site.draft);
    const pages = new Set<string>();
    for (let r = 0; r < doc.numberVertical; r++)
      for (let c = 0; c < doc.numberHorizontal; c++) pages.add(coordinateOf(r, c));
    if (!doc.languages.includes(input.lang) || !pages.has(input.page))
      throw new AppError(400, 'VALIDATION_FAILED', 'comments.pageUnknown', undefined, [
        { field: 'page', messageKey: 'comments.pageUnknown' },
      ]);
    const [n] = await tx
      .select({ n: count(), top: max(previewComments.number) })
      .from(previewComments)
      .where(eq(previewComments.siteId, opts.siteId));
    if ((n?.n ?? 0) >= PREVIEW_COMMENTS_PER_SITE)
      throw new AppError(409, 'CONFLICT', 'comments.tooMany', { max: PREVIEW_COMMENTS_PER_SITE });
    const [row] = await tx
      .insert(previewComments)
      .values({
        siteId: opts.siteId,
        number: (n?.top ?? 0) + 1,
        lang: input.lang,
        page: input.page,
        x: input.x,
        y: input.y,
        body: input.body,
        authorKind: 'INVITEE',
        authorShareId: opts.invitee.shareId,
        authorName: opts.invitee.email,
      })
      .returning();
    return { row: row!, site };
  });
  await mailCreators(ctx, {
    site: created.site,
    comment: created.row,
    author: opts.invitee.email,
    body: input.body,
    reply: false,
  });
  return toComment(created.row, []);
}

async function addReply(
  db: TDbOrTx,
  comment: TCommentRow,
  reply: Omit<typeof previewCommentReplies.$inferInsert, 'commentId'>,
) {
  const [n] = await db
    .select({ n: count() })
    .from(previewCommentReplies)
    .where(eq(previewCommentReplies.commentId, comment.id));
  if ((n?.n ?? 0) >= PREVIEW_REPLIES_PER_COMMENT)
    throw new AppError(409, 'CONFLICT', 'comments.tooManyReplies', { max: PREVIEW_REPLIES_PER_COMMENT });
  await db.insert(previewCommentReplies).values({ ...reply, commentId: comment.id });
  return threadWithReplies(db, comment);
}

/** An invitee answers a thread; the site's creator hears of it. */
export async function replyAsInvitee(
  ctx: TAppContext,
  opts: { siteId: string; commentId: string; invitee: TInvitee; body: string },
) {
  const comment = await thread(ctx.db, opts.siteId, opts.commentId);
  const answer = await addReply(ctx.db, comment, {
    body: opts.body,
    authorKind: 'INVITEE',
    authorShareId: opts.invitee.shareId,
    authorName: opts.invitee.email,
  });
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, opts.siteId));
  if (site)
    await mailCreators(ctx, { site, comment, author: opts.invitee.email, body: opts.body, reply: true });
  return answer;
}

/** A creator's write: the site in their tree, and not expired (an expired site is read-only, as in the editor). */
async function writableSite(ctx: TAppContext, caller: TCaller, siteId: string) {
  await loadSiteRef(ctx.db, caller, siteId);
  const [site] = await ctx.db.select({ status: sites.status }).from(sites).where(eq(sites.id, siteId));
  if (site?.status === 'EXPIRED') throw new AppError(409, 'CONFLICT', 'sites.expired');
}

/** A creator answers a thread; its invitees (still invited) hear of it. */
export async function replyAsCreator(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; commentId: string; body: string },
) {
  await writableSite(ctx, opts.caller, opts.siteId);
  const comment = await thread(ctx.db, opts.siteId, opts.commentId);
  const [me] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, opts.caller.userId));
  const author = me?.name || opts.caller.email;
  const answer = await addReply(ctx.db, comment, {
    body: opts.body,
    authorKind: 'CREATOR',
    authorUserId: opts.caller.userId,
    authorName: author,
  });
  await mailInvitees(ctx, { comment, author, body: opts.body });
  return answer;
}

/** A creator resolves a thread, or opens it again. */
export async function resolveComment(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; commentId: string; resolved: boolean },
) {
  await writableSite(ctx, opts.caller, opts.siteId);
  const current = await thread(ctx.db, opts.siteId, opts.commentId);
  // Resolving a resolved thread (two tabs, a double click) keeps who resolved it first.
  if (opts.resolved === (current.resolvedAt !== null)) return threadWithReplies(ctx.db, current);
  const [row] = await ctx.db
    .update(previewComments)
    .set(
      opts.resolved
        ? { resolvedAt: new Date(), resolvedBy: opts.caller.userId }
        : { resolvedAt: null, resolvedBy: null },
    )
    .where(eq(previewComments.id, opts.commentId))
    .returning();
  return threadWithReplies(ctx.db, row!);
}

/** The console's list: every thread of a site in the caller's tree. */
export async function listForCreator(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  return listThreads(ctx.db, opts.siteId);
}

const uiLanguageOf = (value: unknown): TUiLanguage => {
  const parsed = ZUiLanguage.safeParse(value);
  return parsed.success ? parsed.data : 'ja';
};
/** A site language as a UI language (the invitee's mails speak the draft's default language). */
const UI_OF_SITE: Record<string, TUiLanguage> = { JP: 'ja', EN: 'en', KR: 'kr', CN: 'cn' };

/** The site's creator (who made it, if still there) hears of an invitee's comment or reply. */
async function mailCreators(
  ctx: TAppContext,
  opts: {
    site: typeof sites.$inferSelect;
    comment: TCommentRow;
    author: string;
    body: string;
    reply: boolean;
  },
) {
  if (!opts.site.createdBy) return;
  const [creator] = await ctx.db.select().from(users).where(eq(users.id, opts.site.createdBy));
  if (!creator || creator.deletedAt) return;
  let parentRole: TRole | null = null;
  if (creator.role === 'SUB_ADMIN' && creator.parentUserId) {
    const [parent] = await ctx.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, creator.parentUserId));
    parentRole = (parent?.role as TRole | undefined) ?? null;
  }
  let prefix: string;
  try {
    prefix = routePrefixOf(creator.role as TRole, parentRole);
  } catch {
    return;
  }
  const language = uiLanguageOf(creator.language);
  const mail = newCommentMail[language]({
    author: opts.author,
    site: opts.site.name,
    page: opts.comment.page,
    number: opts.comment.number,
    body: opts.body,
    link: `${ctx.config.publicUrl}/${prefix}/site/${opts.site.id}`,
    reply: opts.reply,
  });
  await ctx.mailer.send({ to: creator.email, language, ...mail });
}

/** The invitees of a thread (its author and every invitee who replied, still invited) hear of a creator's reply. */
async function mailInvitees(ctx: TAppContext, opts: { comment: TCommentRow; author: string; body: string }) {
  const shareIds = new Set<string>();
  if (opts.comment.authorShareId) shareIds.add(opts.comment.authorShareId);
  const replies = await ctx.db
    .select({ shareId: previewCommentReplies.authorShareId })
    .from(previewCommentReplies)
    .where(eq(previewCommentReplies.commentId, opts.comment.id));
  for (const r of replies) if (r.shareId) shareIds.add(r.shareId);
  if (shareIds.size === 0) return;
  const shares = await ctx.db
    .select({ email: sitePreviewShares.email })
    .from(sitePreviewShares)
    .where(and(inArray(sitePreviewShares.id, [...shareIds]), isNull(sitePreviewShares.revokedAt)));
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, opts.comment.siteId));
  if (!site) return;
  const language = UI_OF_SITE[storedSiteDocument(site.draft).defaultLanguage] ?? 'ja';
  for (const share of shares) {
    const mail = creatorReplyMail[language]({
      author: opts.author,
      site: site.name,
      page: opts.comment.page,
      number: opts.comment.number,
      body: opts.body,
      link: `${ctx.config.sitesUrl}${previewPath(site.id)}/`,
    });
    await ctx.mailer.send({ to: share.email, language, ...mail });
  }
}
