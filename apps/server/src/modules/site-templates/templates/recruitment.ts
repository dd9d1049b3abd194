import type { TSiteTemplateDef } from '../template-types';

// Hiring: who we are, the mission, open roles, benefits, a day at work, and the application form.
export const recruitment: TSiteTemplateDef = {
  id: 'recruitment',
  category: 'RECRUITMENT',
  name: { en: 'Recruitment', ja: '採用サイト', cn: '人才招聘', kr: '채용' },
  description: {
    en: 'Six pages to hire: mission, open roles, benefits, a day at work and an application form.',
    ja: '採用のための6ページ。ミッション、募集職種、働く環境、1日の流れ、応募フォーム。',
    cn: '用于招聘的6个页面：使命、招聘职位、福利、工作的一天和申请表。',
    kr: '채용을 위한 6페이지: 미션, 모집 직무, 복지, 하루 일과, 지원 양식.',
  },
  siteName: { JP: 'みのりテック 採用情報', EN: 'Careers at Minori Tech' },
  rows: 2,
  columns: 3,
  palette: { from: '#0d9488', to: '#064e3b', accent: '#a3e635', button: '#a3e635', buttonText: '#052e16' },
  pages: [
    {
      motif: 'people',
      kicker: { JP: '採用情報', EN: 'WE ARE HIRING' },
      headline: { JP: '一緒に未来を\nつくる仲間を\n募集します', EN: 'Build the future\nwith us' },
      text: {
        JP: 'みのりテックは、農業をデータで支えるスタートアップです。',
        EN: 'Minori Tech is a start-up that supports farmers with data.',
      },
      button: { text: { JP: '募集職種を見る', EN: 'See open roles' }, link: { kind: 'PAGE', page: 'C1' } },
    },
    {
      motif: 'rocket',
      kicker: { JP: 'ミッション', EN: 'MISSION' },
      headline: { JP: '農業を、\nもっと自由に。', EN: 'Farming,\nset free.' },
      text: {
        JP: '全国1,200の農家が使うアプリを、少数精鋭のチームでつくっています。',
        EN: 'A small team builds the app that 1,200 farms across Japan rely on.',
      },
    },
    {
      motif: 'briefcase',
      kicker: { JP: '募集職種', EN: 'OPEN ROLES' },
      headline: { JP: 'エンジニア\nデザイナー\n営業', EN: 'Engineers\nDesigners\nSales' },
      text: {
        JP: '正社員・業務委託ともに募集中。未経験の方も歓迎します。',
        EN: 'Full-time and freelance roles. Career changers welcome.',
      },
      button: { text: { JP: '応募する', EN: 'Apply' }, link: { kind: 'INTERNAL', target: 'FORM' } },
    },
    {
      motif: 'heart',
      kicker: { JP: '働く環境', EN: 'BENEFITS' },
      headline: { JP: 'フルリモート\n週4日勤務も可', EN: 'Fully remote,\n4-day weeks possible' },
      text: {
        JP: '住宅手当、書籍購入の支援、年2回の合宿。子育て中のメンバーも活躍しています。',
        EN: 'Housing allowance, a book budget and two team retreats a year. Parents thrive here too.',
      },
    },
    {
      motif: 'sun',
      kicker: { JP: 'ある1日', EN: 'A DAY AT MINORI' },
      headline: { JP: '朝は畑、\n午後はコード', EN: 'Fields in the morning,\ncode after lunch' },
      text: {
        JP: '月に一度は農家を訪ね、使う人の声を聞いてから開発します。',
        EN: 'Once a month we visit a farm and listen before we build.',
      },
    },
    {
      motif: 'plane',
      kicker: { JP: 'エントリー', EN: 'APPLY' },
      headline: { JP: 'まずは\nカジュアル面談から', EN: 'Start with\na casual chat' },
      text: {
        JP: '応募フォームから3分で送れます。履歴書は不要です。',
        EN: 'Apply in three minutes with the form. No CV needed.',
      },
      button: { text: { JP: 'エントリーする', EN: 'Apply now' }, link: { kind: 'INTERNAL', target: 'FORM' } },
    },
  ],
  menu: [
    { name: { JP: 'トップ', EN: 'Top' }, page: 'A1' },
    { name: { JP: 'ミッション', EN: 'Mission' }, page: 'B1' },
    { name: { JP: '募集職種', EN: 'Open roles' }, page: 'C1' },
    { name: { JP: '働く環境', EN: 'Benefits' }, page: 'A2' },
    { name: { JP: 'エントリー', EN: 'Apply' }, page: 'C2' },
  ],
  seo: {
    title: { JP: 'みのりテック 採用情報', EN: 'Careers at Minori Tech' },
    description: {
      JP: '農業をデータで支えるみのりテックの採用サイト。エンジニア、デザイナー、営業を募集しています。フルリモート可。',
      EN: 'Join Minori Tech, the start-up that supports farmers with data. We are hiring engineers, designers and sales. Fully remote.',
    },
  },
  sns: [
    { snsType: 'x', snsUrl: 'https://x.com/minoritech' },
    { snsType: 'facebook', snsUrl: 'https://facebook.com/minoritech' },
  ],
  company: {
    website: 'https://example.com/minori',
    profile: {
      JP: '株式会社みのりテック\n長野県松本市中央2-4-6\n設立 2019年',
      EN: 'Minori Tech Inc.\n2-4-6 Chuo, Matsumoto, Nagano\nFounded 2019',
    },
  },
  forms: {
    homepage: [
      { typeInput: 'TEXT_BOX', title: { JP: 'お名前', EN: 'Your name' }, isRequired: true },
      {
        typeInput: 'SELECT',
        title: { JP: '希望職種', EN: 'Role' },
        isRequired: true,
        options: [
          { JP: 'エンジニア', EN: 'Engineer' },
          { JP: 'デザイナー', EN: 'Designer' },
          { JP: '営業', EN: 'Sales' },
        ],
      },
      {
        typeInput: 'TEXT_BOX',
        title: { JP: 'ポートフォリオやSNSのURL', EN: 'Portfolio or profile URL' },
        placeholder: { JP: 'https://', EN: 'https://' },
      },
    ],
  },
};
