import type { TUiLanguage } from './i18n';

// Server and form-validation messages of the plans domain (keys `plans.*`), merged into the
// catalogue of messages.ts.
export const plansMessages = {
  'plans.codeFormat': {
    en: 'Use lowercase letters, digits and underscores only.',
    ja: '英小文字・数字・アンダースコア（_）のみ使用できます。',
    cn: '只能使用小写字母、数字和下划线。',
    kr: '영문 소문자, 숫자, 밑줄(_)만 사용할 수 있습니다.',
  },
  'plans.wholeNumber': {
    en: 'Please enter a whole number of 0 or more.',
    ja: '0以上の整数を入力してください。',
    cn: '请输入0或以上的整数。',
    kr: '0 이상의 정수를 입력해 주세요.',
  },
  'plans.numberTooLarge': {
    en: 'Please enter a number of at most {max}.',
    ja: '{max}以下の数値を入力してください。',
    cn: '请输入不超过{max}的数字。',
    kr: '{max} 이하의 숫자를 입력해 주세요.',
  },
  'plans.codeTaken': {
    en: 'This plan code is already in use.',
    ja: 'このプランコードは既に使用されています。',
    cn: '该套餐代码已被使用。',
    kr: '이미 사용 중인 플랜 코드입니다.',
  },
  'plans.created': {
    en: 'The plan "{name}" has been created.',
    ja: 'プラン「{name}」を作成しました。',
    cn: '已创建套餐“{name}”。',
    kr: '플랜 "{name}"을(를) 만들었습니다.',
  },
  'plans.versionCreated': {
    en: 'Saved as version {version}. {count} contract(s) stay on version {previous}; new contracts and plan changes use version {version}.',
    ja: 'バージョン{version}として保存しました。{count}件の契約はバージョン{previous}のままです。新規契約とプラン変更にはバージョン{version}が適用されます。',
    cn: '已保存为版本{version}。{count}份合同仍使用版本{previous}；新合同和套餐变更将使用版本{version}。',
    kr: '버전 {version}(으)로 저장했습니다. 계약 {count}건은 버전 {previous}을(를) 유지하며, 신규 계약과 플랜 변경에는 버전 {version}이(가) 적용됩니다.',
  },
  'plans.notCurrentVersion': {
    en: 'Only the current version of a plan can be changed. Please reload and try again.',
    ja: '変更できるのはプランの最新バージョンのみです。再読み込みしてからもう一度お試しください。',
    cn: '只能修改套餐的最新版本。请刷新后重试。',
    kr: '플랜의 최신 버전만 변경할 수 있습니다. 새로고침한 후 다시 시도해 주세요.',
  },
  'plans.retiredNotEditable': {
    en: 'This plan has been retired and can no longer be changed.',
    ja: 'このプランは提供終了のため変更できません。',
    cn: '该套餐已停止提供，无法修改。',
    kr: '제공이 종료된 플랜이라 변경할 수 없습니다.',
  },
  'plans.alreadyRetired': {
    en: 'This plan has already been retired.',
    ja: 'このプランは既に提供終了になっています。',
    cn: '该套餐已停止提供。',
    kr: '이미 제공이 종료된 플랜입니다.',
  },
  'plans.retired': {
    en: 'The plan "{name}" has been retired. {count} contract(s) keep it; it can no longer be chosen for new contracts or plan changes.',
    ja: 'プラン「{name}」の提供を終了しました。{count}件の契約はこのプランのままです。新規契約やプラン変更では選択できなくなります。',
    cn: '套餐“{name}”已停止提供。{count}份合同继续使用该套餐；新合同和套餐变更将无法再选择它。',
    kr: '플랜 "{name}"의 제공을 종료했습니다. 계약 {count}건은 이 플랜을 유지하며, 신규 계약과 플랜 변경에서는 더 이상 선택할 수 없습니다.',
  },
  'plans.nothingChanged': {
    en: 'Nothing has changed, so no new version was saved.',
    ja: '変更がないため、新しいバージョンは保存されませんでした。',
    cn: '没有任何更改，因此未保存新版本。',
    kr: '변경 사항이 없어 새 버전을 저장하지 않았습니다.',
  },
  'plans.platformHasNoPlan': {
    en: 'The platform operator works under no plan: plans apply to customer accounts.',
    ja: 'プラットフォーム運営者にはプランがありません。プランは顧客アカウントに適用されます。',
    cn: '平台运营方不受套餐限制，套餐适用于客户账户。',
    kr: '플랫폼 운영자에게는 플랜이 없습니다. 플랜은 고객 계정에 적용됩니다.',
  },
  'plans.noContract': {
    en: 'No contract was found for this account. Please contact the administrator.',
    ja: 'このアカウントの契約が見つかりません。管理者にお問い合わせください。',
    cn: '未找到此账户的合同。请联系管理员。',
    kr: '이 계정의 계약을 찾을 수 없습니다. 관리자에게 문의해 주세요.',
  },
  'plans.siteLimitReached': {
    en: 'Your plan allows up to {limit} site(s), and that limit has been reached. Please contact the administrator to change the plan.',
    ja: 'ご利用中のプランで作成できるサイトは{limit}件までで、上限に達しています。プラン変更については管理者にお問い合わせください。',
    cn: '您的套餐最多可创建{limit}个网站，已达到上限。如需更改套餐，请联系管理员。',
    kr: '현재 플랜에서 만들 수 있는 사이트는 최대 {limit}개이며 한도에 도달했습니다. 플랜 변경은 관리자에게 문의해 주세요.',
  },
  'plans.pageLimitReached': {
    en: 'Your plan allows up to {limit} pages per site. Please reduce the pages or contact the administrator to change the plan.',
    ja: 'ご利用中のプランでは1サイトあたり{limit}ページまでです。ページ数を減らすか、プラン変更について管理者にお問い合わせください。',
    cn: '您的套餐每个网站最多{limit}页。请减少页数，或联系管理员更改套餐。',
    kr: '현재 플랜에서는 사이트당 최대 {limit}페이지까지 가능합니다. 페이지 수를 줄이거나 플랜 변경을 관리자에게 문의해 주세요.',
  },
  'plans.contractInactive': {
    en: 'Your contract is not active, so changes cannot be made. Please contact the administrator.',
    ja: '契約が有効でないため、変更できません。管理者にお問い合わせください。',
    cn: '您的合同未生效，无法进行更改。请联系管理员。',
    kr: '계약이 유효하지 않아 변경할 수 없습니다. 관리자에게 문의해 주세요.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
