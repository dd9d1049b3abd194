import type { TNoticeAudience } from '@swipe/contracts/communications';
import { jstDay } from '@swipe/contracts/jst-format';
import { and, asc, eq } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { noticeSites, notices, systemNotifications } from '../../db/schema/communications';
import type { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';

// The demo's communications, so a fresh machine shows each: one item of latest information from
// MASTER on the demo site, one notification its creators delivered to its visitors, and one
// system notification for every audience of operators.

const DAY = 86_400_000;

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
  // Each in Japanese for the Japanese pages and in English for the English ones.
  const items = [
    {
      kind: 'NEWS' as const,
      accountId: master.accountId,
      siteId: null,
      linkUrl: 'https://example.com/holidays',
      at: now - 2 * DAY,
      createdBy: master.userId,
      JP: {
        title: '年末年始の営業について',
        content:
          '12月29日から1月3日までお問い合わせへの返信をお休みします。ご予約は引き続き受け付けています。',
      },
      EN: {
        title: 'Our year-end hours',
        content: 'We answer enquiries again from 4 January. Bookings stay open over the holidays.',
      },
    },
    {
      kind: 'DELIVERY' as const,
      accountId: site.accountId,
      siteId: site.id,
      linkUrl: '',
      at: now - DAY,
      createdBy: site.createdBy ?? null,
      JP: {
        title: '秋の新メニューが始まりました',
        content: '栗と柿を使った季節限定のメニューをご用意しました。B1のページからご覧ください。',
      },
      EN: {
        title: 'Our autumn menu is here',
        content: 'Seasonal bowls with chestnut and persimmon, for a limited time. See page B1.',
      },
    },
  ];
  for (const item of items)
    for (const lang of ['JP', 'EN'] as const) {
      const [row] = await db
        .insert(notices)
        .values({
          kind: item.kind,
          accountId: item.accountId,
          siteId: item.siteId,
          ...item[lang],
          languages: [lang],
          linkUrl: item.linkUrl,
          postedDate: jstDay(item.at),
          publication: 'IMMEDIATE',
          state: 'PUBLISHED',
          publishedAt: new Date(item.at),
          deliveredAt: item.kind === 'DELIVERY' ? new Date(item.at) : null,
          createdBy: item.createdBy,
        })
        .returning({ id: notices.id });
      await db.insert(noticeSites).values({ noticeId: row!.id, siteId: site.id });
    }
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
