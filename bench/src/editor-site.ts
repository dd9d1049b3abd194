import { keysToCamel, keysToSnake } from '@swipe/contracts/case';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import {
  type TCreativeInput,
  type TSiteDocument,
  type TSiteDocumentInput,
  type TSiteLanguage,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { accounts, users } from '../../apps/server/src/db/schema/accounts';
import { contracts, plans } from '../../apps/server/src/db/schema/plans';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import type { TAppTarget } from './targets';

// The site of the `editor` scenario, made the way a creator's is: user@ (Hinode Foods) uploads a
// handful of real-sized photos through generate-urls and the signed PUT, then creates a 10 x 10
// site in JP, EN, KR and CN through POST /api/site: an image on every page (the photos reused),
// main and button texts, prices, a product on every third page, a menu, SEO, SNS and company
// information in each language. Hinode's demo plan (Premium Multilingual) allows 60 pages: the
// scenario moves it to Pro Multilingual (100) while it runs and back afterwards.

export const EDITOR_LOGIN = 'user@example.com';
export const EDITOR_PREFIX = 'admin-user';
export const GRID = 10;
export const LANGUAGES: TSiteLanguage[] = ['JP', 'EN', 'KR', 'CN'];
const PLAN_CODE = 'pro_multi';

/** Phone creatives (1170 x 2080, the designer frame at 3x) and one square product photo. */
const PHOTOS = [
  { name: 'miso.jpg', from: '#f97316', to: '#7c2d12', word: 'MISO' },
  { name: 'dashi.jpg', from: '#38bdf8', to: '#1e3a8a', word: 'DASHI' },
  { name: 'tea.jpg', from: '#22c55e', to: '#14532d', word: 'TEA' },
  { name: 'rice.jpg', from: '#facc15', to: '#a16207', word: 'RICE' },
  { name: 'gift.jpg', from: '#f43f5e', to: '#881337', word: 'GIFT' },
] as const;
const CREATIVE = { width: 1170, height: 2080 };
const PRODUCT = { width: 800, height: 800 };

type TTexts = Record<TSiteLanguage, string>;
const CATEGORIES: TTexts[] = [
  { JP: '味噌', EN: 'Miso', KR: '된장', CN: '味噌' },
  { JP: 'だし', EN: 'Dashi', KR: '다시', CN: '高汤' },
  { JP: '醤油', EN: 'Soy sauce', KR: '간장', CN: '酱油' },
  { JP: 'お米', EN: 'Rice', KR: '쌀', CN: '大米' },
  { JP: '緑茶', EN: 'Green tea', KR: '녹차', CN: '绿茶' },
  { JP: '麺', EN: 'Noodles', KR: '면', CN: '面条' },
  { JP: '漬物', EN: 'Pickles', KR: '절임', CN: '腌菜' },
  { JP: '和菓子', EN: 'Sweets', KR: '과자', CN: '和果子' },
  { JP: 'ギフト', EN: 'Gift sets', KR: '선물 세트', CN: '礼盒' },
  { JP: '台所道具', EN: 'Kitchen tools', KR: '주방용품', CN: '厨房用品' },
];
const LINES: TTexts[] = [
  {
    JP: '一年かけてじっくり熟成',
    EN: 'Aged slowly for a full year',
    KR: '1년 동안 천천히 숙성했습니다',
    CN: '慢慢熟成整整一年',
  },
  {
    JP: '国産大豆だけで仕込みました',
    EN: 'Made with Japanese soybeans',
    KR: '일본산 콩으로만 만들었습니다',
    CN: '只用日本国产大豆酿造',
  },
  {
    JP: '保存料・添加物は使いません',
    EN: 'No preservatives, no additives',
    KR: '보존료와 첨가물을 넣지 않았습니다',
    CN: '不含防腐剂和添加剂',
  },
  {
    JP: '京都の工房で少量ずつ',
    EN: 'Small batches from our Kyoto workshop',
    KR: '교토 공방에서 조금씩 만듭니다',
    CN: '京都工坊小批量制作',
  },
  {
    JP: '全国の料理人が選ぶ味',
    EN: 'Chosen by chefs across Japan',
    KR: '일본 전국의 요리사가 고른 맛',
    CN: '日本各地厨师的选择',
  },
  {
    JP: 'この秋の新作、数量限定',
    EN: 'New this autumn, limited stock',
    KR: '올가을 신상품, 한정 수량',
    CN: '今秋新品，限量供应',
  },
  {
    JP: '1952年から続く家伝の味',
    EN: 'A family recipe since 1952',
    KR: '1952년부터 이어온 집안의 맛',
    CN: '始于1952年的家传风味',
  },
  { JP: '3分でできあがり', EN: 'Ready in three minutes', KR: '3분이면 완성', CN: '三分钟即可完成' },
  {
    JP: '5,000円以上で送料無料',
    EN: 'Free shipping over 5,000 yen',
    KR: '5,000엔 이상 무료 배송',
    CN: '满5,000日元免运费',
  },
  {
    JP: '2,000件のレビューで評価4.8',
    EN: 'Rated 4.8 by 2,000 customers',
    KR: '고객 2,000명이 평점 4.8',
    CN: '2,000位顾客评分4.8',
  },
];
const BUTTONS: TTexts[] = [
  { JP: '詳しく見る', EN: 'Learn more', KR: '자세히 보기', CN: '了解更多' },
  { JP: '今すぐ購入', EN: 'Buy now', KR: '지금 구매', CN: '立即购买' },
  { JP: 'レシピを見る', EN: 'See recipes', KR: '레시피 보기', CN: '查看食谱' },
  { JP: 'カートに入れる', EN: 'Add to cart', KR: '장바구니 담기', CN: '加入购物车' },
];
const headline = (lang: TSiteLanguage, category: string) =>
  ({ JP: `日の出の${category}`, EN: `Hinode ${category}`, KR: `히노데 ${category}`, CN: `日出${category}` })[
    lang
  ];
const priceText = (lang: TSiteLanguage, yen: number) => {
  const p = `¥${yen.toLocaleString('en')}`;
  return { JP: `${p}（税込）`, EN: `${p} incl. tax`, KR: `${p} (세금 포함)`, CN: `${p}（含税）` }[lang];
};
const PRODUCT_TEXTS = {
  name: (lang: TSiteLanguage, category: string) =>
    ({
      JP: `${category}のお試しセット`,
      EN: `${category} tasting set`,
      KR: `${category} 체험 세트`,
      CN: `${category}试用装`,
    })[lang],
  description: {
    JP: '3種類を食べ比べ。2人分です。',
    EN: 'Three kinds to compare, for two people.',
    KR: '세 가지 맛을 비교해 보세요. 2인분.',
    CN: '三种口味对比品尝，两人份。',
  } as TTexts,
  button: { JP: '購入する', EN: 'Buy', KR: '구매하기', CN: '购买' } as TTexts,
};
const SEO: Record<TSiteLanguage, { title: string; description: string }> = {
  JP: {
    title: '日の出食品 秋のカタログ',
    description: '京都の工房から100品。味噌、だし、お茶、ギフトセット。',
  },
  EN: {
    title: 'Hinode Foods Autumn Catalogue',
    description: 'One hundred products from our Kyoto workshop: miso, dashi, tea and gift sets.',
  },
  KR: {
    title: '히노데 식품 가을 카탈로그',
    description: '교토 공방의 100가지 상품. 된장, 다시, 녹차, 선물 세트.',
  },
  CN: { title: '日出食品 秋季目录', description: '京都工坊的100款商品。味噌、高汤、绿茶和礼盒。' },
};
const COMPANY: TTexts = {
  JP: '日の出食品株式会社\n東京都中央区日本橋1-1-1\n創業 1952年',
  EN: 'Hinode Foods Inc.\n1-1-1 Nihonbashi, Chuo-ku, Tokyo\nFounded 1952',
  KR: '히노데 식품 주식회사\n도쿄도 주오구 니혼바시 1-1-1\n1952년 창업',
  CN: '日出食品株式会社\n东京都中央区日本桥1-1-1\n创立于1952年',
};

/** A photo-like JPEG: a gradient, a shape, a word and film grain (so it weighs what a photo does). */
async function photo(
  size: { width: number; height: number },
  p: { from: string; to: string; word: string },
  grain: Buffer,
) {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width / 2}" cy="${height * 0.4}" r="${width * 0.26}" fill="#fff" opacity=".85"/>
<text x="${width / 2}" y="${height * 0.72}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${width / 7}" fill="#fff">${p.word}</text>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

const grainOf = (size: { width: number; height: number }) =>
  sharp({
    create: {
      ...size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .raw()
    .toBuffer();

type TApi = <T>(method: string, path: string, body?: unknown) => Promise<T>;

async function signIn(baseUrl: string): Promise<TApi> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: EDITOR_LOGIN, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login ${EDITOR_LOGIN}: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(keysToSnake(body)) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return keysToCamel<{ data: T }>(JSON.parse(text)).data;
  };
}

type TTarget = { name: string; assetId?: string; uploadUrl?: string; error?: string };

/** generate-urls, then one signed PUT per file, as the console's uploader does. */
async function upload(api: TApi, baseUrl: string, files: { name: string; bytes: Buffer }[]) {
  const targets = await api<TTarget[]>('POST', '/api/site/generate-urls', {
    files: files.map((f) => ({ name: f.name, size: f.bytes.length, kind: 'IMAGE' })),
  });
  return Promise.all(
    files.map(async (f, i) => {
      const to = targets[i];
      if (!to?.uploadUrl || !to.assetId) throw new Error(`${f.name} refused: ${to?.error ?? 'no answer'}`);
      const res = await fetch(new URL(to.uploadUrl, baseUrl), {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(f.bytes),
      });
      if (!res.ok) throw new Error(`PUT ${f.name}: ${res.status} ${await res.text()}`);
      return { assetId: to.assetId, kind: 'IMAGE' as const };
    }),
  );
}

type TRef = { assetId: string; kind: 'IMAGE' };

function documentOf(creatives: TRef[], product: TRef): TSiteDocument {
  const coordinates = gridCoordinates(GRID, GRID);
  const content = (lang: TSiteLanguage) => ({
    creatives: coordinates.map((coordinate, i): TCreativeInput => {
      const row = Math.floor(i / GRID);
      const column = i % GRID;
      const category = CATEGORIES[row]![lang];
      const title = headline(lang, category);
      const yen = 980 + row * 200 + column * 100;
      return {
        coordinate,
        media: creatives[(row + column) % creatives.length]!,
        imageAlt: title,
        mainText: `${title}\n${LINES[column]![lang]}`,
        price: column % 2 === 1 ? priceText(lang, yen) : '',
        linkButtonText: BUTTONS[column % BUTTONS.length]![lang],
        // The last page of a row leads to the next row; the others to the shop.
        link:
          column === GRID - 1 && row < GRID - 1
            ? { kind: 'CREATIVE_BLOCK', page: coordinates[(row + 1) * GRID]! }
            : { kind: 'EXTERNAL', url: `https://example.com/hinode/${coordinate.toLowerCase()}` },
        products:
          (row + column) % 3 === 0
            ? [
                {
                  productName: PRODUCT_TEXTS.name(lang, category),
                  image: product,
                  price: yen * 3,
                  description: PRODUCT_TEXTS.description[lang],
                  linkButtonText: PRODUCT_TEXTS.button[lang],
                  link: {
                    kind: 'EXTERNAL',
                    url: `https://example.com/hinode/${coordinate.toLowerCase()}/set`,
                  },
                  coordinateX: 60 + column * 25,
                  coordinateY: 220 + row * 20,
                },
              ]
            : [],
      };
    }),
    menus: CATEGORIES.map((c, row) => ({ name: c[lang], target: coordinates[row * GRID]! })),
    seo: { title: SEO[lang].title, h1: SEO[lang].title, description: SEO[lang].description },
    sns: [
      { snsType: 'instagram', snsUrl: 'https://instagram.com/hinode_foods' },
      { snsType: 'line', snsUrl: 'https://line.me/R/ti/p/@hinode' },
    ],
    company: { companyWebsite: 'https://example.com/hinode', companyProfile: COMPANY[lang] },
  });
  const input: TSiteDocumentInput = {
    name: 'Hinode Autumn Catalogue',
    numberVertical: GRID,
    numberHorizontal: GRID,
    defaultLanguage: 'JP',
    languages: LANGUAGES,
    content: Object.fromEntries(LANGUAGES.map((l) => [l, content(l)])) as TSiteDocumentInput['content'],
  };
  return ZSiteDocument.parse(input);
}

export interface TEditorSite {
  id: string;
  /** Bytes of the uploaded photos, and of the document as the API took it (JSON). */
  photoBytes: number[];
  documentBytes: number;
  /** How long the photos took to make, to upload (and be resized by the app), and the site to be created. */
  seconds: { photos: number; upload: number; create: number };
  /** Puts Hinode's plan back. */
  restorePlan(): Promise<void>;
}

export async function createEditorSite(app: TAppTarget): Promise<TEditorSite> {
  const { db } = app.database;
  const [owner] = await db
    .select({ accountId: accounts.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, EDITOR_LOGIN));
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.code, PLAN_CODE), eq(plans.isCurrent, true)));
  if (!owner || !plan) throw new Error(`the demo seed has no ${EDITOR_LOGIN} or no ${PLAN_CODE} plan`);
  const before = await db
    .select({ id: contracts.id, planId: contracts.planId })
    .from(contracts)
    .where(eq(contracts.accountId, owner.accountId));
  await db.update(contracts).set({ planId: plan.id }).where(eq(contracts.accountId, owner.accountId));
  const restorePlan = async () => {
    for (const c of before)
      await db.update(contracts).set({ planId: c.planId }).where(eq(contracts.id, c.id));
  };

  try {
    const t0 = performance.now();
    const [creativeGrain, productGrain] = await Promise.all([grainOf(CREATIVE), grainOf(PRODUCT)]);
    const files = await Promise.all([
      ...PHOTOS.map(async (p) => ({ name: p.name, bytes: await photo(CREATIVE, p, creativeGrain) })),
      (async () => ({
        name: 'tasting-set.jpg',
        bytes: await photo(PRODUCT, { from: '#fde68a', to: '#b45309', word: 'SET' }, productGrain),
      }))(),
    ]);
    const t1 = performance.now();
    const api = await signIn(app.baseUrl);
    const refs = await upload(api, app.baseUrl, files);
    const t2 = performance.now();
    const document = documentOf(refs.slice(0, PHOTOS.length), refs[PHOTOS.length]!);
    const site = await api<{ id: string }>('POST', '/api/site', { document });
    const t3 = performance.now();
    return {
      id: site.id,
      photoBytes: files.map((f) => f.bytes.length),
      documentBytes: Buffer.byteLength(JSON.stringify(keysToSnake({ document }))),
      seconds: { photos: (t1 - t0) / 1000, upload: (t2 - t1) / 1000, create: (t3 - t2) / 1000 },
      restorePlan,
    };
  } catch (err) {
    await restorePlan();
    throw err;
  }
}
