import type { TDbOrTx } from '../../db/tx';
import { hashPassword } from '../../platform/password-hash';
import { demoConversions } from '../site-core/demo-conversions';
import { insertMember, insertSubmission } from './submission-fixtures';

// What visitors of the demo's published site have left, so the member, contact and form lists
// of the demo are not bare: one member, contact or homepage form for each membership, contact
// or form conversion of the demo's visits (effect measurement counts the same), at its moment
// and in its language; and one registration still waiting for its confirmation (no conversion
// yet). The members sign in to the site with the demo password.

const DEMO_MEMBER_PASSWORD = 'Demo@2026pass';

type TPerson = { name: string; email: string; pick: string };
const MEMBERS: Record<'JP' | 'EN', TPerson[]> = {
  JP: [
    { name: '田中 はるか', email: 'haruka.tanaka', pick: '天然醸造 合わせ味噌' },
    { name: '森 健二', email: 'kenji.mori', pick: 'だしパック 30袋' },
    { name: '佐藤 結衣', email: 'yui.sato', pick: '秋のギフトセット' },
    { name: '高橋 翔', email: 'sho.takahashi', pick: 'だしパック 30袋' },
    { name: '鈴木 美咲', email: 'misaki.suzuki', pick: '天然醸造 合わせ味噌' },
    { name: '山本 蓮', email: 'ren.yamamoto', pick: '秋のギフトセット' },
    { name: '中村 葵', email: 'aoi.nakamura', pick: 'だしパック 30袋' },
    { name: '小林 陽斗', email: 'haruto.kobayashi', pick: '天然醸造 合わせ味噌' },
  ],
  EN: [
    { name: 'Emma Wilson', email: 'emma.wilson', pick: 'Dashi packs' },
    { name: 'Liam Chen', email: 'liam.chen', pick: 'Autumn gift set' },
    { name: 'Olivia Brown', email: 'olivia.brown', pick: 'Mixed miso' },
  ],
};

type TContact = { company: string; email: string; message: string };
const CONTACTS: Record<'JP' | 'EN', TContact[]> = {
  JP: [
    { company: '', email: 'sakura.k', message: 'ギフトセットののし対応は可能ですか？' },
    {
      company: '株式会社みなと商店',
      email: 'purchasing',
      message: '合わせ味噌の業務用（10kg）の卸価格を教えてください。\n月に20箱ほどを想定しています。',
    },
    { company: '', email: 'm.ogawa', message: 'だしパックの原材料に甲殻類は含まれていますか？' },
    {
      company: '喫茶こもれび',
      email: 'info.komorebi',
      message: 'モーニング用にだしを仕入れたいので、見積もりをお願いします。',
    },
    { company: '', email: 'keiko.h', message: '定期便の配送日を変更できますか？' },
    { company: '株式会社あおば給食', email: 'order.aoba', message: '保育園向けに減塩の味噌はありますか？' },
  ],
  EN: [
    {
      company: 'Green Bowl Cafe',
      email: 'olivia',
      message: 'Do you ship the dashi packs to Singapore? We run two cafes there.',
    },
    { company: '', email: 'j.miller', message: 'Is the miso suitable for a vegan diet?' },
    { company: 'Harbour Deli', email: 'buying', message: 'Could you send us your wholesale price list?' },
  ],
};
const CONTACT_DOMAIN: Record<string, string> = {
  purchasing: 'minato-shoten.example',
  olivia: 'greenbowl.example',
  'info.komorebi': 'komorebi.example',
  'order.aoba': 'aoba-kyushoku.example',
  buying: 'harbourdeli.example',
};

type TForm = { company: string; email: string; mode: string | null; wish: string };
const FORMS: Record<'JP' | 'EN', TForm[]> = {
  JP: [
    { company: '', email: 'r.nakamura', mode: null, wish: 'だしの取り方リーフレット' },
    { company: '阿部食堂', email: 'tomoko.abe', mode: 'catalogue', wish: '秋冬カタログ' },
    { company: '', email: 'y.fujii', mode: 'catalogue', wish: '秋冬カタログ' },
    { company: '旅館さくら', email: 'frontdesk', mode: null, wish: '業務用商品のご案内' },
  ],
  EN: [{ company: '', email: 'a.schmidt', mode: 'catalogue', wish: 'Autumn and winter catalogue' }],
};

