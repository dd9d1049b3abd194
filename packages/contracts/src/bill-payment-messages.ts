import type { TUiLanguage } from './i18n';

// Messages of paying a bill (keys `billing.failure.*`, `billing.payment*`, `billing.billPaid`):
// the text of each failure code a payment provider gives (bill-payment.ts), so a declined card
// reads in the holder's language, and what paying by hand answers.
export const billPaymentMessages = {
  'billing.failure.generic': {
    en: 'The card payment could not be completed.',
    ja: 'カード決済を完了できませんでした。',
    cn: '无法完成刷卡付款。',
    kr: '카드 결제를 완료할 수 없습니다.',
  },
  'billing.failure.card_declined': {
    en: 'The card issuer declined the payment.',
    ja: 'カード会社により決済が拒否されました。',
    cn: '发卡机构拒绝了此次付款。',
    kr: '카드사에서 결제를 거절했습니다.',
  },
  'billing.failure.insufficient_funds': {
    en: 'The card has insufficient funds or has reached its limit.',
    ja: 'カードの残高または利用限度額が不足しています。',
    cn: '卡内余额或信用额度不足。',
    kr: '카드 잔액 또는 이용 한도가 부족합니다.',
  },
  'billing.failure.expired_card': {
    en: 'The card has expired.',
    ja: 'カードの有効期限が切れています。',
    cn: '该卡已过期。',
    kr: '카드 유효기간이 지났습니다.',
  },
  'billing.failure.incorrect_cvc': {
    en: "The card's security code is incorrect.",
    ja: 'カードのセキュリティコードが正しくありません。',
    cn: '卡的安全码不正确。',
    kr: '카드 보안 코드가 올바르지 않습니다.',
  },
  'billing.failure.incorrect_number': {
    en: 'The card number is incorrect.',
    ja: 'カード番号が正しくありません。',
    cn: '卡号不正确。',
    kr: '카드 번호가 올바르지 않습니다.',
  },
  'billing.failure.processing_error': {
    en: 'An error occurred while the card was processed. Please try again.',
    ja: 'カードの処理中にエラーが発生しました。もう一度お試しください。',
    cn: '处理该卡时出错。请重试。',
    kr: '카드를 처리하는 중 오류가 발생했습니다. 다시 시도해 주세요.',
  },
  'billing.failure.authentication_required': {
    en: "The card issuer asks for the cardholder's authentication.",
    ja: 'カード会社が本人認証を求めています。',
    cn: '发卡机构要求持卡人进行身份验证。',
    kr: '카드사에서 본인 인증을 요구합니다.',
  },
  'billing.failure.card_unavailable': {
    en: 'This card can no longer be charged. Add it again or choose another card.',
    ja: 'このカードでは決済できなくなりました。カードを登録し直すか、別のカードを選んでください。',
    cn: '此卡已无法扣款。请重新添加该卡或选择其他卡。',
    kr: '이 카드로는 더 이상 결제할 수 없습니다. 카드를 다시 등록하거나 다른 카드를 선택해 주세요.',
  },
  'billing.failure.no_card': {
    en: 'No card is registered for card payment.',
    ja: 'カード払いに使うカードが登録されていません。',
    cn: '尚未登记用于刷卡支付的卡。',
    kr: '카드 결제에 사용할 카드가 등록되어 있지 않습니다.',
  },
  'billing.paymentFailed': {
    en: 'The payment did not go through: {reason}',
    ja: '決済できませんでした：{reason}',
    cn: '付款未成功：{reason}',
    kr: '결제되지 않았습니다: {reason}',
  },
  'billing.billPaid': {
    en: 'The bill has been paid.',
    ja: 'お支払いが完了しました。',
    cn: '账单已付款。',
    kr: '결제가 완료되었습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
