import { REVISION_COALESCE_MINUTES, REVISIONS_KEPT, type TSiteRevision } from '@swipe/contracts/site-api';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts';
import { siteRevisions } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loadSite } from '../site-core/site-access';

// Autosave, history and undo: the draft's revision history. Every save records the
// document it left; the editor lists them and restores any (a restore is itself a new save, so
// nothing is ever lost by restoring). Autosave saves every few seconds while someone types, so
// consecutive autosaves of one author within REVISION_COALESCE_MINUTES share one entry (the entry
// moves forward to the newest revision); saves the creator asked for, publishes, unpublishes and
// restores always stand on their own. Only the newest REVISIONS_KEPT entries per site are kept.

export type TRevisionKind = TSiteRevision['kind'];

/** Records the document a save left as `revision`, in the save's transaction. */
export async function recordRevision(
  tx: TDbOrTx,
  opts: {
    siteId: string;
    revision: number;
    document: TSiteDocument;
    authorId: string | null;
    kind: TRevisionKind;
    restoredFrom?: number;
    now: Date;
  },
) {
  if (opts.kind === 'AUTOSAVE' && opts.authorId) {
    const [last] = await tx
      .select({
        revision: siteRevisions.revision,
        kind: siteRevisions.kind,
        authorId: siteRevisions.authorId,
      })
      .from(siteRevisions)
      .where(eq(siteRevisions.siteId, opts.siteId))
      .orderBy(desc(siteRevisions.revision))
      .limit(1);
    const since = new Date(opts.now.getTime() - REVISION_COALESCE_MINUTES * 60_000);
    if (last && last.kind === 'AUTOSAVE' && last.authorId === opts.authorId) {
      const moved = await tx
        .update(siteRevisions)
        .set({ revision: opts.revision, document: opts.document, createdAt: opts.now })
        .where(
          and(
            eq(siteRevisions.siteId, opts.siteId),
            eq(siteRevisions.revision, last.revision),
            sql`${siteRevisions.createdAt} >= ${since.toISOString()}`,
          ),
        )
        .returning({ revision: siteRevisions.revision });
      if (moved.length > 0) return;
    }
  }
  await tx.insert(siteRevisions).values({
    siteId: opts.siteId,
    revision: opts.revision,
    document: opts.document,
    authorId: opts.authorId,
    kind: opts.kind,
    restoredFrom: opts.restoredFrom ?? null,
    createdAt: opts.now,
  });
  // Keep the newest REVISIONS_KEPT: everything below the oldest of them goes.
  const [edge] = await tx
    .select({ revision: siteRevisions.revision })
    .from(siteRevisions)
    .where(eq(siteRevisions.siteId, opts.siteId))
    .orderBy(desc(siteRevisions.revision))
    .offset(REVISIONS_KEPT - 1)
    .limit(1);
  if (edge)
    await tx
      .delete(siteRevisions)
      .where(and(eq(siteRevisions.siteId, opts.siteId), lt(siteRevisions.revision, edge.revision)));
}

/** The site's revisions, newest first (the caller must be allowed to read the site). */
export async function listRevisions(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string },
): Promise<TSiteRevision[]> {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  const rows = await ctx.db
    .select({
      revision: siteRevisions.revision,
      kind: siteRevisions.kind,
      restoredFrom: siteRevisions.restoredFrom,
      createdAt: siteRevisions.createdAt,
      authorName: users.name,
      // Only what tells revisions apart, not whole documents.
      rows: sql<number>`(${siteRevisions.document} ->> 'numberVertical')::int`,
      columns: sql<number>`(${siteRevisions.document} ->> 'numberHorizontal')::int`,
      languages: sql<string[]>`coalesce(${siteRevisions.document} -> 'languages', '[]'::jsonb)`,
    })
    .from(siteRevisions)
    .leftJoin(users, eq(users.id, siteRevisions.authorId))
    .where(eq(siteRevisions.siteId, row.site.id))
    .orderBy(desc(siteRevisions.revision));
  return rows.map((r) => ({
    revision: r.revision,
    kind: r.kind as TSiteRevision['kind'],
    restoredFrom: r.restoredFrom,
    createdAt: r.createdAt.toISOString(),
    authorName: r.authorName,
    pages: (r.rows ?? 0) * (r.columns ?? 0),
    languages: r.languages as TSiteLanguage[],
  }));
}

/** The document saved as `revision` of the site (404 when that revision is not kept). */
export async function revisionDocument(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; revision: number },
): Promise<TSiteDocument> {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  const [found] = await ctx.db
    .select({ document: siteRevisions.document })
    .from(siteRevisions)
    .where(and(eq(siteRevisions.siteId, row.site.id), eq(siteRevisions.revision, opts.revision)));
  if (!found) throw new AppError(404, 'NOT_FOUND', 'sites.revisionNotFound');
  return storedSiteDocument(found.document);
}
