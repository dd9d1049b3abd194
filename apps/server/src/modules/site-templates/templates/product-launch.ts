import type { TSiteTemplateDef } from '../template-types';

// A new product's launch: what it is, two features, colours and price, reviews, a pre-order offer.
export const productLaunch: TSiteTemplateDef = {
  id: 'product-launch',
  category: 'PRODUCT_LAUNCH',
  name: { en: 'Product launch', ja: '新商品ローンチ', cn: '新品发布', kr: '신제품 출시' },
  description: {
    en: 'Six pages announcing a new product: features, colours and price, reviews and a pre-order offer.',
    ja: '新商品を告知する6ページ。特長、カラーと価格、レビュー、先行予約まで。',
    cn: '发布新品的6个页面：特点、颜色与价格、用户评价和预购优惠。',
    kr: '신제품을 알리는 6페이지: 특징, 색상과 가격, 후기, 사전 예약 혜택.',
  },
  siteName: { JP: 'AURORA 新発売', EN: 'AURORA launch' },
  rows: 3,
  columns: 2,
  palette: { from: '#4338ca', to: '#1e1b4b', accent: '#22d3ee', button: '#22d3ee', buttonText: '#0f172a' },
  pages: [
    {
      motif: 'bottle',
      kicker: { JP: '新発売', EN: 'NEW' },
      headline: { JP: '水を、もっと\nスマートに。', EN: 'Hydration,\nmade smart.' },
      text: {
        JP: 'スマートボトル AURORA 誕生。\n飲んだ量を自動で記録します。',
        EN: 'Meet AURORA, the smart bottle\nthat counts every sip for you.',
      },
      button: { text: { JP: '特長を見る', EN: 'See the features' }, link: { kind: 'PAGE', page: 'B1' } },
    },
    {
      motif: 'wave',
      kicker: { JP: '特長 01', EN: 'FEATURE 01' },
      headline: { JP: '24時間\n冷たいまま', EN: 'Cold for\n24 hours' },
      text: {
        JP: '真空二重構造で、朝に入れた氷が夜まで残ります。',
        EN: 'Double-wall vacuum steel keeps the morning ice until the evening.',
      },
    },
    {
      motif: 'phone',
      kicker: { JP: '特長 02', EN: 'FEATURE 02' },
      headline: { JP: 'アプリで\n水分を見える化', EN: 'See your\nhydration' },
      text: {
        JP: 'ボトルとアプリが連携。飲むタイミングをそっとお知らせします。',
        EN: 'The bottle syncs with the app and gently reminds you when to drink.',
      },
    },
    {
      motif: 'dots',
      kicker: { JP: 'カラーと価格', EN: 'COLOURS' },
      headline: { JP: '選べる\n3つのカラー', EN: 'Three colours\nto choose from' },
      text: { JP: 'ミッドナイト・アイス・サンドの3色。容量は500ml。', EN: 'Midnight, Ice and Sand. 500 ml.' },
      price: { JP: '¥6,980（税込）', EN: '¥6,980 incl. tax' },
      button: {
        text: { JP: 'お問い合わせ', EN: 'Contact us' },
        link: { kind: 'INTERNAL', target: 'CONTACT' },
      },
    },
    {
      motif: 'stars',
      kicker: { JP: 'レビュー', EN: 'REVIEWS' },
      headline: { JP: '先行ユーザー\n満足度 96%', EN: '96% of early\nusers love it' },
      text: {
        JP: '「水を飲む習慣が自然に身につきました」（30代・会社員）',
        EN: '“Drinking water finally became a habit.” (office worker, 30s)',
      },
    },
    {
      motif: 'gift',
      kicker: { JP: '発売記念', EN: 'LAUNCH OFFER' },
      headline: { JP: '先行予約で\n20%オフ', EN: '20% off\nwhen you pre-order' },
      text: {
        JP: '会員登録で先行予約のご案内をお届けします。数量限定です。',
        EN: 'Sign up and we will send you the pre-order link. Limited stock.',
      },
      button: {
        text: { JP: '会員登録して予約', EN: 'Sign up to pre-order' },
        link: { kind: 'INTERNAL', target: 'MEMBERSHIP' },
      },
    },
  ],
  menu: [
    { name: { JP: 'トップ', EN: 'Top' }, page: 'A1' },
    { name: { JP: '特長', EN: 'Features' }, page: 'B1' },
    { name: { JP: 'カラーと価格', EN: 'Colours and price' }, page: 'B2' },
    { name: { JP: '先行予約', EN: 'Pre-order' }, page: 'B3' },
  ],
  seo: {
    title: { JP: 'スマートボトル AURORA 新発売', EN: 'AURORA Smart Bottle Launch' },
    description: {
      JP: '飲んだ量を自動で記録するスマートボトル AURORA。先行予約で20パーセントオフ。',
      EN: 'AURORA, the smart bottle that counts every sip. Pre-order now and save 20 percent.',
    },
  },
  sns: [
    { snsType: 'instagram', snsUrl: 'https://instagram.com/aurora_bottle' },
    { snsType: 'x', snsUrl: 'https://x.com/aurora_bottle' },
  ],
  company: {
    website: 'https://example.com/aurora',
    profile: {
      JP: 'AURORA株式会社\n東京都渋谷区神宮前1-2-3',
      EN: 'AURORA Inc.\n1-2-3 Jingumae, Shibuya-ku, Tokyo',
    },
  },
  forms: {
    contact: [
      {
        typeInput: 'SELECT',
        title: { JP: 'ご用件', EN: 'Subject' },
        isRequired: true,
        options: [
          { JP: 'ご購入について', EN: 'Buying' },
          { JP: '法人でのご注文', EN: 'Business orders' },
          { JP: 'その他', EN: 'Other' },
        ],
      },
      { typeInput: 'TEXT_BOX', title: { JP: 'お問い合わせ内容', EN: 'Message' }, isRequired: true },
    ],
  },
};
