import type { TUiLanguage } from '@swipe/contracts/i18n';
import { escapeHtml } from '../../platform/mail';
import { previewPath } from '../site-core/preview-link';

// The sign-in page of a shared preview: self-contained (inline CSS, no script, which the
// page's CSP forbids anyway), in the visitor's UI language, posting the email and/or the password
// to /site/{siteId}/preview/login as a plain form.

const TEXTS: Record<
  TUiLanguage,
  { title: string; intro: string; introPassword: string; email: string; password: string; submit: string }
> = {
  en: {
    title: 'Site preview',
    intro:
      'This preview is shared with invited people. Sign in with the email address the invitation was sent to.',
    introPassword: 'This preview is protected by a password. Enter the password you were given.',
    email: 'Email address',
    password: 'Password',
    submit: 'Show the preview',
  },
  ja: {
    title: 'サイトのプレビュー',
    intro:
      'このプレビューは招待された方のみ閲覧できます。招待メールを受け取ったメールアドレスでログインしてください。',
    introPassword: 'このプレビューはパスワードで保護されています。お知らせしたパスワードを入力してください。',
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'プレビューを表示',
  },
  cn: {
    title: '网站预览',
    intro: '此预览仅对受邀者开放。请使用收到邀请的邮箱地址登录。',
    introPassword: '此预览受密码保护。请输入您收到的密码。',
    email: '邮箱地址',
    password: '密码',
    submit: '查看预览',
  },
  kr: {
    title: '사이트 미리보기',
    intro: '이 미리보기는 초대받은 분만 볼 수 있습니다. 초대 메일을 받은 이메일 주소로 로그인해 주세요.',
    introPassword: '이 미리보기는 비밀번호로 보호되어 있습니다. 전달받은 비밀번호를 입력해 주세요.',
    email: '이메일 주소',
    password: '비밀번호',
    submit: '미리보기 보기',
  },
};

const CSS =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f5;font-family:system-ui,-apple-system,"Hiragino Sans",sans-serif;color:#212529;padding:16px;box-sizing:border-box}main{width:calc(100vw - 32px);max-width:380px;box-sizing:border-box;background:#fff;border-radius:16px;padding:28px 24px;box-shadow:0 10px 40px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 18px;color:#495057;font-size:14px;line-height:1.6}label{display:block;font-size:13px;font-weight:600;margin:0 0 6px}input{width:100%;box-sizing:border-box;height:42px;border:1px solid #ced4da;border-radius:8px;padding:0 12px;font-size:15px;margin:0 0 14px}input:focus{outline:2px solid #228be6;border-color:#228be6}button{width:100%;height:44px;border:0;border-radius:8px;background:#228be6;color:#fff;font-size:15px;font-weight:700;cursor:pointer}.er{background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px 12px;font-size:13px;margin:0 0 14px}';

const HTML_LANG: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh', kr: 'ko' };

/** The sign-in page of a shared preview (self-contained: inline CSS, no script). */
export function renderPreviewLoginPage(opts: {
  siteId: string;
  uiLang: TUiLanguage;
  needsPassword: boolean;
  /** Private sharing asks for the invited email (the default); open sharing with a password not. */
  needsEmail?: boolean;
  error?: string;
  email?: string;
}): string {
  const t = TEXTS[opts.uiLang];
  const needsEmail = opts.needsEmail ?? true;
  const action = `${previewPath(opts.siteId)}/login`;
  // The first field still to fill takes the focus (the password after a refused attempt).
  const focusEmail = needsEmail && (!opts.email || !opts.needsPassword);
  const field = (id: string, label: string, input: string) =>
    `<label for="${id}">${escapeHtml(label)}</label>${input}`;
  return [
    `<!doctype html><html lang="${HTML_LANG[opts.uiLang]}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(t.title)}</title><style>${CSS}</style></head><body><main>`,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(needsEmail ? t.intro : t.introPassword)}</p>`,
    opts.error ? `<div class="er" role="alert">${escapeHtml(opts.error)}</div>` : '',
    `<form method="post" action="${escapeHtml(action)}">`,
    needsEmail
      ? field(
          'e',
          t.email,
          `<input id="e" name="email" type="email" required autocomplete="email" maxlength="254" value="${escapeHtml(opts.email ?? '')}"${focusEmail ? ' autofocus' : ''}>`,
        )
      : '',
    opts.needsPassword
      ? field(
          'p',
          t.password,
          `<input id="p" name="password" type="password" required autocomplete="current-password" maxlength="50"${focusEmail ? '' : ' autofocus'}>`,
        )
      : '',
    `<button type="submit">${escapeHtml(t.submit)}</button></form></main></body></html>`,
  ].join('');
}
