import type { TUiLanguage } from './i18n';

// Messages of latest information, notification delivery and system notifications (keys
// `communications.*`), merged into the catalogue of messages.ts.
export const communicationsMessages = {
  'communications.sitesRequired': {
    en: 'Choose at least one distribution site.',
    ja: '配信先サイトを1つ以上選択してください。',
    cn: '请至少选择一个发布站点。',
    kr: '배포 사이트를 하나 이상 선택해 주세요.',
  },
  'communications.audienceRequired': {
    en: 'Choose at least one target audience.',
    ja: '配信対象を1つ以上選択してください。',
    cn: '请至少选择一个通知对象。',
    kr: '대상을 하나 이상 선택해 주세요.',
  },
  'communications.siteNotYours': {
    en: 'This site cannot be chosen.',
    ja: 'このサイトは選択できません。',
    cn: '无法选择此站点。',
    kr: '이 사이트는 선택할 수 없습니다.',
  },
  'communications.saved': {
    en: 'Saved.',
    ja: '保存しました。',
    cn: '已保存。',
    kr: '저장했습니다.',
  },
  'communications.created': {
    en: 'Created.',
    ja: '作成しました。',
    cn: '已创建。',
    kr: '생성했습니다.',
  },
  'communications.deleted': {
    en: 'Deleted.',
    ja: '削除しました。',
    cn: '已删除。',
    kr: '삭제했습니다.',
  },
  'communications.subscribed': {
    en: 'You will receive this site’s notifications.',
    ja: 'このサイトのお知らせを受け取ります。',
    cn: '您将收到此站点的通知。',
    kr: '이 사이트의 알림을 받습니다.',
  },
  'communications.pushUnavailable': {
    en: 'Notifications on this device are not available for this site.',
    ja: 'このサイトでは端末へのお知らせを利用できません。',
    cn: '此站点无法使用设备通知。',
    kr: '이 사이트에서는 기기 알림을 사용할 수 없습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
