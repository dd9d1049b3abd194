import type { TUiLanguage } from '@swipe/contracts/i18n';
import { PREVIEW_CODE } from '@swipe/contracts/preview-share';
import { escapeHtml } from '../../platform/mail';
import { previewPath } from '../site-core/preview-link';

// The sign-in pages of a shared preview: self-contained (inline CSS, no script, which the page's
// CSP forbids anyway), in the visitor's UI language, plain forms. Private sharing asks the
// invited email (posted to .../code, which mails a code), then the code (and the password when
// set, posted to .../login); the mailed link's page asks only for a press (and the password).
// Open sharing with a password asks for the password. Errors sit under their field.

/** What the page asks for. */
export type TPreviewSignInStep =
  /** Private sharing: the invited email, to mail a code to. */
  | { kind: 'email' }
  /** Open sharing with a password: the password alone. */
  | { kind: 'password' }
  /** The code mailed to this email (and the password when set). */
  | { kind: 'code'; email: string }
  /** The mailed link, used by a press (and the password when set). */
  | { kind: 'link'; link: string };

type TField = 'email' | 'code' | 'password';

const TEXTS: Record<
  TUiLanguage,
  {
    title: string;
    intro: string;
    introPassword: string;
    email: string;
    password: string;
    code: string;
    sendCode: string;
    sentTo: string;
    submit: string;
    resend: string;
    otherEmail: string;
    linkIntro: string;
    linkIntroPassword: string;
  }
> = {
  en: {
    title: 'Site preview',
    intro:
      'This preview is shared with invited people. Enter the email address the invitation was sent to: we will mail you a code to sign in with.',
    introPassword: 'This preview is protected by a password. Enter the password you were given.',
    email: 'Email address',
    password: 'Password',
    code: `Code from the mail (${PREVIEW_CODE.digits} digits)`,
    sendCode: 'Send me a code',
    sentTo: 'Email address:',
    submit: 'Show the preview',
    resend: 'Send a new code',
    otherEmail: 'Use another email address',
    linkIntro: 'Your sign-in link is ready. Press the button to see the preview.',
    linkIntroPassword: "Your sign-in link is ready. Enter the preview's password to see it.",
  },
  ja: {
    title: 'サイトのプレビュー',
    intro:
      'このプレビューは招待された方のみ閲覧できます。招待メールを受け取ったメールアドレスを入力してください。ログイン用のコードをメールでお送りします。',
    introPassword: 'このプレビューはパスワードで保護されています。お知らせしたパスワードを入力してください。',
    email: 'メールアドレス',
    password: 'パスワード',
    code: `メールに記載されたコード（${PREVIEW_CODE.digits}桁）`,
    sendCode: 'コードを送信',
    sentTo: 'メールアドレス：',
    submit: 'プレビューを表示',
    resend: 'コードを再送信',
    otherEmail: '別のメールアドレスを使う',
    linkIntro: 'ログイン用リンクを確認しました。ボタンを押すとプレビューを表示します。',
    linkIntroPassword: 'ログイン用リンクを確認しました。プレビューのパスワードを入力してください。',
  },
  cn: {
    title: '网站预览',
    intro: '此预览仅对受邀者开放。请输入收到邀请的邮箱地址，我们会将登录验证码发送到该邮箱。',
    introPassword: '此预览受密码保护。请输入您收到的密码。',
    email: '邮箱地址',
    password: '密码',
    code: `邮件中的验证码（${PREVIEW_CODE.digits}位）`,
    sendCode: '发送验证码',
    sentTo: '邮箱地址：',
    submit: '查看预览',
    resend: '重新发送验证码',
    otherEmail: '使用其他邮箱地址',
    linkIntro: '登录链接有效。点击按钮即可查看预览。',
    linkIntroPassword: '登录链接有效。请输入预览密码以查看预览。',
  },
  kr: {
    title: '사이트 미리보기',
    intro:
      '이 미리보기는 초대받은 분만 볼 수 있습니다. 초대 메일을 받은 이메일 주소를 입력해 주세요. 로그인 코드를 메일로 보내 드립니다.',
    introPassword: '이 미리보기는 비밀번호로 보호되어 있습니다. 전달받은 비밀번호를 입력해 주세요.',
    email: '이메일 주소',
    password: '비밀번호',
    code: `메일로 받은 코드(${PREVIEW_CODE.digits}자리)`,
    sendCode: '코드 받기',
    sentTo: '이메일 주소:',
    submit: '미리보기 보기',
    resend: '코드 다시 받기',
    otherEmail: '다른 이메일 주소 사용',
    linkIntro: '로그인 링크가 확인되었습니다. 버튼을 누르면 미리보기가 표시됩니다.',
    linkIntroPassword: '로그인 링크가 확인되었습니다. 미리보기 비밀번호를 입력해 주세요.',
  },
};

