import type { TNoticeAudience } from '@swipe/contracts/communications';
import { and, asc, eq } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { noticeSites, notices, systemNotifications } from '../../db/schema/communications';
import type { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';

// The demo's communications, so a fresh machine shows each: one item of latest information from
// MASTER on the demo site, one notification its creators delivered to its visitors, and one
// system notification for every audience of operators.

const DAY = 86_400_000;
const jstDay = (t: number) => new Date(t + 9 * 3_600_000).toISOString().slice(0, 10);

const SYSTEM: Record<TNoticeAudience, { title: string; content: string }> = {
  OEM_MASTER: {
    title: 'パートナー向け：料金改定のお知らせ',
    content: '2027年4月よりOEMパートナー向けの卸価格を改定します。詳細は担当者よりご案内します。',
  },
  OEM_ADMIN: {
    title: 'Maintenance on Sunday 03:00–04:00 JST',
    content:
      'The console will be read-only for up to an hour during database maintenance. Published sites stay online.',
  },
  USER: {
    title: '新機能：キャンペーンのクリック数',
    content: 'キャンペーン一覧でバナーとボタンのクリック数を確認できるようになりました。',
  },
  MASTER_USER: {
    title: 'New: notification delivery to your visitors',
    content: 'Send news to the visitors of your sites at once or at a time you choose, from the site list.',
  },
};

export async function seedDemoCommunications(db: TDbOrTx, site: typeof sites.$inferSelect, now = Date.now()) {
  const [master] = await db
    .select({ userId: users.id, accountId: accounts.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.role, 'MASTER'), eq(accounts.type, 'PLATFORM')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!master) return;
  const since = new Date(now - 2 * DAY);
  const [news] = await db
    .insert(notices)
    .values({
      kind: 'NEWS',
      accountId: master.accountId,
      title: '年末年始の営業について',
      linkUrl: 'https://example.com/holidays',
      content: '12月29日から1月3日までお問い合わせへの返信をお休みします。ご予約は引き続き受け付けています。',
      postedDate: jstDay(since.getTime()),
      publication: 'IMMEDIATE',
      state: 'PUBLISHED',
      publishedAt: since,
      createdBy: master.userId,
    })
    .returning({ id: notices.id });
  const [delivery] = await db
    .insert(notices)
    .values({
      kind: 'DELIVERY',
      accountId: site.accountId,
      siteId: site.id,
      title: '秋の新メニューが始まりました',
      linkUrl: '',
      content: '栗と柿を使った季節限定のメニューをご用意しました。B1のページからご覧ください。',
      postedDate: jstDay(now - DAY),
      publication: 'IMMEDIATE',
      state: 'PUBLISHED',
      publishedAt: new Date(now - DAY),
      deliveredAt: new Date(now - DAY),
      createdBy: site.createdBy ?? null,
    })
    .returning({ id: notices.id });
  await db.insert(noticeSites).values([
    { noticeId: news!.id, siteId: site.id },
    { noticeId: delivery!.id, siteId: site.id },
  ]);
  await db.insert(systemNotifications).values(
    (Object.keys(SYSTEM) as TNoticeAudience[]).map((audience, i) => ({
      ...SYSTEM[audience],
      accountId: master.accountId,
      audiences: [audience],
      publication: 'IMMEDIATE' as const,
      state: 'PUBLISHED' as const,
      publishedAt: new Date(now - (i + 1) * 3_600_000),
      createdBy: master.userId,
    })),
  );
}
