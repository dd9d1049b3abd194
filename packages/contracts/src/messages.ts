import { adminsMessages } from './admins-messages';
import { analyticsMessages } from './analytics-messages';
import { apiAccessMessages } from './api-access-messages';
import { billPaymentMessages } from './bill-payment-messages';
import { billingMessages } from './billing-messages';
import { campaignsMessages } from './campaigns-messages';
import { communicationsMessages } from './communications-messages';
import { experimentsMessages } from './experiments-messages';
import { FALLBACK_UI_LANGUAGE, type TUiLanguage } from './i18n';
import { plansMessages } from './plans-messages';
import { previewCommentsMessages } from './preview-comments-messages';
import { previewMessages } from './preview-messages';
import { profileMessages } from './profile-messages';
import { siteTemplatesMessages } from './site-templates-messages';
import { sitesMessages } from './sites-messages';
import { submissionsMessages } from './submissions-messages';
import { userImportMessages } from './user-import-messages';
import { usersMessages } from './users-messages';
import { visitorsMessages } from './visitors-messages';
import { webhooksMessages } from './webhooks-messages';
import { zipUploadMessages } from './zip-upload-messages';

// Messages shared by the server (errors, success texts) and the console (form validation).
// English texts keep the product's exact wording where one is specified; do not reword them.
const baseCatalogue = {
  'common.required': {
    en: 'This field is required.',
    ja: 'この項目は必須です。',
    cn: '此字段为必填项。',
    kr: '필수 입력 항목입니다.',
  },
  'common.invalidEmail': {
    en: 'Invalid email address.',
    ja: 'メールアドレスの形式が正しくありません。',
    cn: '电子邮件地址无效。',
    kr: '유효하지 않은 이메일 주소입니다.',
  },
  'common.tooLong': {
    en: 'Please enter at most {max} characters.',
    ja: '{max}文字以内で入力してください。',
    cn: '请输入不超过{max}个字符。',
    kr: '{max}자 이내로 입력해 주세요.',
  },
  'common.invalid': {
    en: 'The input is invalid. Please check the highlighted fields.',
    ja: '入力内容に誤りがあります。該当項目をご確認ください。',
    cn: '输入内容无效，请检查标出的字段。',
    kr: '입력 내용이 올바르지 않습니다. 표시된 항목을 확인해 주세요.',
  },
  'common.storageFull': {
    en: 'There is no room to store files right now. Nothing was saved; please try again later.',
    ja: '現在ファイルを保存する容量がありません。何も保存されていません。しばらくしてからもう一度お試しください。',
    cn: '当前没有存储文件的空间。未保存任何内容，请稍后再试。',
    kr: '현재 파일을 저장할 공간이 없습니다. 아무것도 저장되지 않았습니다. 잠시 후 다시 시도해 주세요.',
  },
  'common.databaseUnavailable': {
    en: 'The service is busy and could not finish your request in time. Please try again in a few seconds.',
    ja: 'サービスが混み合っているため、処理を時間内に完了できませんでした。数秒後にもう一度お試しください。',
    cn: '服务繁忙，未能及时完成您的请求。请几秒后再试。',
    kr: '서비스가 혼잡하여 요청을 제시간에 완료하지 못했습니다. 몇 초 후에 다시 시도해 주세요.',
  },
  'common.invalidCharacter': {
    en: 'The input contains a character that cannot be used. Please remove it.',
    ja: '使用できない文字が含まれています。削除してください。',
    cn: '输入中包含无法使用的字符。请将其删除。',
    kr: '사용할 수 없는 문자가 포함되어 있습니다. 삭제해 주세요.',
  },
  'common.inputTooDeep': {
    en: 'The input is nested too deeply.',
    ja: '入力データの階層が深すぎます。',
    cn: '输入数据的嵌套层级过深。',
    kr: '입력 데이터의 중첩이 너무 깊습니다.',
  },
  'common.invalidParameter': {
    en: 'This parameter takes a single value.',
    ja: 'このパラメーターには単一の値を指定してください。',
    cn: '此参数只能指定单个值。',
    kr: '이 매개변수에는 하나의 값만 지정해 주세요.',
  },
  'common.requestKeyReused': {
    en: 'This was already sent with other contents. Please reload the page and send it again.',
    ja: 'この送信は別の内容ですでに受け付けています。ページを再読み込みしてから、もう一度送信してください。',
    cn: '此请求已以其他内容提交。请刷新页面后重新提交。',
    kr: '이 요청은 이미 다른 내용으로 접수되었습니다. 페이지를 새로고침한 후 다시 보내 주세요.',
  },
  'common.invalidDate': {
    en: 'Please enter a valid date.',
    ja: '正しい日付を入力してください。',
    cn: '请输入有效的日期。',
    kr: '올바른 날짜를 입력해 주세요.',
  },
  'common.notFound': {
    en: 'The requested resource was not found.',
    ja: '指定されたデータが見つかりません。',
    cn: '未找到请求的资源。',
    kr: '요청한 데이터를 찾을 수 없습니다.',
  },
  'common.forbidden': {
    en: 'You do not have permission to perform this action. Please contact the administrator.',
    ja: 'この操作を行う権限がありません。管理者にお問い合わせください。',
    cn: '您没有执行此操作的权限。请联系管理员。',
    kr: '이 작업을 수행할 권한이 없습니다. 관리자에게 문의해 주세요.',
  },
  'common.tooManyRequests': {
    en: 'Too many attempts. Please wait a moment and try again.',
    ja: '試行回数が多すぎます。しばらく待ってから再度お試しください。',
    cn: '尝试次数过多，请稍后再试。',
    kr: '시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  },
  'common.payloadTooLarge': {
    en: 'The request is too large.',
    ja: 'リクエストのサイズが大きすぎます。',
    cn: '请求过大。',
    kr: '요청 크기가 너무 큽니다.',
  },
  'common.unsupportedMediaType': {
    en: 'The request format is not supported.',
    ja: 'サポートされていないリクエスト形式です。',
    cn: '不支持该请求格式。',
    kr: '지원하지 않는 요청 형식입니다.',
  },
  'common.busy': {
    en: 'The service is busy. Please try again in a moment.',
    ja: 'ただいま混み合っています。しばらくしてから再度お試しください。',
    cn: '服务繁忙，请稍后再试。',
    kr: '서비스가 혼잡합니다. 잠시 후 다시 시도해 주세요.',
  },
  'common.serverError': {
    en: 'An error has occurred',
    ja: 'エラーが発生しました',
    cn: '发生错误',
    kr: '오류가 발생했습니다',
  },
  'plan.featureUnavailable': {
    en: 'Your plan does not include this feature. Please contact the administrator to change the plan.',
    ja: 'ご利用中のプランではこの機能を使用できません。プラン変更については管理者にお問い合わせください。',
    cn: '您当前的套餐不包含此功能。如需更改套餐，请联系管理员。',
    kr: '현재 플랜에서는 이 기능을 사용할 수 없습니다. 플랜 변경은 관리자에게 문의해 주세요.',
  },
  'auth.invalidCredentials': {
    en: 'The login ID or password is incorrect. Please check and try logging in again.',
    ja: 'ログインIDまたはパスワードが正しくありません。確認してもう一度ログインしてください。',
    cn: '登录ID或密码不正确。请检查后重新登录。',
    kr: '로그인 ID 또는 비밀번호가 올바르지 않습니다. 확인 후 다시 로그인해 주세요.',
  },
  'auth.unauthenticated': {
    en: 'Your session has expired. Please sign in again.',
    ja: 'セッションの有効期限が切れました。再度ログインしてください。',
    cn: '会话已过期，请重新登录。',
    kr: '세션이 만료되었습니다. 다시 로그인해 주세요.',
  },
  'auth.accessDisabled': {
    en: 'This account cannot sign in because its contract is not active. Please contact the administrator.',
    ja: '契約が有効でないため、このアカウントはログインできません。管理者にお問い合わせください。',
    cn: '由于合同未生效，此账户无法登录。请联系管理员。',
    kr: '계약이 유효하지 않아 이 계정으로 로그인할 수 없습니다. 관리자에게 문의해 주세요.',
  },
  'auth.mustChangePassword': {
    en: 'Please change your password before continuing.',
    ja: '続行する前にパスワードを変更してください。',
    cn: '请先修改密码再继续。',
    kr: '계속하기 전에 비밀번호를 변경해 주세요.',
  },
  'auth.forgotPasswordSent': {
    en: 'If this email address is registered, a password reset link has been sent to it.',
    ja: 'このメールアドレスが登録されている場合、パスワード再設定用のリンクを送信しました。',
    cn: '如果该电子邮件地址已注册，我们已向其发送密码重置链接。',
    kr: '등록된 이메일 주소인 경우 비밀번호 재설정 링크를 보냈습니다.',
  },
  'auth.tokenMissing': {
    en: 'Token is missing.',
    ja: 'トークンがありません。',
    cn: '缺少令牌。',
    kr: '토큰이 없습니다.',
  },
  'auth.crossOrigin': {
    en: 'This request did not come from the console. Please sign in again from the console.',
    ja: 'このリクエストは管理画面から送信されていません。管理画面からもう一度ログインしてください。',
    cn: '此请求并非来自管理控制台。请从管理控制台重新登录。',
    kr: '이 요청은 관리 콘솔에서 보낸 것이 아닙니다. 관리 콘솔에서 다시 로그인해 주세요.',
  },
  'auth.tokenInvalid': {
    en: 'This link is invalid or has expired. Please request a new one.',
    ja: 'このリンクは無効か有効期限が切れています。もう一度お手続きください。',
    cn: '此链接无效或已过期，请重新申请。',
    kr: '이 링크는 유효하지 않거나 만료되었습니다. 다시 요청해 주세요.',
  },
  'auth.tokenValid': {
    en: 'The link is valid.',
    ja: 'リンクは有効です。',
    cn: '链接有效。',
    kr: '링크가 유효합니다.',
  },
  'auth.passwordReset': {
    en: 'Your password has been reset. Please sign in with the new password.',
    ja: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
    cn: '密码已重置，请使用新密码登录。',
    kr: '비밀번호가 재설정되었습니다. 새 비밀번호로 로그인해 주세요.',
  },
  'auth.passwordChanged': {
    en: 'Your password has been changed.',
    ja: 'パスワードを変更しました。',
    cn: '密码已修改。',
    kr: '비밀번호가 변경되었습니다.',
  },
  'auth.currentPasswordWrong': {
    en: 'The current password is incorrect.',
    ja: '現在のパスワードが正しくありません。',
    cn: '当前密码不正确。',
    kr: '현재 비밀번호가 올바르지 않습니다.',
  },
  'auth.samePassword': {
    en: 'The new password must be different from the current one.',
    ja: '新しいパスワードは現在のパスワードと異なるものにしてください。',
    cn: '新密码必须与当前密码不同。',
    kr: '새 비밀번호는 현재 비밀번호와 달라야 합니다.',
  },
  'auth.loggedOut': {
    en: 'You have signed out.',
    ja: 'ログアウトしました。',
    cn: '您已退出登录。',
    kr: '로그아웃했습니다.',
  },
  'password.length': {
    en: 'Password must be {min} to {max} characters.',
    ja: 'パスワードは{min}〜{max}文字で入力してください。',
    cn: '密码长度必须为{min}到{max}个字符。',
    kr: '비밀번호는 {min}~{max}자로 입력해 주세요.',
  },
  'password.complexity': {
    en: 'Password must contain a lowercase letter, an uppercase letter, a digit and a special character (@ # $ % ^ & * ( ) _ + | { } < > : ; [ ] - = , . ?).',
    ja: 'パスワードには英小文字・英大文字・数字・記号（@ # $ % ^ & * ( ) _ + | { } < > : ; [ ] - = , . ?）をそれぞれ含めてください。',
    cn: '密码必须包含小写字母、大写字母、数字和特殊字符（@ # $ % ^ & * ( ) _ + | { } < > : ; [ ] - = , . ?）。',
    kr: '비밀번호에는 영문 소문자, 대문자, 숫자, 특수문자(@ # $ % ^ & * ( ) _ + | { } < > : ; [ ] - = , . ?)를 각각 포함해야 합니다.',
  },
  'password.noSpaces': {
    en: 'Password must not contain spaces.',
    ja: 'パスワードに空白は使用できません。',
    cn: '密码不能包含空格。',
    kr: '비밀번호에 공백을 사용할 수 없습니다.',
  },
  'password.mismatch': {
    en: 'Passwords do not match. Please try again.',
    ja: 'パスワードが一致しません。もう一度お試しください。',
    cn: '密码不匹配，请重试。',
    kr: '비밀번호가 일치하지 않습니다. 다시 시도해 주세요.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;

// Each domain keeps its messages in its own `<domain>-messages.ts`; the catalogue is their union.
// Named here so a test can check each of them in every language (and that no key is repeated).
export const MESSAGE_CATALOGUES = {
  base: baseCatalogue,
  users: usersMessages,
  plans: plansMessages,
  admins: adminsMessages,
  profile: profileMessages,
  userImport: userImportMessages,
  apiAccess: apiAccessMessages,
  sites: sitesMessages,
  siteTemplates: siteTemplatesMessages,
  zipUpload: zipUploadMessages,
  preview: previewMessages,
  visitors: visitorsMessages,
  submissions: submissionsMessages,
  analytics: analyticsMessages,
  billing: billingMessages,
  billPayment: billPaymentMessages,
  campaigns: campaignsMessages,
  communications: communicationsMessages,
  webhooks: webhooksMessages,
  comments: previewCommentsMessages,
  experiments: experimentsMessages,
} as const;

type TCatalogues = typeof MESSAGE_CATALOGUES;

/** Every key of every catalogue: `translate`, errors and response messages accept only these. */
export type TMessageKey = { [C in keyof TCatalogues]: keyof TCatalogues[C] }[keyof TCatalogues];

declare const translated: unique symbol;
/** Catalogue text in one language: a response's `message` is one of these, never a raw key. */
export type TMessageText = string & { readonly [translated]: true };

const catalogue: Record<TMessageKey, Record<TUiLanguage, string>> = Object.assign(
  {},
  ...Object.values(MESSAGE_CATALOGUES),
);

export const isMessageKey = (key: string): key is TMessageKey => Object.hasOwn(catalogue, key);

/**
 * The key a message carried as a plain string names (a Zod issue's message is a string even
 * when the schema gave it a key); anything else becomes `fallback`.
 */
export const toMessageKey = (text: string, fallback: TMessageKey = 'common.invalid'): TMessageKey =>
  isMessageKey(text) ? text : fallback;

/** Translates a message key, filling {placeholders}. */
export function translate(
  key: TMessageKey,
  lang: TUiLanguage,
  params?: Record<string, string | number>,
): TMessageText {
  const entry = isMessageKey(key) ? catalogue[key] : undefined;
  // Only a cast gets a non-key here: better its text than a failed response.
  const text: string = entry ? (entry[lang] ?? entry[FALLBACK_UI_LANGUAGE]) : key;
  if (!params) return text as TMessageText;
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  ) as TMessageText;
}
