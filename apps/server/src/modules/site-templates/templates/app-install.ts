import type { TSiteTemplateDef } from '../template-types';

// An app's install page: one row swiped sideways, ending in the stores' buttons.
export const appInstall: TSiteTemplateDef = {
  id: 'app-install',
  category: 'APP_INSTALL',
  name: { en: 'App install', ja: 'アプリ紹介', cn: '应用推广', kr: '앱 설치 유도' },
  description: {
    en: 'Four side-by-side pages that lead to the App Store and Google Play: features, reviews and download buttons.',
    ja: '横にスワイプする4ページ。アプリの特長を伝え、App StoreとGoogle Playへ誘導します。',
    cn: '横向滑动的4个页面：介绍应用特点，并引导至App Store和Google Play。',
    kr: '가로로 넘기는 4페이지: 앱의 특징을 알리고 App Store와 Google Play로 안내합니다.',
  },
  siteName: { JP: '習慣化アプリ コツ', EN: 'Kotsu habit app' },
  rows: 1,
  columns: 4,
  palette: { from: '#2563eb', to: '#1e1b4b', accent: '#bef264', button: '#bef264', buttonText: '#1a2e05' },
  pages: [
    {
      motif: 'phone',
      kicker: { JP: '無料アプリ', EN: 'FREE APP' },
      headline: { JP: '小さな習慣が\n大きく変わる', EN: 'Small habits,\nbig changes' },
      text: {
        JP: '習慣化アプリ「コツ」。1日1分の記録で続けられます。',
        EN: 'Kotsu, the habit app. One minute a day is all it takes.',
      },
      button: {
        text: { JP: 'iPhone版をダウンロード', EN: 'Download for iPhone' },
        link: { kind: 'EXTERNAL', url: 'https://apps.apple.com/' },
      },
    },
    {
      motif: 'chart',
      kicker: { JP: '記録', EN: 'TRACK' },
      headline: { JP: '続いた日が\nひと目でわかる', EN: 'See your streak\nat a glance' },
      text: {
        JP: 'カレンダーとグラフで、がんばった日を見える化します。',
        EN: 'A calendar and charts show every day you kept it up.',
      },
    },
    {
      motif: 'bell',
      kicker: { JP: 'リマインド', EN: 'REMIND' },
      headline: { JP: 'ちょうどいい時間に\nそっと通知', EN: 'A nudge at\nthe right time' },
      text: {
        JP: '生活リズムを学んで、忘れがちな時間にお知らせします。',
        EN: 'Kotsu learns your rhythm and nudges you when you tend to forget.',
      },
    },
    {
      motif: 'download',
      kicker: { JP: '評価 4.8', EN: 'RATED 4.8' },
      headline: { JP: '今すぐ\n無料ではじめよう', EN: 'Start free\ntoday' },
      text: {
        JP: 'iPhoneとAndroidに対応。プレミアムプランは月額¥480。',
        EN: 'For iPhone and Android. Premium from ¥480 a month.',
      },
      button: {
        text: { JP: 'Android版をダウンロード', EN: 'Download for Android' },
        link: { kind: 'EXTERNAL', url: 'https://play.google.com/store/apps' },
      },
    },
  ],
  menu: [
    { name: { JP: 'トップ', EN: 'Top' }, page: 'A1' },
    { name: { JP: '記録', EN: 'Track' }, page: 'B1' },
    { name: { JP: 'リマインド', EN: 'Remind' }, page: 'C1' },
    { name: { JP: 'ダウンロード', EN: 'Download' }, page: 'D1' },
  ],
  seo: {
    title: { JP: '習慣化アプリ コツ', EN: 'Kotsu the habit app' },
    description: {
      JP: '1日1分の記録で習慣が続く無料アプリ「コツ」。iPhoneとAndroidに対応。',
      EN: 'Kotsu helps you keep your habits with one minute a day. Free for iPhone and Android.',
    },
  },
  sns: [
    { snsType: 'tiktok', snsUrl: 'https://tiktok.com/@kotsu_app' },
    { snsType: 'instagram', snsUrl: 'https://instagram.com/kotsu_app' },
  ],
  company: {
    website: 'https://example.com/kotsu',
    profile: {
      JP: '株式会社コツ\n福岡県福岡市中央区天神1-1-1',
      EN: 'Kotsu Inc.\n1-1-1 Tenjin, Chuo-ku, Fukuoka',
    },
  },
};
