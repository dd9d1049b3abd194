import type { TSiteTemplateDef } from '../template-types';

// A free guide given for contact details: what is inside, results, the author, the form.
export const leadMagnet: TSiteTemplateDef = {
  id: 'lead-magnet',
  category: 'LEAD_MAGNET',
  name: { en: 'Lead magnet', ja: '資料ダウンロード', cn: '资料下载获客', kr: '리드 마그넷' },
  description: {
    en: 'Five pages offering a free e-book for contact details: contents, results, author and a download form.',
    ja: '無料資料と引き換えに見込み客の情報を集める5ページ。内容、実績、著者、ダウンロードフォーム。',
    cn: '以免费电子书换取联系方式的5个页面：内容、成果、作者和下载表单。',
    kr: '무료 자료로 잠재 고객 정보를 모으는 5페이지: 내용, 성과, 저자, 다운로드 양식.',
  },
  siteName: { JP: 'LP改善 実践ガイド 2026', EN: 'The landing page playbook 2026' },
  rows: 5,
  columns: 1,
  palette: { from: '#334155', to: '#0c1a3a', accent: '#fbbf24', button: '#fbbf24', buttonText: '#1c1917' },
  pages: [
    {
      motif: 'book',
      kicker: { JP: '無料ダウンロード', EN: 'FREE E-BOOK' },
      headline: { JP: 'LP改善\n実践ガイド 2026', EN: 'The landing page\nplaybook 2026' },
      text: {
        JP: '成果の出たLP 120本から学んだ改善の型を、1冊にまとめました。',
        EN: 'What we learned from 120 landing pages that worked, in one guide.',
      },
      button: {
        text: { JP: '無料で受け取る', EN: 'Get it free' },
        link: { kind: 'INTERNAL', target: 'FORM' },
      },
    },
    {
      motif: 'checklist',
      kicker: { JP: 'この本でわかること', EN: 'WHAT’S INSIDE' },
      headline: { JP: '3つのポイントで\nCVRが変わる', EN: 'Three levers\nthat lift conversion' },
      text: {
        JP: 'ファーストビュー、CTAの置き方、フォームの項目数。すぐ試せるチェックリスト付き。',
        EN: 'The first view, where the CTA goes and how long the form is, with a checklist to use today.',
      },
    },
    {
      motif: 'chart',
      kicker: { JP: 'データ', EN: 'RESULTS' },
      headline: { JP: '平均CVR\n1.8倍', EN: 'Conversion\nup 1.8x' },
      text: {
        JP: 'ガイドの手順を実践した企業の、3か月後の平均値です。',
        EN: 'The average of companies three months after following the guide.',
      },
      button: { text: { JP: 'ガイドを受け取る', EN: 'Get the guide' }, link: { kind: 'PAGE', page: 'A5' } },
    },
    {
      motif: 'person',
      kicker: { JP: '著者', EN: 'AUTHOR' },
      headline: { JP: 'LPコンサルタント\n山田 花子', EN: 'By LP consultant\nHanako Yamada' },
      text: {
        JP: '大手ECから地方の工務店まで、300社以上のLPを改善してきました。',
        EN: 'Hanako has improved the landing pages of over 300 companies, from big shops to local builders.',
      },
    },
    {
      motif: 'download',
      kicker: { JP: '今すぐ入手', EN: 'GET YOUR COPY' },
      headline: { JP: 'フォーム送信で\nすぐに届きます', EN: 'Fill in the form,\nget it right away' },
      text: {
        JP: 'PDF 48ページ。ご登録のメールアドレスにお送りします。',
        EN: 'A 48-page PDF, sent to your email address.',
      },
      button: {
        text: { JP: 'ダウンロードする', EN: 'Download' },
        link: { kind: 'INTERNAL', target: 'FORM' },
      },
    },
  ],
  menu: [
    { name: { JP: 'トップ', EN: 'Top' }, page: 'A1' },
    { name: { JP: '内容', EN: 'Inside the guide' }, page: 'A2' },
    { name: { JP: '著者', EN: 'Author' }, page: 'A4' },
    { name: { JP: 'ダウンロード', EN: 'Download' }, page: 'A5' },
  ],
  seo: {
    title: {
      JP: 'LP改善 実践ガイド 2026 無料ダウンロード',
      EN: 'The Landing Page Playbook 2026 Free Download',
    },
    description: {
      JP: '成果の出たLP 120本から学んだ改善の型をまとめた無料ガイド。チェックリスト付き、PDF 48ページ。',
      EN: 'A free guide to what worked on 120 landing pages, with a checklist. A 48-page PDF.',
    },
  },
  company: {
    website: 'https://example.com/swipe-lab',
    profile: {
      JP: '株式会社スワイプラボ\n東京都千代田区丸の内1-1-1',
      EN: 'Swipe Lab Inc.\n1-1-1 Marunouchi, Chiyoda-ku, Tokyo',
    },
  },
  forms: {
    homepage: [
      { typeInput: 'TEXT_BOX', title: { JP: 'お名前', EN: 'Your name' }, isRequired: true },
      {
        typeInput: 'SELECT',
        title: { JP: 'お立場', EN: 'Your role' },
        options: [
          { JP: '経営者', EN: 'Executive' },
          { JP: 'マーケティング担当', EN: 'Marketing' },
          { JP: '営業', EN: 'Sales' },
          { JP: 'その他', EN: 'Other' },
        ],
      },
      {
        typeInput: 'SELECT_OPTIONS',
        title: { JP: '関心のあるテーマ', EN: 'Topics you care about' },
        options: [
          { JP: '広告', EN: 'Advertising' },
          { JP: 'SEO', EN: 'SEO' },
          { JP: 'フォーム改善', EN: 'Better forms' },
        ],
      },
    ],
  },
};
