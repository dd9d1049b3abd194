import type { TUiLanguage } from './i18n';

// Messages of preview sharing (keys `preview.*`), merged into the catalogue of messages.ts.
// 'Password is required.' when the password option is on.
export const previewMessages = {
  'preview.shared': {
    en: 'The preview has been shared.',
    ja: 'プレビューを共有しました。',
    cn: '已共享预览。',
    kr: '미리보기를 공유했습니다.',
  },
  'preview.sharingSaved': {
    en: 'The sharing settings have been saved.',
    ja: '共有設定を保存しました。',
    cn: '已保存共享设置。',
    kr: '공유 설정을 저장했습니다.',
  },
  'preview.revoked': {
    en: 'Access to the preview has been revoked.',
    ja: 'プレビューの共有を解除しました。',
    cn: '已撤销预览访问权限。',
    kr: '미리보기 공유를 해제했습니다.',
  },
  'preview.resent': {
    en: 'The invitations have been sent again.',
    ja: '招待メールを再送しました。',
    cn: '已重新发送邀请。',
    kr: '초대 메일을 다시 보냈습니다.',
  },
  'preview.passwordSet': {
    en: 'The preview password has been set.',
    ja: 'プレビューのパスワードを設定しました。',
    cn: '已设置预览密码。',
    kr: '미리보기 비밀번호를 설정했습니다.',
  },
  'preview.passwordCleared': {
    en: 'The preview no longer asks for a password.',
    ja: 'プレビューのパスワードを解除しました。',
    cn: '预览已不再需要密码。',
    kr: '미리보기 비밀번호를 해제했습니다.',
  },
  'preview.passwordRequired': {
    en: 'Password is required.',
    ja: 'パスワードは必須です。',
    cn: '密码为必填项。',
    kr: '비밀번호는 필수입니다.',
  },
  'preview.passwordTooShort': {
    en: 'Use at least 4 characters.',
    ja: '4文字以上で入力してください。',
    cn: '请至少输入4个字符。',
    kr: '4자 이상 입력해 주세요.',
  },
  'preview.tooManyEmails': {
    en: 'You can invite up to 50 emails.',
    ja: '招待できるメールアドレスは50件までです。',
    cn: '最多可邀请50个邮箱。',
    kr: '최대 50개의 이메일을 초대할 수 있습니다.',
  },
  'preview.loggedIn': {
    en: 'You can now see the preview.',
    ja: 'プレビューを表示できるようになりました。',
    cn: '现在可以查看预览了。',
    kr: '이제 미리보기를 볼 수 있습니다.',
  },
  'preview.codeSent': {
    en: 'If this email address is invited, we have sent it a {digits}-digit code and a sign-in link. They work once, for {minutes} minutes.',
    ja: 'このメールアドレスが招待されている場合は、{digits}桁のコードとログイン用リンクを送信しました。有効期限は{minutes}分で、1回のみ使用できます。',
    cn: '如果该邮箱地址已受邀，我们已向其发送{digits}位验证码和登录链接。它们在{minutes}分钟内有效，且仅可使用一次。',
    kr: '이 이메일 주소가 초대된 경우 {digits}자리 코드와 로그인 링크를 보냈습니다. {minutes}분 동안 한 번만 사용할 수 있습니다.',
  },
  'preview.codeFormat': {
    en: 'Enter the 6-digit code from the mail.',
    ja: 'メールに記載された6桁のコードを入力してください。',
    cn: '请输入邮件中的6位验证码。',
    kr: '메일에 있는 6자리 코드를 입력해 주세요.',
  },
  'preview.codeInvalid': {
    en: 'This code does not work. Check the latest mail or ask for a new code: a code works once, for 15 minutes, and stops after 5 wrong tries.',
    ja: 'このコードは使用できません。最新のメールをご確認いただくか、新しいコードをリクエストしてください。コードは15分間・1回のみ有効で、5回間違えると使用できなくなります。',
    cn: '此验证码无法使用。请查看最新的邮件或重新获取验证码：验证码在15分钟内有效，仅可使用一次，输错5次后失效。',
    kr: '이 코드는 사용할 수 없습니다. 최신 메일을 확인하거나 새 코드를 요청해 주세요. 코드는 15분 동안 한 번만 사용할 수 있으며 5번 틀리면 사용할 수 없게 됩니다.',
  },
  'preview.linkInvalid': {
    en: 'This sign-in link no longer works (it works once, for 15 minutes, until a newer code replaces it). Enter your email address to get a new one.',
    ja: 'このログイン用リンクは使用できません（15分間・1回のみ有効で、新しいコードを送信すると無効になります）。メールアドレスを入力して、新しいリンクを受け取ってください。',
    cn: '此登录链接已失效（它在15分钟内有效，仅可使用一次，发送新验证码后即失效）。请输入邮箱地址以获取新的链接。',
    kr: '이 로그인 링크는 더 이상 사용할 수 없습니다(15분 동안 한 번만 사용할 수 있으며 새 코드를 받으면 무효가 됩니다). 이메일 주소를 입력해 새 링크를 받아 주세요.',
  },
  'preview.passwordWrong': {
    en: 'The password is wrong.',
    ja: 'パスワードが正しくありません。',
    cn: '密码不正确。',
    kr: '비밀번호가 올바르지 않습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
