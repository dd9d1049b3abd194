import type { TUiLanguage } from '@swipe/contracts/i18n';

// Mail texts in the recipient's language. Each template gives a subject and plain-text lines;
// the HTML part is derived from the same lines so both always say the same.
export type TTemplate<P> = Record<TUiLanguage, (p: P) => { subject: string; lines: string[] }>;

export const passwordResetMail: TTemplate<{ name: string; link: string; minutes: number }> = {
  en: (p) => ({
    subject: 'Reset your password',
    lines: [
      `Hello ${p.name},`,
      'We received a request to reset your password. Open this link to choose a new one:',
      p.link,
      `The link can be used once and expires in ${p.minutes} minutes.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  }),
  ja: (p) => ({
    subject: 'パスワード再設定のご案内',
    lines: [
      `${p.name} 様`,
      'パスワード再設定のリクエストを受け付けました。次のリンクから新しいパスワードを設定してください。',
      p.link,
      `このリンクは1回のみ有効で、${p.minutes}分後に期限切れとなります。`,
      'お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
    ],
  }),
  cn: (p) => ({
    subject: '重置密码',
    lines: [
      `${p.name}，您好：`,
      '我们收到了重置密码的请求。请打开以下链接设置新密码：',
      p.link,
      `该链接仅可使用一次，将在${p.minutes}分钟后失效。`,
      '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    ],
  }),
  kr: (p) => ({
    subject: '비밀번호 재설정 안내',
    lines: [
      `${p.name} 님`,
      '비밀번호 재설정 요청을 받았습니다. 아래 링크에서 새 비밀번호를 설정해 주세요.',
      p.link,
      `이 링크는 한 번만 사용할 수 있으며 ${p.minutes}분 후에 만료됩니다.`,
      '요청하지 않으셨다면 이 메일을 무시해 주세요. 비밀번호는 변경되지 않습니다.',
    ],
  }),
};

export const welcomeMail: TTemplate<{ name: string; email: string; password: string; link: string }> = {
  en: (p) => ({
    subject: 'Your account has been created',
    lines: [
      `Hello ${p.name},`,
      'An account has been created for you. Sign in with the login below; you will be asked to choose your own password.',
      `Login ID: ${p.email}`,
      `First password: ${p.password}`,
      p.link,
    ],
  }),
  ja: (p) => ({
    subject: 'アカウント発行のお知らせ',
    lines: [
      `${p.name} 様`,
      'アカウントを発行しました。以下の情報でログインしてください。初回ログイン時にパスワードの変更をお願いします。',
      `ログインID: ${p.email}`,
      `初期パスワード: ${p.password}`,
      p.link,
    ],
  }),
  cn: (p) => ({
    subject: '您的账户已创建',
    lines: [
      `${p.name}，您好：`,
      '已为您创建账户。请使用以下信息登录，首次登录时需要修改密码。',
      `登录ID：${p.email}`,
      `初始密码：${p.password}`,
      p.link,
    ],
  }),
  kr: (p) => ({
    subject: '계정이 생성되었습니다',
    lines: [
      `${p.name} 님`,
      '계정이 생성되었습니다. 아래 정보로 로그인해 주세요. 첫 로그인 시 비밀번호를 변경해야 합니다.',
      `로그인 ID: ${p.email}`,
      `초기 비밀번호: ${p.password}`,
      p.link,
    ],
  }),
};

/** Preview sharing: an invited person gets the link; the password, if any, comes apart. */
export const previewInviteMail: TTemplate<{
  inviter: string;
  site: string;
  link: string;
  password: boolean;
  /** Private sharing: the invited person signs in with this email (open sharing asks none). */
  asksEmail?: boolean;
}> = {
  en: (p) => ({
    subject: `${p.inviter} shared a preview of "${p.site}"`,
    lines: [
      `${p.inviter} invites you to preview the site "${p.site}" before it is published.`,
      p.asksEmail === false
        ? 'Open this link:'
        : 'Open this link and enter this email address: we will mail you a code to sign in with.',
      p.link,
      ...(p.password ? ['The preview is protected by a password, which the sender will give you.'] : []),
    ],
  }),
  ja: (p) => ({
    subject: `${p.inviter} さんが「${p.site}」のプレビューを共有しました`,
    lines: [
      `${p.inviter} さんから、公開前のサイト「${p.site}」のプレビューに招待されました。`,
      p.asksEmail === false
        ? '次のリンクを開いてください。'
        : '次のリンクを開き、このメールアドレスを入力してください。ログイン用のコードをメールでお送りします。',
      p.link,
      ...(p.password
        ? ['プレビューはパスワードで保護されています。パスワードは送信者からお知らせします。']
        : []),
    ],
  }),
  cn: (p) => ({
    subject: `${p.inviter} 共享了“${p.site}”的预览`,
    lines: [
      `${p.inviter} 邀请您在发布前预览网站“${p.site}”。`,
      p.asksEmail === false
        ? '请打开以下链接：'
        : '请打开以下链接并输入此邮箱地址，我们会将登录验证码发送到该邮箱：',
      p.link,
      ...(p.password ? ['该预览受密码保护，密码将由发送者另行告知。'] : []),
    ],
  }),
  kr: (p) => ({
    subject: `${p.inviter} 님이 "${p.site}" 미리보기를 공유했습니다`,
    lines: [
      `${p.inviter} 님이 공개 전 사이트 "${p.site}"의 미리보기에 초대했습니다.`,
      p.asksEmail === false
        ? '아래 링크를 열어 주세요.'
        : '아래 링크를 열고 이 이메일 주소를 입력해 주세요. 로그인 코드를 메일로 보내 드립니다.',
      p.link,
      ...(p.password ? ['미리보기는 비밀번호로 보호되어 있습니다. 비밀번호는 보낸 분이 알려 드립니다.'] : []),
    ],
  }),
};

/**
 * Private sharing's sign-in: the code to type on the preview and the link that signs in once
 * (in the draft's default language; the subject carries the code, for a phone's notification).
 */
export const previewCodeMail: TTemplate<{ site: string; code: string; link: string; minutes: number }> = {
  en: (p) => ({
    subject: `${p.code} is your code for the preview of "${p.site}"`,
    lines: [
      `Enter this code on the preview of "${p.site}":`,
      p.code,
      'Or open this link to sign in:',
      p.link,
      `The code and the link work once, for ${p.minutes} minutes. Asking for a new code replaces them.`,
      'If you did not ask for this, ignore this mail.',
    ],
  }),
  ja: (p) => ({
    subject: `「${p.site}」のプレビュー用コード: ${p.code}`,
    lines: [
      `「${p.site}」のプレビュー画面で次のコードを入力してください。`,
      p.code,
      'または、次のリンクを開いてログインしてください。',
      p.link,
      `コードとリンクは${p.minutes}分間、1回のみ有効です。新しいコードをリクエストすると、このコードとリンクは無効になります。`,
      'お心当たりがない場合は、このメールを破棄してください。',
    ],
  }),
  cn: (p) => ({
    subject: `“${p.site}”预览的验证码：${p.code}`,
    lines: [
      `请在“${p.site}”的预览页面输入以下验证码：`,
      p.code,
      '或打开以下链接登录：',
      p.link,
      `验证码和链接在${p.minutes}分钟内有效，仅可使用一次。重新获取验证码后，它们将失效。`,
      '如果这不是您本人的操作，请忽略此邮件。',
    ],
  }),
  kr: (p) => ({
    subject: `"${p.site}" 미리보기 코드: ${p.code}`,
    lines: [
      `"${p.site}" 미리보기 화면에서 아래 코드를 입력해 주세요.`,
      p.code,
      '또는 아래 링크를 열어 로그인해 주세요.',
      p.link,
      `코드와 링크는 ${p.minutes}분 동안 한 번만 사용할 수 있습니다. 새 코드를 요청하면 이 코드와 링크는 무효가 됩니다.`,
      '요청하지 않으셨다면 이 메일을 무시해 주세요.',
    ],
  }),
};
