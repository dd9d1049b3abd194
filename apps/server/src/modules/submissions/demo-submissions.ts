import type { TDbOrTx } from '../../db/tx';
import { hashPassword } from '../../platform/password-hash';
import { insertMember, insertSubmission } from './submission-fixtures';

// What visitors of the demo's published site have left (so the member, contact and form lists
// of the demo are not bare): members over the last weeks, a few contacts and homepage forms.
// The members sign in to the site with the demo password.

const DEMO_MEMBER_PASSWORD = 'Demo@2026pass';

export async function seedDemoSubmissions(db: TDbOrTx, siteId: string, now = new Date()) {
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000);
  const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
  const members = [
    {
      email: 'haruka.tanaka@example.jp',
      days: 21,
      name: '田中 はるか',
      pick: '天然醸造 合わせ味噌',
      login: 2,
    },
    { email: 'kenji.mori@example.jp', days: 14, name: '森 健二', pick: 'だしパック 30袋', login: 5 },
    {
      email: 'emma.wilson@example.com',
      days: 9,
      name: 'Emma Wilson',
      pick: 'Dashi packs',
      lang: 'EN',
      login: 1,
    },
    { email: 'yui.sato@example.jp', days: 3, name: '佐藤 結衣', pick: '秋のギフトセット', login: null },
    {
      email: 'daichi.ito@example.jp',
      days: 0,
      name: '伊藤 大地',
      pick: '天然醸造 合わせ味噌',
      pending: true,
    },
  ];
  for (const m of members)
    await insertMember(db, {
      siteId,
      email: m.email,
      passwordHash,
      lang: m.lang ?? 'JP',
      status: m.pending ? 'PENDING' : 'ACTIVE',
      createdAt: ago(m.days, 3),
      confirmedAt: m.pending ? null : ago(m.days, 2),
      lastLoginAt: m.login === null || m.login === undefined ? null : ago(m.login, 5),
      data: [
        { title: m.lang === 'EN' ? 'Name' : 'お名前', value: m.name },
        { title: m.lang === 'EN' ? 'Favourite product' : 'お気に入りの商品', value: m.pick },
      ],
    });

  await insertSubmission(db, {
    siteId,
    kind: 'CONTACT',
    email: 'purchasing@minato-shoten.example',
    companyName: '株式会社みなと商店',
    createdAt: ago(6, 4),
    data: [
      { title: 'Company name', value: '株式会社みなと商店' },
      {
        title: 'お問い合わせ内容',
        value: '合わせ味噌の業務用（10kg）の卸価格を教えてください。\n月に20箱ほどを想定しています。',
      },
    ],
  });
  await insertSubmission(db, {
    siteId,
    kind: 'CONTACT',
    email: 'olivia@greenbowl.example',
    companyName: 'Green Bowl Cafe',
    lang: 'EN',
    createdAt: ago(2, 1),
    data: [
      { title: 'Company name', value: 'Green Bowl Cafe' },
      { title: 'Message', value: 'Do you ship the dashi packs to Singapore? We run two cafes there.' },
    ],
  });
  await insertSubmission(db, {
    siteId,
    kind: 'CONTACT',
    email: 'sakura.k@example.jp',
    createdAt: ago(0, 2),
    data: [
      { title: 'Company name', value: '' },
      { title: 'お問い合わせ内容', value: 'ギフトセットののし対応は可能ですか？' },
    ],
  });
  await insertSubmission(db, {
    siteId,
    kind: 'HOMEPAGE',
    email: 'tomoko.abe@example.jp',
    companyName: '阿部食堂',
    mode: 'catalogue',
    createdAt: ago(4, 6),
    data: [
      { title: 'Company name', value: '阿部食堂' },
      { title: 'ご希望の資料', value: '秋冬カタログ' },
    ],
  });
  await insertSubmission(db, {
    siteId,
    kind: 'HOMEPAGE',
    email: 'r.nakamura@example.jp',
    createdAt: ago(1, 8),
    data: [
      { title: 'Company name', value: '' },
      { title: 'ご希望の資料', value: 'だしの取り方リーフレット' },
    ],
  });
}
