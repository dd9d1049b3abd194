import type { TUiLanguage } from './i18n';

// Messages of the per-site submission lists (keys `submissions.*`): the CSV headers and the
// values they translate, merged into the catalogue of messages.ts.
export const submissionsMessages = {
  'submissions.csv.receivedAt': {
    en: 'Received at (JST)',
    ja: '受信日時（日本時間）',
    cn: '接收时间（日本时间）',
    kr: '수신 일시(일본 시간)',
  },
  'submissions.csv.registeredAt': {
    en: 'Registered at (JST)',
    ja: '登録日時（日本時間）',
    cn: '注册时间（日本时间）',
    kr: '등록 일시(일본 시간)',
  },
  'submissions.csv.email': { en: 'Email', ja: 'メールアドレス', cn: '邮箱', kr: '이메일' },
  'submissions.csv.companyName': { en: 'Company name', ja: '会社名', cn: '公司名称', kr: '회사명' },
  'submissions.csv.language': { en: 'Language', ja: '言語', cn: '语言', kr: '언어' },
  'submissions.csv.mode': { en: 'Mode', ja: 'モード', cn: '模式', kr: '모드' },
  'submissions.csv.status': { en: 'Status', ja: 'ステータス', cn: '状态', kr: '상태' },
  'submissions.csv.confirmedAt': {
    en: 'Confirmed at (JST)',
    ja: '本登録日時（日本時間）',
    cn: '确认时间（日本时间）',
    kr: '인증 일시(일본 시간)',
  },
  'submissions.csv.lastLoginAt': {
    en: 'Last sign-in (JST)',
    ja: '最終ログイン（日本時間）',
    cn: '最后登录（日本时间）',
    kr: '마지막 로그인(일본 시간)',
  },
  'submissions.status.PENDING': { en: 'Pending', ja: '仮登録', cn: '待确认', kr: '가입 대기' },
  'submissions.status.ACTIVE': { en: 'Active', ja: '本登録', cn: '已确认', kr: '가입 완료' },
  'submissions.language.JP': { en: 'Japanese', ja: '日本語', cn: '日语', kr: '일본어' },
  'submissions.language.EN': { en: 'English', ja: '英語', cn: '英语', kr: '영어' },
  'submissions.language.KR': { en: 'Korean', ja: '韓国語', cn: '韩语', kr: '한국어' },
  'submissions.language.CN': { en: 'Chinese', ja: '中国語', cn: '中文', kr: '중국어' },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
