import type { TUiLanguage } from './i18n';

// Server and form-validation messages of the api-access domain (keys `apiAccess.*`), merged into the
// catalogue of messages.ts.
export const apiAccessMessages = {
  'apiAccess.saved': {
    en: 'The API settings have been saved.',
    ja: 'API設定を保存しました。',
    cn: 'API 设置已保存。',
    kr: 'API 설정을 저장했습니다.',
  },
  'apiAccess.keyIssued': {
    en: 'A new API key has been issued. Copy it now: it will not be shown again.',
    ja: '新しいAPIキーを発行しました。今すぐコピーしてください。このキーは二度と表示されません。',
    cn: '已签发新的 API 密钥。请立即复制，该密钥之后将不再显示。',
    kr: '새 API 키를 발급했습니다. 지금 복사해 두세요. 이 키는 다시 표시되지 않습니다.',
  },
  'apiAccess.keyRevoked': {
    en: 'The API key has been revoked. Programs using it can no longer connect.',
    ja: 'APIキーを無効にしました。このキーを使うプログラムは接続できなくなります。',
    cn: 'API 密钥已撤销，使用该密钥的程序将无法再连接。',
    kr: 'API 키를 폐기했습니다. 이 키를 사용하는 프로그램은 더 이상 연결할 수 없습니다.',
  },
  'apiAccess.ipRequired': {
    en: 'Enter at least one IP address for IP restriction.',
    ja: 'IP制限には少なくとも1つのIPアドレスを入力してください。',
    cn: 'IP 限制至少需要输入一个 IP 地址。',
    kr: 'IP 제한에는 IP 주소를 하나 이상 입력해 주세요.',
  },
  'apiAccess.ipInvalid': {
    en: 'Enter a valid IPv4 or IPv6 address or CIDR range (for example 203.0.113.0/24).',
    ja: '正しいIPv4／IPv6アドレスまたはCIDR範囲を入力してください（例：203.0.113.0/24）。',
    cn: '请输入有效的 IPv4 或 IPv6 地址或 CIDR 范围（例如 203.0.113.0/24）。',
    kr: '올바른 IPv4 또는 IPv6 주소나 CIDR 범위를 입력해 주세요(예: 203.0.113.0/24).',
  },
  'apiAccess.ipTooBroad': {
    en: 'This range is too wide to restrict anything: use /8 or narrower for IPv4 and /32 or narrower for IPv6.',
    ja: 'この範囲は広すぎて制限になりません。IPv4は/8以上、IPv6は/32以上の範囲を指定してください。',
    cn: '该范围过宽，无法起到限制作用：IPv4 请使用 /8 或更窄的范围，IPv6 请使用 /32 或更窄的范围。',
    kr: '이 범위는 너무 넓어 제한이 되지 않습니다. IPv4는 /8 이상, IPv6는 /32 이상으로 지정해 주세요.',
  },
  'apiAccess.ipDuplicate': {
    en: 'This IP address is already in the list.',
    ja: 'このIPアドレスは既にリストにあります。',
    cn: '该 IP 地址已在列表中。',
    kr: '이 IP 주소는 이미 목록에 있습니다.',
  },
  'apiAccess.ipTooMany': {
    en: 'You can register at most {max} IP addresses.',
    ja: '登録できるIPアドレスは{max}件までです。',
    cn: '最多可登记 {max} 个 IP 地址。',
    kr: 'IP 주소는 최대 {max}개까지 등록할 수 있습니다.',
  },
  'apiAccess.basicIdRequired': {
    en: 'Enter an ID for Basic authentication.',
    ja: 'Basic認証のIDを入力してください。',
    cn: '请输入 Basic 认证的 ID。',
    kr: 'Basic 인증 ID를 입력해 주세요.',
  },
  'apiAccess.basicIdInvalid': {
    en: 'The ID must be 3 to 64 characters: letters, digits, period, underscore or hyphen.',
    ja: 'IDは3〜64文字の英数字、ピリオド、アンダースコア、ハイフンで入力してください。',
    cn: 'ID 须为 3 到 64 个字符，只能包含字母、数字、句点、下划线或连字符。',
    kr: 'ID는 영문자, 숫자, 마침표, 밑줄, 하이픈으로 3~64자여야 합니다.',
  },
  'apiAccess.basicIdTaken': {
    en: 'This ID is already in use. Please choose another one.',
    ja: 'このIDは既に使用されています。別のIDを指定してください。',
    cn: '该 ID 已被使用，请换一个。',
    kr: '이미 사용 중인 ID입니다. 다른 ID를 지정해 주세요.',
  },
  'apiAccess.basicPasswordRequired': {
    en: 'Enter a password for Basic authentication.',
    ja: 'Basic認証のパスワードを入力してください。',
    cn: '请输入 Basic 认证的密码。',
    kr: 'Basic 인증 비밀번호를 입력해 주세요.',
  },
  'apiAccess.keyRequired': {
    en: 'Issue an API key before using API key authentication.',
    ja: 'APIキー認証を使うには、先にAPIキーを発行してください。',
    cn: '使用 API 密钥认证前，请先签发 API 密钥。',
    kr: 'API 키 인증을 사용하려면 먼저 API 키를 발급해 주세요.',
  },
  'apiAccess.unauthenticated': {
    en: 'API authentication failed. Check the credentials and the API settings of the account.',
    ja: 'API認証に失敗しました。認証情報とアカウントのAPI設定を確認してください。',
    cn: 'API 认证失败。请检查认证信息和账户的 API 设置。',
    kr: 'API 인증에 실패했습니다. 인증 정보와 계정의 API 설정을 확인해 주세요.',
  },
  'apiAccess.accessDisabled': {
    en: 'API access is not available because the contract of this account has been terminated.',
    ja: 'このアカウントの契約は解約済みのため、APIは利用できません。',
    cn: '该账户的合同已终止，无法使用 API。',
    kr: '이 계정의 계약이 해지되어 API를 사용할 수 없습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
