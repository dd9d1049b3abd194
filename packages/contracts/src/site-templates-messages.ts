import type { TUiLanguage } from './i18n';

// Messages of the starter sites (keys `siteTemplates.*`), merged into the catalogue of messages.ts.
export const siteTemplatesMessages = {
  'siteTemplates.unknown': {
    en: 'This template does not exist. Please choose one from the gallery.',
    ja: 'このテンプレートは存在しません。ギャラリーから選んでください。',
    cn: '此模板不存在。请从模板库中选择。',
    kr: '이 템플릿은 존재하지 않습니다. 갤러리에서 선택해 주세요.',
  },
  'siteTemplates.documentOrTemplate': {
    en: 'Send either a site document or a template, not both.',
    ja: 'サイトのデータかテンプレートのどちらか一方を指定してください。',
    cn: '请指定网站数据或模板中的一项（不能同时指定）。',
    kr: '사이트 데이터 또는 템플릿 중 하나만 지정해 주세요.',
  },
  'siteTemplates.languageUnavailable': {
    en: 'This template is written in Japanese and English. Please choose one of them as the default language.',
    ja: 'このテンプレートは日本語と英語で作られています。既定の言語はどちらかを選んでください。',
    cn: '此模板只有日语和英语版本。请选择其中一种作为默认语言。',
    kr: '이 템플릿은 일본어와 영어로 작성되어 있습니다. 기본 언어는 둘 중 하나를 선택해 주세요.',
  },
  'siteTemplates.created': {
    en: 'The site has been created from the template “{name}”.',
    ja: 'テンプレート「{name}」からサイトを作成しました。',
    cn: '已使用模板“{name}”创建网站。',
    kr: '템플릿 "{name}"(으)로 사이트를 만들었습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
