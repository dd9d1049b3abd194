import { formatMonthDay, jstMonthOf, lastDayOfMonth } from '@swipe/contracts/jst-format';
import { type TSiteDocument, type TSiteDocumentInput, ZSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { contracts, plans } from '../../db/schema/plans';
import { siteAssets, sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import type { TDemoSeed } from '../../platform/module';
import type { TStorage } from '../../platform/storage';
import { filesOf } from '../uploads/uploads.service';
import { recordRevision } from './site-revisions';

// The demo's published site: Hinode Foods' bilingual (JP, EN)
// autumn campaign, 3 rows x 2 columns of generated creatives with products, a menu, SNS links,
// company information, a popup CTA with a countdown (its image and button in each language) and a
// three-question survey (A2's button).
// The images go through the upload pipeline (normalised original + WebP variants), as a
// creator's would.

/** The demo site's fixed custom path: its public address is `${PUBLIC_URL}/sites/hinode-autumn`. */
export const DEMO_SITE_PATH = 'hinode-autumn';

/**
 * The last day (YYYY-MM-DD) of the demo's offer: the end of next month in Japan, so the demo's
 * texts and its campaign never advertise an offer that has ended, whenever it is seeded.
 */
export function demoOfferEnd(now = Date.now()): string {
  const [y, m] = jstMonthOf(now).split('-').map(Number) as [number, number];
  return lastDayOfMonth(m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`);
}

const PAGES = [
  { coordinate: 'A1', from: '#f97316', to: '#7c2d12', word: 'HINODE', shape: 'sun' },
  { coordinate: 'B1', from: '#facc15', to: '#a16207', word: 'MISO', shape: 'bowl' },
  { coordinate: 'A2', from: '#22c55e', to: '#14532d', word: 'FRESH', shape: 'leaf' },
  { coordinate: 'B2', from: '#38bdf8', to: '#1e3a8a', word: 'DASHI', shape: 'wave' },
  { coordinate: 'A3', from: '#f43f5e', to: '#881337', word: 'GIFT', shape: 'box' },
  { coordinate: 'B3', from: '#a855f7', to: '#3b0764', word: 'JOIN', shape: 'star' },
  { coordinate: 'P1', from: '#fde68a', to: '#f59e0b', word: 'SET', shape: 'bowl' },
  { coordinate: 'P2', from: '#bbf7d0', to: '#16a34a', word: 'KOMBU', shape: 'leaf' },
] as const;

const SHAPES: Record<string, string> = {
  sun: '<circle cx="585" cy="820" r="300" fill="#fff7ed" opacity=".9"/><circle cx="585" cy="820" r="380" fill="none" stroke="#fff7ed" stroke-width="18" opacity=".35"/>',
  bowl: '<path d="M255 760h660a330 330 0 0 1-660 0z" fill="#fffbeb" opacity=".92"/><rect x="205" y="720" width="760" height="50" rx="25" fill="#fffbeb" opacity=".6"/>',
  leaf: '<path d="M585 420c260 120 300 520 0 760-300-240-260-640 0-760z" fill="#f0fdf4" opacity=".9"/><path d="M585 460v700" stroke="#14532d" stroke-width="14" opacity=".4"/>',
  wave: '<path d="M0 900q146-120 292 0t293 0 292 0 293 0v400H0z" fill="#e0f2fe" opacity=".85"/><path d="M0 1040q146-120 292 0t293 0 292 0 293 0v400H0z" fill="#e0f2fe" opacity=".5"/>',
  box: '<rect x="335" y="620" width="500" height="420" rx="24" fill="#fff1f2" opacity=".92"/><rect x="555" y="620" width="60" height="420" fill="#881337" opacity=".5"/><rect x="300" y="560" width="570" height="90" rx="20" fill="#fff1f2"/>',
  star: '<path d="M585 470l88 250h264l-213 155 80 255-219-160-219 160 80-255-213-155h264z" fill="#faf5ff" opacity=".92"/>',
};

/** A 1170 x 2080 (9:16) PNG: a gradient, a shape and one word, no CJK glyphs (fonts vary by host). */
function creativeSvg(page: (typeof PAGES)[number]) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1170" height="2080" viewBox="0 0 1170 2080">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${page.from}"/><stop offset="1" stop-color="${page.to}"/></linearGradient></defs>
<rect width="1170" height="2080" fill="url(#g)"/>
<circle cx="1050" cy="160" r="260" fill="#fff" opacity=".08"/><circle cx="90" cy="1900" r="320" fill="#000" opacity=".08"/>
${SHAPES[page.shape]}
<text x="585" y="1480" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="170" letter-spacing="18" fill="#fff" opacity=".95">${page.word}</text>
</svg>`);
}

async function storeImage(db: TDbOrTx, storage: TStorage, accountId: string, name: string, svg: Buffer) {
  const png = await sharp(svg).png().toBuffer();
  const [asset] = await db
    .insert(siteAssets)
    .values({ accountId, kind: 'IMAGE', originalName: name, declaredBytes: png.length })
    .returning();
  const { files, values } = await filesOf(asset!, png, 'image/png');
  for (const f of files) await storage.put(f.key, f.data, { contentType: f.contentType });
  await db
    .update(siteAssets)
    .set({ ...values, status: 'READY', readyAt: new Date() })
    .where(eq(siteAssets.id, asset!.id));
  return { assetId: asset!.id, kind: 'IMAGE' as const };
}

type TText = { JP: string; EN: string };
const TEXTS: Record<string, { main: TText; price?: TText; button?: TText }> = {
  A1: {
    main: {
      JP: '日の出食品の秋。\n毎朝の一杯を、もっとおいしく。',
      EN: 'Autumn at Hinode Foods.\nA better bowl every morning.',
    },
  },
  B1: {
    main: {
      JP: '天然醸造 合わせ味噌\n一年熟成のまろやかさ',
      EN: 'Naturally brewed awase miso,\naged for a full year',
    },
    price: { JP: '¥1,280（税込）', EN: '¥1,280 incl. tax' },
    button: { JP: '詳しく見る', EN: 'Learn more' },
  },
  A2: {
    main: {
      JP: '国産大豆と天日塩だけ。\n保存料は使いません。',
      EN: 'Japanese soybeans and sun-dried salt.\nNo preservatives.',
    },
    button: { JP: '朝ごはん診断', EN: 'Breakfast check' },
  },
  B2: {
    main: { JP: 'かつおと昆布の\nだしパック 30袋', EN: 'Bonito and kombu\ndashi packs, 30 bags' },
    price: { JP: '¥2,160（税込）', EN: '¥2,160 incl. tax' },
    button: { JP: 'お問い合わせ', EN: 'Contact us' },
  },
  A3: {
    main: {
      JP: `秋の贈り物セット\n${formatMonthDay(demoOfferEnd(), 'ja')}まで送料無料`,
      EN: `Autumn gift set\nFree shipping until ${formatMonthDay(demoOfferEnd(), 'en')}`,
    },
    price: { JP: '¥4,980（税込）', EN: '¥4,980 incl. tax' },
    button: { JP: '公式ストアへ', EN: 'Visit the store' },
  },
  B3: {
    main: { JP: '会員登録でレシピ集を\nプレゼント', EN: 'Join and get our\nrecipe book' },
    button: { JP: '会員登録', EN: 'Sign up' },
  },
};

function documentFor(
  images: Record<string, { assetId: string; kind: 'IMAGE' }>,
  logo: { assetId: string; kind: 'IMAGE' },
  surveyId: string,
): TSiteDocument {
  const now = Date.now();
  const day = 86_400_000;
  const content = (lang: 'JP' | 'EN') => ({
    creatives: ['A1', 'B1', 'A2', 'B2', 'A3', 'B3'].map((coordinate) => {
      const t = TEXTS[coordinate]!;
      const link =
        coordinate === 'B1'
          ? { kind: 'EXTERNAL', url: 'https://example.com/hinode/miso' }
          : coordinate === 'B2'
            ? { kind: 'INTERNAL', internalTarget: 'CONTACT' }
            : coordinate === 'A3'
              ? { kind: 'EXTERNAL', url: 'https://example.com/hinode/store' }
              : coordinate === 'B3'
                ? { kind: 'INTERNAL', internalTarget: 'MEMBERSHIP' }
                : coordinate === 'A2'
                  ? { kind: 'SURVEY', surveyId }
                  : { kind: 'NONE' };
      return {
        coordinate,
        media: images[coordinate]!,
        imageAlt: t.main[lang].split('\n')[0],
        mainText: t.main[lang],
        price: t.price?.[lang] ?? '',
        linkButtonText: t.button?.[lang] ?? '',
        link,
        products:
          coordinate === 'A3'
            ? [
                {
                  productName: lang === 'JP' ? '合わせ味噌 1kg' : 'Awase miso 1 kg',
                  image: images.P1,
                  price: 1280,
                  description:
                    lang === 'JP'
                      ? '一年熟成。毎日のお味噌汁に。'
                      : 'Aged for a year, for your daily miso soup.',
                  linkButtonText: lang === 'JP' ? '購入する' : 'Buy',
                  link: { kind: 'EXTERNAL', url: 'https://example.com/hinode/miso' },
                  coordinateX: 80,
                  coordinateY: 230,
                },
                {
                  productName: lang === 'JP' ? '利尻昆布 100g' : 'Rishiri kombu 100 g',
                  image: images.P2,
                  price: 980,
                  description: lang === 'JP' ? '北海道利尻島産。' : 'From Rishiri Island, Hokkaido.',
                  linkButtonText: lang === 'JP' ? '購入する' : 'Buy',
                  link: { kind: 'EXTERNAL', url: 'https://example.com/hinode/kombu' },
                  coordinateX: 300,
                  coordinateY: 330,
                },
              ]
            : [],
      };
    }),
    menus: [
      { name: lang === 'JP' ? 'トップ' : 'Top', target: 'A1' },
      { name: lang === 'JP' ? '商品' : 'Products', target: 'B1' },
      { name: lang === 'JP' ? '贈り物' : 'Gifts', target: 'A3' },
      { name: lang === 'JP' ? '会員登録' : 'Membership', target: 'B3' },
    ],
    seo: {
      title: lang === 'JP' ? '日の出食品 秋のキャンペーン' : 'Hinode Foods Autumn Campaign',
      h1: lang === 'JP' ? '日の出食品 秋のキャンペーン' : 'Hinode Foods Autumn Campaign',
      description:
        lang === 'JP'
          ? '天然醸造の味噌とだしの秋の贈り物セット'
          : 'Naturally brewed miso and dashi in an autumn gift set',
    },
    sns: [
      { snsType: 'instagram', snsUrl: 'https://instagram.com/hinode_foods' },
      { snsType: 'youtube', snsUrl: 'https://youtube.com/@hinodefoods' },
      { snsType: 'line', snsUrl: 'https://line.me/R/ti/p/@hinode' },
      { snsType: 'phone_number', snsUrl: '0120-000-123' },
    ],
    company: {
      companyWebsite: 'https://example.com/hinode',
      companyProfile:
        lang === 'JP'
          ? '日の出食品株式会社\n東京都中央区日本橋1-1-1\n創業 1952年'
          : 'Hinode Foods Inc.\n1-1-1 Nihonbashi, Chuo-ku, Tokyo\nFounded 1952',
      companyClause:
        lang === 'JP'
          ? '販売業者：日の出食品株式会社\n送料：全国一律 600円（5,000円以上で無料）'
          : 'Seller: Hinode Foods Inc.\nShipping: 600 yen (free over 5,000 yen)',
      termsOfService:
        lang === 'JP' ? '本サイトのご利用にあたっての規約です。' : 'The terms of use of this site.',
      privacyPolicy:
        lang === 'JP'
          ? 'お預かりした個人情報は、お問い合わせへの回答にのみ使用します。'
          : 'We use your personal information only to answer your enquiry.',
    },
  });
  const input: TSiteDocumentInput = {
    name: 'Hinode Autumn Campaign',
    numberVertical: 3,
    numberHorizontal: 2,
    defaultLanguage: 'JP',
    languages: ['JP', 'EN'],
    logo,
    displayAlbum: false,
    content: { JP: content('JP'), EN: content('EN') } as TSiteDocumentInput['content'],
    popupCtas: {
      timeLimit: {
        enabled: true,
        texts: {
          JP: { image: images.A3, linkButtonText: 'ギフトを見る' },
          EN: { image: images.P1, linkButtonText: 'See the gifts' },
        },
        link: { kind: 'EXTERNAL', url: 'https://example.com/hinode/store' },
        startDate: new Date(now - day).toISOString(),
        endDate: new Date(now + 30 * day).toISOString(),
        effectivePages: ['A2', 'B2', 'A3'],
        position: 'BOTTOM',
      },
    },
    domain: { customPath: DEMO_SITE_PATH },
  };
  return ZSiteDocument.parse(input);
}

/**
 * Publishes the demo site for Hinode Foods (user@example.com). A bilingual site needs a
 * multilingual plan and its owner should see effect measurement, so the demo moves Hinode to
 * Premium Multilingual; the test fixtures (seedDemo) keep plain Standard, whose limits the plan
 * tests are about (and Minato, on Standard, shows the refusal).
 */
export async function seedDemoSite(demo: TDemoSeed) {
  const { db, storage, owner: opts } = demo;
  const [multi] = await db.select().from(plans).where(eq(plans.code, 'premium_multi'));
  if (multi)
    await db.update(contracts).set({ planId: multi.id }).where(eq(contracts.accountId, opts.accountId));
  const images: Record<string, { assetId: string; kind: 'IMAGE' }> = {};
  for (const page of PAGES)
    images[page.coordinate] = await storeImage(
      db,
      storage,
      opts.accountId,
      `${page.coordinate}.png`,
      creativeSvg(page),
    );
  const logo = await storeImage(
    db,
    storage,
    opts.accountId,
    'logo.png',
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="300"><circle cx="150" cy="150" r="110" fill="#f97316"/><text x="290" y="185" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="96" fill="#fff">HF</text></svg>',
    ),
  );
  // The survey the A2 page's button leads to (its id is in the document, so it is chosen first).
  const surveyId = crypto.randomUUID();
  const doc = documentFor(images, logo, surveyId);
  const now = new Date();
  const [site] = await db
    .insert(sites)
    .values({
      accountId: opts.accountId,
      createdBy: opts.userId,
      name: doc.name,
      status: 'PUBLISH',
      draft: doc,
      revision: 1,
      published: doc,
      publishedVersion: 1,
      publishedRevision: 1,
      publishedAt: now,
      pages: doc.numberVertical * doc.numberHorizontal,
      customPath: DEMO_SITE_PATH,
    })
    .returning();
  // The editor's history starts with the publish that made the site (not empty on a fresh machine).
  await recordRevision(db, {
    siteId: site!.id,
    revision: 1,
    document: doc,
    authorId: opts.userId,
    kind: 'PUBLISH',
    now,
  });
  demo.site = site!;
  demo.surveyId = surveyId;
}
