import type { TUiLanguage } from '@swipe/contracts/i18n';

// The mail a site's owner gets when a visitor sends the contact or homepage form,
// in the owner's console language; the contact form's recipient (contactRecipient) gets the same
// mail in the site's default language, without the link to the console. Visitor answers are plain text: the mailer escapes them for
// the HTML part, and formSubmittedMail keeps line breaks out of the subject and of each answer
// line, so a visitor can neither add headers nor fake lines of the mail.
type TTemplate<P> = Record<TUiLanguage, (p: P) => { subject: string; lines: string[] }>;

export type TFormKind = 'CONTACT' | 'HOMEPAGE';

type TSubmittedMail = {
  siteName: string;
  kind: TFormKind;
  /** Who sent it: the company name, else the email. */
  sender: string;
  answers: { title: string; value: string }[];
  /** The console list of the site's submissions of this kind (none for the contact recipient). */
  link: string | null;
};

/** One line: carriage returns and line feeds (and other control characters) become spaces. */
export const oneLine = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** The sender as the subject names it (a subject has room for 512 characters). */
const SENDER_MAX = 100;

const answerLines = (p: TSubmittedMail) => p.answers.map((a) => oneLine(`${a.title}: ${a.value}`));

const KIND_NAMES: Record<TUiLanguage, Record<TFormKind, string>> = {
  en: { CONTACT: 'contact form', HOMEPAGE: 'homepage form' },
  ja: { CONTACT: 'お問い合わせフォーム', HOMEPAGE: 'フォーム' },
  cn: { CONTACT: '联系表单', HOMEPAGE: '表单' },
  kr: { CONTACT: '문의 양식', HOMEPAGE: '폼' },
};

const templates: TTemplate<TSubmittedMail> = {
  en: (p) => ({
    subject: `New ${KIND_NAMES.en[p.kind]} submission from ${p.sender} (${p.siteName})`,
    lines: [
      `A visitor has sent the ${KIND_NAMES.en[p.kind]} of your site "${p.siteName}".`,
      ...answerLines(p),
      'Please contact them within 24 hours.',
      ...(p.link ? ['All submissions are listed here:', p.link] : []),
    ],
  }),
  ja: (p) => ({
    subject: `【${p.siteName}】${KIND_NAMES.ja[p.kind]}から送信がありました（${p.sender}）`,
    lines: [
      `サイト「${p.siteName}」の${KIND_NAMES.ja[p.kind]}から、次の内容が送信されました。`,
      ...answerLines(p),
      '24時間以内にご連絡をお願いします。',
      ...(p.link ? ['送信内容の一覧はこちらです。', p.link] : []),
    ],
  }),
  cn: (p) => ({
    subject: `【${p.siteName}】收到来自${p.sender}的${KIND_NAMES.cn[p.kind]}`,
    lines: [
      `访客通过网站“${p.siteName}”的${KIND_NAMES.cn[p.kind]}提交了以下内容。`,
      ...answerLines(p),
      '请在24小时内与对方联系。',
      ...(p.link ? ['所有提交内容请见：', p.link] : []),
    ],
  }),
  kr: (p) => ({
    subject: `[${p.siteName}] ${p.sender}님이 ${KIND_NAMES.kr[p.kind]}을(를) 보냈습니다`,
    lines: [
      `사이트 "${p.siteName}"의 ${KIND_NAMES.kr[p.kind]}으로 다음 내용이 전송되었습니다.`,
      ...answerLines(p),
      '24시간 이내에 연락해 주세요.',
      ...(p.link ? ['전체 전송 내역은 여기에서 볼 수 있습니다.', p.link] : []),
    ],
  }),
};

/** The owner's notification in their language; the subject is always one line. */
export function formSubmittedMail(language: TUiLanguage, p: TSubmittedMail) {
  const mail = templates[language]({ ...p, sender: oneLine(p.sender).slice(0, SENDER_MAX) });
  return { subject: oneLine(mail.subject), lines: mail.lines };
}
