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
  'preview.loginFailed': {
    en: 'This email is not invited, or the password is wrong.',
    ja: '招待されていないメールアドレスか、パスワードが正しくありません。',
    cn: '该邮箱未被邀请，或密码不正确。',
    kr: '초대되지 않은 이메일이거나 비밀번호가 올바르지 않습니다.',
  },
  'preview.passwordWrong': {
    en: 'The password is wrong.',
    ja: 'パスワードが正しくありません。',
    cn: '密码不正确。',
    kr: '비밀번호가 올바르지 않습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
