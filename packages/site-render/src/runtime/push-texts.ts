// What the push button says after a press, by site language: the catalogue's
// `communications.subscribed` and `communications.pushUnavailable` (a test keeps them equal),
// copied so the push script does not carry the whole catalogue of communications messages.

export const PUSH_TEXTS: Record<string, { ok: string; no: string }> = {
  JP: {
    ok: 'このサイトのお知らせを受け取ります。',
    no: 'このサイトでは端末へのお知らせを利用できません。',
  },
  EN: {
    ok: 'You will receive this site’s notifications.',
    no: 'Notifications on this device are not available for this site.',
  },
  CN: { ok: '您将收到此站点的通知。', no: '此站点无法使用设备通知。' },
  KR: { ok: '이 사이트의 알림을 받습니다.', no: '이 사이트에서는 기기 알림을 사용할 수 없습니다.' },
};