/** The `i`th entry of a language's pool (the site's other languages use the English one). */
function nth<T>(pools: Record<'JP' | 'EN', T[]>, lang: string, i: number): { entry: T; round: number } {
  const pool = lang === 'JP' ? pools.JP : pools.EN;
  return { entry: pool[i % pool.length]!, round: Math.floor(i / pool.length) };
}
/** An address of the pool's entry, another one each time the pool comes round again. */
const address = (local: string, domain: string, round: number) =>
  `${local}${round > 0 ? `.${round + 1}` : ''}@${domain}`;

export async function seedDemoSubmissions(db: TDbOrTx, siteId: string, now = new Date()) {
  const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
  const seen = new Map<string, number>();
  /** How many conversions of this kind and language came before (newest first). */
  const countOf = (kind: string, lang: string) => {
    const key = `${kind}|${lang === 'JP' ? 'JP' : 'EN'}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n;
  };

  for (const c of await demoConversions(db, siteId, 'MEMBER')) {
    const i = countOf('MEMBER', c.lang);
    const { entry: m, round } = nth(MEMBERS, c.lang, i);
    const en = c.lang !== 'JP';
    // Registered a few minutes before confirming (the conversion); some have signed in since.
    await insertMember(db, {
      siteId,
      email: address(m.email, en ? 'example.com' : 'example.jp', round),
      passwordHash,
      lang: c.lang,
      status: 'ACTIVE',
      createdAt: new Date(c.at.getTime() - 4 * 60_000),
      confirmedAt: c.at,
      lastLoginAt:
        i % 3 === 2 ? null : new Date(Math.min(now.getTime(), c.at.getTime() + (i + 1) * 3_600_000)),
      data: [
        { title: en ? 'Name' : 'お名前', value: m.name },
        { title: en ? 'Favourite product' : 'お気に入りの商品', value: m.pick },
      ],
    });
  }
  // Registered this morning; the confirmation mail has not been opened yet.
  await insertMember(db, {
    siteId,
    email: 'daichi.ito@example.jp',
    passwordHash,
    lang: 'JP',
    status: 'PENDING',
    createdAt: new Date(now.getTime() - 3 * 3_600_000),
    confirmedAt: null,
    data: [
      { title: 'お名前', value: '伊藤 大地' },
      { title: 'お気に入りの商品', value: '天然醸造 合わせ味噌' },
    ],
  });

  for (const c of await demoConversions(db, siteId, 'CONTACT')) {
    const { entry, round } = nth(CONTACTS, c.lang, countOf('CONTACT', c.lang));
    const en = c.lang !== 'JP';
    await insertSubmission(db, {
      siteId,
      kind: 'CONTACT',
      email: address(entry.email, CONTACT_DOMAIN[entry.email] ?? (en ? 'example.com' : 'example.jp'), round),
      companyName: entry.company,
      lang: c.lang,
      createdAt: c.at,
      data: [
        { title: 'Company name', value: entry.company },
        { title: en ? 'Message' : 'お問い合わせ内容', value: entry.message },
      ],
    });
  }

  for (const c of await demoConversions(db, siteId, 'FORM')) {
    const { entry, round } = nth(FORMS, c.lang, countOf('FORM', c.lang));
    const en = c.lang !== 'JP';
    await insertSubmission(db, {
      siteId,
      kind: 'HOMEPAGE',
      email: address(entry.email, en ? 'example.com' : 'example.jp', round),
      companyName: entry.company,
      lang: c.lang,
      mode: entry.mode,
      createdAt: c.at,
      data: [
        { title: 'Company name', value: entry.company },
        { title: en ? 'What you would like' : 'ご希望の資料', value: entry.wish },
      ],
    });
  }
}
