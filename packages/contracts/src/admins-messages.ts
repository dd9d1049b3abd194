import type { TUiLanguage } from './i18n';

// Server and form-validation messages of the admins domain (keys `admins.*`), merged into the
// catalogue of messages.ts.
export const adminsMessages = {
  'admins.emailTaken': {
    en: 'This email address is already in use.',
    ja: 'このメールアドレスは既に使用されています。',
    cn: '该电子邮件地址已被使用。',
    kr: '이미 사용 중인 이메일 주소입니다.',
  },
  'admins.created': {
    en: 'The admin has been added. The first password was sent to {email}.',
    ja: '管理者を追加しました。初期パスワードを{email}宛てに送信しました。',
    cn: '已添加管理员。初始密码已发送至{email}。',
    kr: '관리자를 추가했습니다. 초기 비밀번호를 {email}(으)로 보냈습니다.',
  },
  'admins.updated': {
    en: 'The admin has been updated.',
    ja: '管理者情報を更新しました。',
    cn: '管理员信息已更新。',
    kr: '관리자 정보를 수정했습니다.',
  },
  'admins.deleted': {
    en: 'The admin has been deleted.',
    ja: '管理者を削除しました。',
    cn: '已删除管理员。',
    kr: '관리자를 삭제했습니다.',
  },
  'admins.ownAuthority': {
    en: 'You cannot change your own authority or admin role.',
    ja: 'ご自身の権限・管理者ロールは変更できません。',
    cn: '不能更改自己的权限或管理员角色。',
    kr: '본인의 권한이나 관리자 역할은 변경할 수 없습니다.',
  },
  'admins.cannotDeleteSelf': {
    en: 'You cannot delete yourself.',
    ja: 'ご自身を削除することはできません。',
    cn: '不能删除自己。',
    kr: '본인은 삭제할 수 없습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
