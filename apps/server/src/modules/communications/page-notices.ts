import { NOTICE_PANEL_MAX, type TVisitorNotice } from '@swipe/contracts/communications';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { and, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { noticeSites, notices } from '../../db/schema/communications';
import type { TAppContext } from '../../platform/context';
import { imageUrls, showingSql, visibleFromSql } from './notice-shared';

// What a published site's visitors read: its latest information and delivered notifications
// showing now in their language, newest first, in one query with the page. What shows changes
// only when one is saved (the save drops the site's cached pages) or at an item's start or end:
// the render says when that is next (`expiresAt`) and the page cache renders again from then.

export type TPageNotices = {
  list: TVisitorNotice[];
  /** The next start or end of an item of the site; null: none to come. */
  expiresAt: number | null;
};

const forLanguage = (lang: TSiteLanguage) =>
  sql`(cardinality(${notices.languages}) = 0 or ${lang} = any(${notices.languages}))`;

export async function pageNotices(
  ctx: TAppContext,
  opts: { siteId: string; lang: TSiteLanguage; now?: Date },
): Promise<TPageNotices> {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const onSite = and(
    eq(noticeSites.siteId, opts.siteId),
    eq(notices.state, 'PUBLISHED'),
    forLanguage(opts.lang),
  );
  const [rows, [next]] = await Promise.all([
    ctx.db
      .select({
        id: notices.id,
        kind: notices.kind,
        accountId: notices.accountId,
        title: notices.title,
        content: notices.content,
        linkUrl: notices.linkUrl,
        image: notices.image,
        postedDate: notices.postedDate,
        visibleFrom: visibleFromSql(notices).mapWith((v: string | Date) => new Date(v)),
      })
      .from(noticeSites)
      .innerJoin(notices, eq(notices.id, noticeSites.noticeId))
      .where(and(onSite, showingSql(notices, now)))
      .orderBy(desc(visibleFromSql(notices)), desc(notices.createdAt))
      .limit(NOTICE_PANEL_MAX),
    ctx.db
      .select({
        at: sql<string | Date | null>`min(least(
          case when ${visibleFromSql(notices)} > ${at}::timestamptz then ${visibleFromSql(notices)} end,
          case when ${notices.endAt} > ${at}::timestamptz then ${notices.endAt} end))`,
      })
      .from(noticeSites)
      .innerJoin(notices, eq(notices.id, noticeSites.noticeId))
      .where(
        and(
          onSite,
          or(
            gt(visibleFromSql(notices), sql`${at}::timestamptz`),
            and(isNotNull(notices.endAt), gt(notices.endAt, sql`${at}::timestamptz`)),
          ),
        ),
      ),
  ]);
  const images = await imageUrls(ctx, rows);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      content: r.content,
      linkUrl: r.linkUrl,
      imageUrl: r.image ? (images[r.image.assetId] ?? null) : null,
      postedDate: r.postedDate,
      visibleFrom: r.visibleFrom.toISOString(),
    })),
    expiresAt: next?.at ? (next.at instanceof Date ? next.at.getTime() : Date.parse(next.at)) : null,
  };
}
