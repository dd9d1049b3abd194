import { keysToSnake } from '@swipe/contracts/case';
import type { TNoticeAudience, TNoticeState } from '@swipe/contracts/communications';
import type { TDb } from '../../db/client';
import { noticeSites, notices, systemNotifications } from '../../db/schema/communications';
import { insertSite } from '../sites/site-fixtures';

// Test fixtures: inputs as the wire carries them, and rows written straight to the tables.

export const noticeFields = (over: Record<string, unknown> = {}) => ({
  title: 'Winter hours',
  content: 'We close at 17:00 from December.',
  postedDate: '2026-11-25',
  publication: 'IMMEDIATE',
  state: 'PUBLISHED',
  ...over,
});

/** A news body (snake_case) for `siteIds`. */
export const newsBody = (siteIds: string[], over: Record<string, unknown> = {}) =>
  keysToSnake({ ...noticeFields(), siteIds, ...over }) as Record<string, unknown>;

export const deliveryBody = (over: Record<string, unknown> = {}) =>
  keysToSnake(noticeFields(over)) as Record<string, unknown>;

export const systemNotificationBody = (audiences: TNoticeAudience[], over: Record<string, unknown> = {}) => {
  const { postedDate: _, ...fields } = noticeFields();
  return keysToSnake({ ...fields, audiences, ...over }) as Record<string, unknown>;
};

type TTiming = {
  state?: TNoticeState;
  startAt?: Date | null;
  endAt?: Date | null;
  publishedAt?: Date | null;
};
const timing = (o: TTiming) => ({
  publication: o.startAt ? ('SCHEDULED' as const) : ('IMMEDIATE' as const),
  state: o.state ?? 'PUBLISHED',
  startAt: o.startAt ?? null,
  endAt: o.endAt ?? null,
  publishedAt: o.publishedAt === undefined ? new Date(Date.now() - 60_000) : o.publishedAt,
});

/** News of `accountId` on `siteIds` (a new site of the account when none is given). */
export async function insertNews(db: TDb, opts: { accountId: string; siteIds?: string[] } & TTiming) {
  const siteIds = opts.siteIds ?? [(await insertSite(db, { accountId: opts.accountId, published: true })).id];
  const [row] = await db
    .insert(notices)
    .values({
      kind: 'NEWS',
      accountId: opts.accountId,
      title: 'News',
      content: 'Some news.',
      postedDate: '2026-11-25',
      ...timing(opts),
    })
    .returning();
  await db.insert(noticeSites).values(siteIds.map((siteId) => ({ noticeId: row!.id, siteId })));
  return { news: row!, siteIds };
}

/** A delivery on a site of `accountId` (a new published one unless given). */
export async function insertDelivery(db: TDb, opts: { accountId: string; siteId?: string } & TTiming) {
  const siteId = opts.siteId ?? (await insertSite(db, { accountId: opts.accountId, published: true })).id;
  const [row] = await db
    .insert(notices)
    .values({
      kind: 'DELIVERY',
      accountId: opts.accountId,
      siteId,
      title: 'Delivery',
      content: 'A notification.',
      postedDate: '2026-11-25',
      ...timing(opts),
    })
    .returning();
  await db.insert(noticeSites).values({ noticeId: row!.id, siteId });
  return { delivery: row!, siteId };
}

export async function insertSystemNotification(
  db: TDb,
  opts: { accountId: string; audiences: TNoticeAudience[] } & TTiming,
) {
  const [row] = await db
    .insert(systemNotifications)
    .values({
      accountId: opts.accountId,
      audiences: opts.audiences,
      title: 'System',
      content: 'A system notification.',
      ...timing(opts),
    })
    .returning();
  return row!;
}
