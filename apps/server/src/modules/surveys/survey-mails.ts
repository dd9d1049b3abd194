import type { TUiLanguage } from '@swipe/contracts/i18n';

// The mail a respondent gets after answering a survey (its total score), in
// the site language they answered in. Visitor texts (title, result text) are plain text; the
// mailer escapes them for the HTML part.
type TTemplate<P> = Record<TUiLanguage, (p: P) => { subject: string; lines: string[] }>;

type TScoreMail = { title: string; score: number; max: number; resultText: string; siteName: string };

/** "12 / 20": the score out of the highest the survey gives. */
export const scoreText = (p: Pick<TScoreMail, 'score' | 'max'>) => `${p.score} / ${p.max}`;

const withResult = (lines: string[], resultText: string) => (resultText ? [...lines, resultText] : lines);

export const surveyScoreMail: TTemplate<TScoreMail> = {
  en: (p) => ({
    subject: `Your result: ${p.title}`,
    lines: withResult(
      ['Thank you for answering our survey.', `Survey: ${p.title}`, `Your score: ${scoreText(p)}`],
      p.resultText,
    ).concat([`${p.siteName}`]),
  }),
  ja: (p) => ({
    subject: `【回答結果】${p.title}`,
    lines: withResult(
      [
        'アンケートにご回答いただきありがとうございます。',
        `アンケート：${p.title}`,
        `あなたのスコア：${scoreText(p)}`,
      ],
      p.resultText,
    ).concat([`${p.siteName}`]),
  }),
  cn: (p) => ({
    subject: `您的结果：${p.title}`,
    lines: withResult(
      ['感谢您回答我们的问卷。', `问卷：${p.title}`, `您的得分：${scoreText(p)}`],
      p.resultText,
    ).concat([`${p.siteName}`]),
  }),
  kr: (p) => ({
    subject: `응답 결과: ${p.title}`,
    lines: withResult(
      ['설문에 응답해 주셔서 감사합니다.', `설문: ${p.title}`, `나의 점수: ${scoreText(p)}`],
      p.resultText,
    ).concat([`${p.siteName}`]),
  }),
};
