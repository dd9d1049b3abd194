import type { TUiLanguage } from './i18n';

// Messages of effect measurement (keys `analytics.*`), merged into the catalogue of messages.ts.
export const analyticsMessages = {
  'analytics.dateInvalid': {
    en: 'Enter a date as YYYY-MM-DD.',
    ja: '日付はYYYY-MM-DDの形式で入力してください。',
    cn: '请按YYYY-MM-DD格式输入日期。',
    kr: '날짜는 YYYY-MM-DD 형식으로 입력해 주세요.',
  },
  'analytics.rangeInvalid': {
    en: 'The start date must be on or before the end date.',
    ja: '開始日は終了日以前の日付を指定してください。',
    cn: '开始日期必须早于或等于结束日期。',
    kr: '시작일은 종료일과 같거나 이전이어야 합니다.',
  },
  'analytics.rangeTooLong': {
    en: 'A period can be at most 366 days.',
    ja: '期間は366日以内で指定してください。',
    cn: '期间最多为366天。',
    kr: '기간은 최대 366일까지 지정할 수 있습니다.',
  },
  'analytics.pageInvalid': {
    en: 'This page is not in the site.',
    ja: 'このページはサイトにありません。',
    cn: '该页面不在站点中。',
    kr: '이 페이지는 사이트에 없습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
