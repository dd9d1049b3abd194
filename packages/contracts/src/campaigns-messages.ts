import type { TUiLanguage } from './i18n';

// Messages of campaigns (keys `campaigns.*`), merged into the catalogue of messages.ts.
export const campaignsMessages = {
  'campaigns.tooSmall': {
    en: 'An item must be at least 8 px wide and high.',
    ja: 'アイテムの幅と高さは8px以上にしてください。',
    cn: '项目的宽度和高度至少为8px。',
    kr: '항목의 너비와 높이는 8px 이상이어야 합니다.',
  },
  'campaigns.internalPath': {
    en: 'Enter a path of this site starting with /.',
    ja: '/から始まるサイト内のパスを入力してください。',
    cn: '请输入以/开头的站内路径。',
    kr: '/로 시작하는 사이트 내 경로를 입력해 주세요.',
  },
  'campaigns.surveyRequired': {
    en: 'Choose a survey.',
    ja: 'アンケートを選択してください。',
    cn: '请选择问卷。',
    kr: '설문을 선택해 주세요.',
  },
  'campaigns.scriptInvalid': {
    en: 'The script is not valid JavaScript.',
    ja: 'スクリプトが正しいJavaScriptではありません。',
    cn: '该脚本不是有效的JavaScript。',
    kr: '스크립트가 올바른 JavaScript가 아닙니다.',
  },
  'campaigns.microcopyLines': {
    en: 'Microcopy can have at most 3 lines.',
    ja: 'マイクロコピーは3行までです。',
    cn: '微文案最多3行。',
    kr: '마이크로카피는 최대 3줄입니다.',
  },
  'campaigns.pagesRequired': {
    en: 'Choose at least one page.',
    ja: 'ページを1つ以上選択してください。',
    cn: '请至少选择一个页面。',
    kr: '페이지를 하나 이상 선택해 주세요.',
  },
  'campaigns.pageNotInSite': {
    en: 'This page is not in the site.',
    ja: 'このページはサイトにありません。',
    cn: '该页面不在站点中。',
    kr: '이 페이지는 사이트에 없습니다.',
  },
  'campaigns.created': {
    en: 'The campaign has been created.',
    ja: 'キャンペーンを作成しました。',
    cn: '已创建活动。',
    kr: '캠페인을 생성했습니다.',
  },
  'campaigns.saved': {
    en: 'The campaign has been saved.',
    ja: 'キャンペーンを保存しました。',
    cn: '已保存活动。',
    kr: '캠페인을 저장했습니다.',
  },
  'campaigns.deleted': {
    en: 'The campaign has been deleted.',
    ja: 'キャンペーンを削除しました。',
    cn: '已删除活动。',
    kr: '캠페인을 삭제했습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
