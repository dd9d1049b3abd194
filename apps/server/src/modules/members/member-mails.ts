import type { TUiLanguage } from '@swipe/contracts/i18n';

// Member registration mails, in the site language the visitor registered in (MAIL_LANGUAGE
// maps it). Every subject names the site: a visitor may be a member of many. The site name is
// the creator's text; the mailer strips line breaks from subjects (platform/mail.ts).
type TTemplate<P> = Record<TUiLanguage, (p: P) => { subject: string; lines: string[] }>;

type TConfirm = { site: string; link: string; hours: number };

/** The confirmation link of a (temporary) registration. */
export const memberConfirmMail: TTemplate<TConfirm> = {
  en: (p) => ({
    subject: `[${p.site}] Confirm your registration`,
    lines: [
      `Thank you for registering as a member of ${p.site}.`,
      'Open this link to complete your registration:',
      p.link,
      `The link can be used once and expires in ${p.hours} hours.`,
      'If you did not register, ignore this mail: nothing will be registered.',
    ],
  }),
  ja: (p) => ({
    subject: `【${p.site}】会員登録の確認`,
    lines: [
      `${p.site} の会員登録（仮登録）を受け付けました。`,
      '次のリンクを開いて登録を完了してください。',
      p.link,
      `このリンクは1回のみ有効で、${p.hours}時間後に期限切れとなります。`,
      'お心当たりがない場合は、このメールを破棄してください。登録は完了しません。',
    ],
  }),
  cn: (p) => ({
    subject: `【${p.site}】请确认您的注册`,
    lines: [
      `感谢您注册成为 ${p.site} 的会员。`,
      '请打开以下链接完成注册：',
      p.link,
      `该链接仅可使用一次，将在${p.hours}小时后失效。`,
      '如果您没有注册，请忽略此邮件，注册不会生效。',
    ],
  }),
  kr: (p) => ({
    subject: `[${p.site}] 회원가입 확인`,
    lines: [
      `${p.site} 회원가입(임시 등록)을 접수했습니다.`,
      '아래 링크를 열어 가입을 완료해 주세요.',
      p.link,
      `이 링크는 한 번만 사용할 수 있으며 ${p.hours}시간 후에 만료됩니다.`,
      '가입하지 않으셨다면 이 메일을 무시해 주세요. 가입은 완료되지 않습니다.',
    ],
  }),
};

/** The confirmation link again, when asked for (resend): the same text, a new link. */
export const memberResendMail: TTemplate<TConfirm> = memberConfirmMail;

/**
 * Someone registered with an address that is already a member: the owner is told to sign in
 * (nothing changes; the caller of the registration learns nothing).
 */
export const memberAlreadyRegisteredMail: TTemplate<{ site: string; loginLink: string }> = {
  en: (p) => ({
    subject: `[${p.site}] You are already registered`,
    lines: [
      `Someone asked to register this address as a member of ${p.site}, but you are already registered.`,
      'Sign in here:',
      p.loginLink,
      'If that was not you, ignore this mail: nothing has changed.',
    ],
  }),
  ja: (p) => ({
    subject: `【${p.site}】会員登録済みのお知らせ`,
    lines: [
      `このメールアドレスで ${p.site} の会員登録が申し込まれましたが、すでに登録済みです。`,
      '次のリンクからログインしてください。',
      p.loginLink,
      'お心当たりがない場合は、このメールを破棄してください。登録内容は変更されていません。',
    ],
  }),
  cn: (p) => ({
    subject: `【${p.site}】您已是会员`,
    lines: [
      `有人申请用此邮箱注册 ${p.site} 的会员，但您已经注册过了。`,
      '请通过以下链接登录：',
      p.loginLink,
      '如果这不是您本人的操作，请忽略此邮件，您的信息没有任何变化。',
    ],
  }),
  kr: (p) => ({
    subject: `[${p.site}] 이미 가입된 회원입니다`,
    lines: [
      `이 이메일 주소로 ${p.site} 회원가입이 요청되었지만 이미 가입되어 있습니다.`,
      '아래 링크에서 로그인해 주세요.',
      p.loginLink,
      '요청하지 않으셨다면 이 메일을 무시해 주세요. 변경된 내용은 없습니다.',
    ],
  }),
};
