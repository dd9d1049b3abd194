import type { TSiteLanguage } from '@swipe/contracts/sites';

// The few words the viewer itself says to visitors, in the site's four content languages.

export const HTML_LANG: Record<TSiteLanguage, string> = { JP: 'ja', EN: 'en', KR: 'ko', CN: 'zh' };

export const LANGUAGE_NAMES: Record<TSiteLanguage, string> = {
  JP: '日本語',
  EN: 'English',
  KR: '한국어',
  CN: '中文',
};

type TTexts = {
  menu: string;
  close: string;
  company: string;
  companyTabs: [string, string, string, string];
  locked: string;
  /** The badge of a members-only page its member sees. */
  membersOnly: string;
  signIn: string;
  register: string;
  products: string;
  taxIncluded: string;
  language: string;
  previous: string;
  next: string;
  up: string;
  down: string;
  /** The news control and panel (latest information and delivered notifications). */
  news: string;
  /** A news item's link. */
  more: string;
  /** The news panel's button that asks for this site's notifications on the device. */
  pushOn: string;
  /** The album: the header control and the panel of all pages. */
  album: string;
  /** The sound toggle of a video page (pressed: sound on). */
  sound: string;
};

export const TEXTS: Record<TSiteLanguage, TTexts> = {
  JP: {
    menu: 'メニュー',
    close: '閉じる',
    company: '会社情報',
    companyTabs: ['会社概要', '特定商取引法に基づく表記', '利用規約', 'プライバシーポリシー'],
    locked: 'このページは会員限定です',
    membersOnly: '会員限定',
    signIn: 'ログイン',
    register: '会員登録',
    products: '商品',
    taxIncluded: '税込',
    language: '言語',
    previous: '前へ',
    next: '次へ',
    up: '上へ',
    down: '下へ',
    news: 'お知らせ',
    more: '詳しく見る',
    pushOn: 'この端末で通知を受け取る',
    album: 'すべてのページ',
    sound: '音声',
  },
  EN: {
    menu: 'Menu',
    close: 'Close',
    company: 'Company',
    companyTabs: ['Company profile', 'Commercial transactions', 'Terms of use', 'Privacy policy'],
    locked: 'This page is for members only',
    membersOnly: 'Members only',
    signIn: 'Sign in',
    register: 'Register',
    products: 'Products',
    taxIncluded: 'incl. tax',
    language: 'Language',
    previous: 'Previous',
    next: 'Next',
    up: 'Up',
    down: 'Down',
    news: 'News',
    more: 'Read more',
    pushOn: 'Get notifications on this device',
    album: 'All pages',
    sound: 'Sound',
  },
  KR: {
    menu: '메뉴',
    close: '닫기',
    company: '회사 정보',
    companyTabs: ['회사 소개', '특정상거래법 표기', '이용약관', '개인정보처리방침'],
    locked: '이 페이지는 회원 전용입니다',
    membersOnly: '회원 전용',
    signIn: '로그인',
    register: '회원가입',
    products: '상품',
    taxIncluded: '세금 포함',
    language: '언어',
    previous: '이전',
    next: '다음',
    up: '위로',
    down: '아래로',
    news: '소식',
    more: '자세히 보기',
    pushOn: '이 기기에서 알림 받기',
    album: '전체 페이지',
    sound: '소리',
  },
  CN: {
    menu: '菜单',
    close: '关闭',
    company: '公司信息',
    companyTabs: ['公司简介', '特定商业交易法标示', '使用条款', '隐私政策'],
    locked: '此页面仅限会员浏览',
    membersOnly: '会员专享',
    signIn: '登录',
    register: '注册会员',
    products: '商品',
    taxIncluded: '含税',
    language: '语言',
    previous: '上一页',
    next: '下一页',
    up: '向上',
    down: '向下',
    news: '最新消息',
    more: '查看详情',
    pushOn: '在此设备上接收通知',
    album: '全部页面',
    sound: '声音',
  },
};

/** The not-found page, in the visitor's UI language. */
export const NOT_FOUND_TEXTS: Record<'ja' | 'en' | 'ko' | 'zh', { title: string; body: string }> = {
  ja: { title: 'ページが見つかりません', body: 'お探しのページは存在しないか、公開が終了しました。' },
  en: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or is no longer published.',
  },
  ko: { title: '페이지를 찾을 수 없습니다', body: '찾으시는 페이지가 없거나 공개가 종료되었습니다.' },
  zh: { title: '找不到页面', body: '您要查找的页面不存在或已停止发布。' },
};
