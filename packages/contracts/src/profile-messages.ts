import type { TUiLanguage } from './i18n';

// Server and form-validation messages of the profile domain (keys `profile.*`), merged into the
// catalogue of messages.ts. Covers the profile picture and the deletion of one's account.
export const profileMessages = {
  'profile.pictureTooLarge': {
    en: 'File too large. Please choose an image of 2 MB or less.',
    ja: 'ファイルサイズが大きすぎます。2MB以下の画像を選択してください。',
    cn: '文件过大。请选择 2 MB 以下的图片。',
    kr: '파일이 너무 큽니다. 2MB 이하의 이미지를 선택해 주세요.',
  },
  'profile.pictureUnsupported': {
    en: 'Unsupported format. Please choose a JPG, JPEG, JFIF or PNG image.',
    ja: 'サポートされていない形式です。JPG・JPEG・JFIF・PNG形式の画像を選択してください。',
    cn: '不支持的格式。请选择 JPG、JPEG、JFIF 或 PNG 格式的图片。',
    kr: '지원하지 않는 형식입니다. JPG, JPEG, JFIF, PNG 형식의 이미지를 선택해 주세요.',
  },
  'profile.pictureSaved': {
    en: 'Your profile picture has been updated.',
    ja: 'プロフィール画像を更新しました。',
    cn: '头像已更新。',
    kr: '프로필 사진을 변경했습니다.',
  },
  'profile.pictureRemoved': {
    en: 'Your profile picture has been removed.',
    ja: 'プロフィール画像を削除しました。',
    cn: '头像已删除。',
    kr: '프로필 사진을 삭제했습니다.',
  },
  'profile.wrongPassword': {
    en: 'The password is incorrect.',
    ja: 'パスワードが正しくありません。',
    cn: '密码不正确。',
    kr: '비밀번호가 올바르지 않습니다.',
  },
  'profile.confirmationMismatch': {
    en: 'The account name does not match. Please enter it exactly as shown.',
    ja: 'アカウント名が一致しません。表示どおりに入力してください。',
    cn: '账户名称不一致。请按显示内容准确输入。',
    kr: '계정 이름이 일치하지 않습니다. 표시된 대로 정확히 입력해 주세요.',
  },
  'profile.accountDeleted': {
    en: 'Your account has been deleted. Thank you for using our service.',
    ja: 'アカウントを削除しました。ご利用ありがとうございました。',
    cn: '您的账户已删除。感谢您的使用。',
    kr: '계정을 삭제했습니다. 이용해 주셔서 감사합니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
