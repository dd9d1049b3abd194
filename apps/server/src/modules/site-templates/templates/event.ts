import type { TSiteTemplateDef } from '../template-types';

// A conference: date and venue, speakers, timetable, tickets, and an early-bird popup.
export const event: TSiteTemplateDef = {
  id: 'event',
  category: 'EVENT',
  name: { en: 'Event', ja: 'イベント告知', cn: '活动宣传', kr: '이벤트 안내' },
  description: {
    en: 'Four pages for a conference or seminar: speakers, timetable, tickets and an early-bird popup.',
    ja: 'カンファレンスやセミナーの4ページ。登壇者、タイムテーブル、チケット、早割ポップアップ付き。',
    cn: '适用于会议或研讨会的4个页面：演讲嘉宾、日程、门票及早鸟弹窗。',
    kr: '컨퍼런스·세미나용 4페이지: 연사, 타임테이블, 티켓, 얼리버드 팝업.',
  },
  siteName: { JP: 'クリエイティブサミット東京 2026', EN: 'Creative Summit Tokyo 2026' },
  rows: 2,
  columns: 2,
  palette: { from: '#f97316', to: '#831843', accent: '#fde047', button: '#fde047', buttonText: '#431407' },
  pages: [
    {
      motif: 'calendar',
      kicker: { JP: '2026年6月12日・13日', EN: 'JUNE 12–13, 2026' },
      headline: { JP: 'クリエイティブ\nサミット東京', EN: 'Creative Summit\nTokyo 2026' },
      text: {
        JP: '2日間・30セッション。デザインとテクノロジーの祭典。\n会場：東京国際フォーラム',
        EN: 'Two days, 30 sessions on design and technology.\nTokyo International Forum',
      },
      button: { text: { JP: '参加登録', EN: 'Register' }, link: { kind: 'INTERNAL', target: 'FORM' } },
    },
    {
      motif: 'mic',
      kicker: { JP: '登壇者', EN: 'SPEAKERS' },
      headline: { JP: '第一線の\n40人が登壇', EN: '40 speakers\nfrom the front line' },
      text: {
        JP: 'ブランド、UX、AI、映像。現場で活躍するクリエイターが語ります。',
        EN: 'Brand, UX, AI and film: makers at the top of their field share what works.',
      },
      button: { text: { JP: '早割をチェック', EN: 'Early bird offer' }, link: { kind: 'POPUP' } },
    },
    {
      motif: 'clock',
      kicker: { JP: 'タイムテーブル', EN: 'TIMETABLE' },
      headline: { JP: '10:00 開場\n18:30 交流会', EN: 'Doors 10:00\nMixer 18:30' },
      text: {
        JP: '基調講演は両日10:30から。全セッションの資料を後日お送りします。',
        EN: 'Keynotes at 10:30 on both days. Slides of every session are shared afterwards.',
      },
      button: { text: { JP: 'チケットを見る', EN: 'See the tickets' }, link: { kind: 'PAGE', page: 'B2' } },
    },
    {
      motif: 'ticket',
      kicker: { JP: 'チケット', EN: 'TICKETS' },
      headline: { JP: '早割は\n5月31日まで', EN: 'Early bird\nuntil May 31' },
      text: {
        JP: '2日間の通し券です。学生割引もあります。',
        EN: 'A two-day pass. Student discount available.',
      },
      price: { JP: '¥12,000（税込）', EN: '¥12,000 incl. tax' },
      button: {
        text: { JP: 'チケットを申し込む', EN: 'Get your ticket' },
        link: { kind: 'INTERNAL', target: 'FORM' },
      },
    },
  ],
  menu: [
    { name: { JP: 'トップ', EN: 'Top' }, page: 'A1' },
    { name: { JP: '登壇者', EN: 'Speakers' }, page: 'B1' },
    { name: { JP: 'タイムテーブル', EN: 'Timetable' }, page: 'A2' },
    { name: { JP: 'チケット', EN: 'Tickets' }, page: 'B2' },
  ],
  seo: {
    title: { JP: 'クリエイティブサミット東京 2026', EN: 'Creative Summit Tokyo 2026' },
    description: {
      JP: 'デザインとテクノロジーの2日間。40人の登壇者と30のセッション。早割チケット受付中。',
      EN: 'Two days of design and technology with 40 speakers and 30 sessions. Early bird tickets on sale now.',
    },
  },
  sns: [
    { snsType: 'x', snsUrl: 'https://x.com/creativesummit' },
    { snsType: 'youtube', snsUrl: 'https://youtube.com/@creativesummit' },
    { snsType: 'google_map', snsUrl: 'https://maps.google.com/?q=Tokyo+International+Forum' },
  ],
  company: {
    website: 'https://example.com/summit',
    profile: {
      JP: 'クリエイティブサミット実行委員会\n東京都千代田区丸の内3-5-1',
      EN: 'Creative Summit Committee\n3-5-1 Marunouchi, Chiyoda-ku, Tokyo',
    },
  },
  forms: {
    homepage: [
      { typeInput: 'TEXT_BOX', title: { JP: 'お名前', EN: 'Your name' }, isRequired: true },
      {
        typeInput: 'SELECT',
        title: { JP: 'チケットの種類', EN: 'Ticket' },
        isRequired: true,
        options: [
          { JP: '2日間通し券', EN: 'Two-day pass' },
          { JP: '1日券（6月12日）', EN: 'Day pass (June 12)' },
          { JP: '1日券（6月13日）', EN: 'Day pass (June 13)' },
          { JP: '学生券', EN: 'Student pass' },
        ],
      },
      { typeInput: 'NUMBER', title: { JP: '枚数', EN: 'Number of tickets' }, isRequired: true },
    ],
  },
  popup: {
    motif: 'ticket',
    button: { JP: '今すぐ申し込む', EN: 'Book now' },
    link: { kind: 'INTERNAL', target: 'FORM' },
    pages: ['B1', 'A2', 'B2'],
    days: 30,
  },
};