const CSS =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f5;font-family:system-ui,-apple-system,"Hiragino Sans",sans-serif;color:#212529;padding:16px;box-sizing:border-box}main{width:calc(100vw - 32px);max-width:380px;box-sizing:border-box;background:#fff;border-radius:16px;padding:28px 24px;box-shadow:0 10px 40px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 18px;color:#495057;font-size:14px;line-height:1.6;overflow-wrap:anywhere}label{display:block;font-size:13px;font-weight:600;margin:0 0 6px}input{width:100%;box-sizing:border-box;height:42px;border:1px solid #ced4da;border-radius:8px;padding:0 12px;font-size:15px;margin:0 0 14px}input:focus{outline:2px solid #1971c2;border-color:#1971c2}input[aria-invalid=true]{border-color:#e03131}#c{font-size:22px;letter-spacing:.3em;font-variant-numeric:tabular-nums;height:48px}button{width:100%;min-height:44px;border:0;border-radius:8px;background:#1971c2;color:#fff;font-size:15px;font-weight:700;cursor:pointer}button.sec{background:#fff;color:#1864ab;border:1px solid #ced4da;margin-top:10px}a{display:block;text-align:center;margin-top:16px;color:#1864ab;font-size:14px}.er{background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px 12px;font-size:13px;margin:0 0 14px}p.fe{color:#c92a2a;font-size:13px;margin:-8px 0 14px}p.st{background:#e7f5ff;color:#1864ab;border-radius:8px;padding:10px 12px;font-size:13px;margin:0 0 14px}';

const HTML_LANG: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

/** The sign-in page of a shared preview (self-contained: inline CSS, no script). */
export function renderPreviewLoginPage(opts: {
  siteId: string;
  uiLang: TUiLanguage;
  step: TPreviewSignInStep;
  /** A password is set: asked with the code or the link, or alone on open sharing. */
  needsPassword: boolean;
  /** About the whole form (too many attempts, a link that no longer works): shown above it. */
  error?: string;
  /** Shown under their field. */
  fieldErrors?: Partial<Record<TField, string>>;
  /** What just happened (a code was asked for): shown above the form. */
  notice?: string;
  /** The email typed on the first step, shown again after an error. */
  email?: string;
}): string {
  const t = TEXTS[opts.uiLang];
  const { step } = opts;
  const base = previewPath(opts.siteId);
  const errors = opts.fieldErrors ?? {};
  const asked: TField[] =
    step.kind === 'email'
      ? ['email']
      : step.kind === 'password'
        ? ['password']
        : step.kind === 'code'
          ? ['code', ...(opts.needsPassword ? (['password'] as const) : [])]
          : opts.needsPassword
            ? ['password']
            : [];
  // The focus goes to the first field with an error, else the first one.
  const focus = asked.find((f) => errors[f]) ?? asked[0];
  // An error about a field this page does not show goes above the form.
  const error = [
    opts.error,
    ...Object.entries(errors).flatMap(([f, e]) => (asked.includes(f as TField) ? [] : [e])),
  ]
    .filter(Boolean)
    .join(' ');
  const field = (name: TField, id: string, label: string, attrs: string) => {
    const error = errors[name];
    return [
      `<label for="${id}">${escapeHtml(label)}</label>`,
      `<input id="${id}" name="${name}" ${attrs}`,
      error ? ` aria-invalid="true" aria-describedby="${id}-er"` : '',
      focus === name ? ' autofocus' : '',
      '>',
      error ? `<p class="fe" id="${id}-er">${escapeHtml(error)}</p>` : '',
    ].join('');
  };
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const password = () =>
    field(
      'password',
      'p',
      t.password,
      'type="password" required autocomplete="current-password" maxlength="50"',
    );
  const email = step.kind === 'code' ? step.email : (opts.email ?? '');

  let intro: string;
  let body: string;
  switch (step.kind) {
    case 'email':
      intro = `<p>${escapeHtml(t.intro)}</p>`;
      body = [
        `<form method="post" action="${base}/code">`,
        field(
          'email',
          'e',
          t.email,
          `type="email" required autocomplete="email" maxlength="254" value="${escapeHtml(email)}"`,
        ),
        `<button type="submit">${escapeHtml(t.sendCode)}</button></form>`,
      ].join('');
      break;
    case 'password':
      intro = `<p>${escapeHtml(t.introPassword)}</p>`;
      body = `<form method="post" action="${base}/login">${password()}<button type="submit">${escapeHtml(t.submit)}</button></form>`;
      break;
    case 'code':
      intro = `<p>${escapeHtml(t.sentTo)} <b>${escapeHtml(email)}</b></p>`;
      body = [
        `<form method="post" action="${base}/login">`,
        hidden('email', email),
        field(
          'code',
          'c',
          t.code,
          `type="text" required inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{${PREVIEW_CODE.digits}}" maxlength="${PREVIEW_CODE.digits}"`,
        ),
        opts.needsPassword ? password() : '',
        `<button type="submit">${escapeHtml(t.submit)}</button></form>`,
        `<form method="post" action="${base}/code">${hidden('email', email)}`,
        `<button type="submit" class="sec">${escapeHtml(t.resend)}</button></form>`,
        `<a href="${base}/">${escapeHtml(t.otherEmail)}</a>`,
      ].join('');
      break;
    case 'link':
      intro = `<p>${escapeHtml(opts.needsPassword ? t.linkIntroPassword : t.linkIntro)}</p>`;
      body = [
        `<form method="post" action="${base}/login">`,
        hidden('link', step.link),
        opts.needsPassword ? password() : '',
        `<button type="submit"${opts.needsPassword ? '' : ' autofocus'}>${escapeHtml(t.submit)}</button></form>`,
      ].join('');
      break;
  }
  return [
    `<!doctype html><html lang="${HTML_LANG[opts.uiLang]}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(t.title)}</title><style>${CSS}</style></head><body><main>`,
    `<h1>${escapeHtml(t.title)}</h1>`,
    opts.notice ? `<p class="st" role="status">${escapeHtml(opts.notice)}</p>` : '',
    intro,
    error ? `<div class="er" role="alert">${escapeHtml(error)}</div>` : '',
    body,
    '</main></body></html>',
  ].join('');
}
