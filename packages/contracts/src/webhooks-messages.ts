// Messages of conversion webhooks (keys `webhooks.*`), merged into the catalogue of messages.ts.
export const webhooksMessages = {
  'webhooks.invalidUrl': {
    en: 'Enter a full URL, such as https://example.com/hooks/conversions.',
    ja: 'https://example.com/hooks/conversions のような完全なURLを入力してください。',
    cn: '请输入完整的URL，例如 https://example.com/hooks/conversions。',
    kr: 'https://example.com/hooks/conversions 와 같은 전체 URL을 입력해 주세요.',
  },
  'webhooks.httpsOnly': {
    en: 'Webhooks are sent over HTTPS only: the URL must start with https://.',
    ja: 'Webhook は HTTPS でのみ送信します。URL は https:// で始めてください。',
    cn: 'Webhook 仅通过 HTTPS 发送：URL 必须以 https:// 开头。',
    kr: 'Webhook은 HTTPS로만 전송됩니다. URL은 https:// 로 시작해야 합니다.',
  },
  'webhooks.noCredentials': {
    en: 'Leave the user name and password out of the URL; check the signature instead.',
    ja: 'URL にユーザー名とパスワードを含めないでください。代わりに署名を検証してください。',
    cn: '请不要在URL中包含用户名和密码，请改为验证签名。',
    kr: 'URL에 사용자 이름과 비밀번호를 넣지 마세요. 대신 서명을 확인하세요.',
  },
  'webhooks.privateAddress': {
    en: 'This address is not reachable from the internet (a local, private or reserved address). Use a public HTTPS URL.',
    ja: 'このアドレスはインターネットから到達できません（ローカル・プライベート・予約済みのアドレス）。公開されている HTTPS の URL を指定してください。',
    cn: '该地址无法从互联网访问（本地、私有或保留地址）。请使用公开的 HTTPS URL。',
    kr: '이 주소는 인터넷에서 접근할 수 없습니다(로컬, 사설 또는 예약 주소). 공개 HTTPS URL을 사용하세요.',
  },
  'webhooks.testModeOff': {
    en: 'URLs on the .test domain go to the test inbox, which this server does not have.',
    ja: '.test ドメインの URL はテスト受信箱に届きますが、このサーバーにはテスト受信箱がありません。',
    cn: '.test 域名的URL会发送到测试收件箱，但此服务器没有测试收件箱。',
    kr: '.test 도메인의 URL은 테스트 수신함으로 전달되지만 이 서버에는 테스트 수신함이 없습니다.',
  },
  'webhooks.tooMany': {
    en: 'A site can have at most {max} webhooks.',
    ja: '1つのサイトに登録できる Webhook は {max} 件までです。',
    cn: '每个站点最多可以有 {max} 个 Webhook。',
    kr: '사이트 하나에 Webhook은 최대 {max}개까지 등록할 수 있습니다.',
  },
  'webhooks.duplicate': {
    en: 'This URL is already registered for this site.',
    ja: 'この URL はすでにこのサイトに登録されています。',
    cn: '该URL已为此站点注册。',
    kr: '이 URL은 이미 이 사이트에 등록되어 있습니다.',
  },
  'webhooks.notFound': {
    en: 'This webhook does not exist (any more).',
    ja: 'この Webhook は存在しません（削除された可能性があります）。',
    cn: '此 Webhook 不存在（可能已被删除）。',
    kr: '이 Webhook이 존재하지 않습니다(삭제되었을 수 있습니다).',
  },
  'webhooks.created': {
    en: 'Webhook added.',
    ja: 'Webhook を追加しました。',
    cn: '已添加 Webhook。',
    kr: 'Webhook을 추가했습니다.',
  },
  'webhooks.deleted': {
    en: 'Webhook deleted.',
    ja: 'Webhook を削除しました。',
    cn: '已删除 Webhook。',
    kr: 'Webhook을 삭제했습니다.',
  },
  'webhooks.switchedOff': {
    en: 'This webhook is switched off: switch it on to send it a test event.',
    ja: 'この Webhook はオフになっています。テストイベントを送るにはオンにしてください。',
    cn: '此 Webhook 已关闭：请先开启后再发送测试事件。',
    kr: '이 Webhook은 꺼져 있습니다. 테스트 이벤트를 보내려면 켜 주세요.',
  },
  'webhooks.testQueued': {
    en: 'A test event is on its way; it shows in the delivery log.',
    ja: 'テストイベントを送信しています。配信ログに表示されます。',
    cn: '测试事件正在发送，将显示在投递日志中。',
    kr: '테스트 이벤트를 보내는 중입니다. 전송 기록에 표시됩니다.',
  },
} as const;
