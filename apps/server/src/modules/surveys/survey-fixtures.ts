import {
  type TStoredSurveyAnswer,
  type TSurveyDocument,
  type TSurveyInput,
  ZSurveyDocument,
} from '@swipe/contracts/surveys';
import { surveyResponses, surveys } from '../../db/schema/visitors';
import type { TDbOrTx } from '../../db/tx';
import type { TDemoSeed } from '../../platform/module';
import { demoConversions } from '../site-core/demo-conversions';

// Surveys for tests and the demo seed: a bilingual (JP, EN) survey of three questions worth
// up to 20 points (q1 single 0/5/10, q2 several 3+4+3, q3 optional single 0/0).

export function surveyDocument(opts: { languages?: ('JP' | 'EN')[] } = {}): TSurveyDocument {
  const langs = opts.languages ?? ['JP', 'EN'];
  const t = (ja: string, en: string) =>
    Object.fromEntries(langs.map((l) => [l, l === 'JP' ? ja : en])) as Record<'JP' | 'EN', string>;
  return ZSurveyDocument.parse({
    title: t('朝ごはん診断', 'Breakfast check'),
    description: t('3つの質問に答えてください。', 'Answer three questions.'),
    resultText: t('ご回答ありがとうございました。', 'Thank you for answering.'),
    questions: [
      {
        id: 'q1',
        text: t('毎朝お味噌汁を飲みますか？', 'Do you have miso soup every morning?'),
        isRequired: true,
        multiple: false,
        options: [
          { id: 'a', label: t('いいえ', 'No'), points: 0 },
          { id: 'b', label: t('ときどき', 'Sometimes'), points: 5 },
          { id: 'c', label: t('毎日', 'Every day'), points: 10 },
        ],
      },
      {
        id: 'q2',
        text: t('好きな具は？', 'Which fillings do you like?'),
        isRequired: true,
        multiple: true,
        options: [
          { id: 'tofu', label: t('豆腐', 'Tofu'), points: 3 },
          { id: 'wakame', label: t('わかめ', 'Wakame'), points: 4 },
          { id: 'negi', label: t('ねぎ', 'Spring onion'), points: 3 },
        ],
      },
      {
        id: 'q3',
        text: t('ご意見があれば', 'Anything else?'),
        isRequired: false,
        multiple: false,
        options: [
          { id: 'yes', label: t('あり', 'Yes'), points: 0 },
          { id: 'no', label: t('なし', 'No'), points: 0 },
        ],
      },
    ],
  });
}

export const surveyInput = (overrides: Partial<TSurveyInput> = {}): TSurveyInput => ({
  name: 'Breakfast check',
  isOpen: true,
  allowMultiple: false,
  document: surveyDocument(),
  ...overrides,
});

export async function insertSurvey(
  db: TDbOrTx,
  opts: { siteId: string; id?: string; createdBy?: string } & Partial<TSurveyInput>,
) {
  const input = surveyInput(opts);
  const [row] = await db
    .insert(surveys)
    .values({
      ...(opts.id ? { id: opts.id } : {}),
      siteId: opts.siteId,
      createdBy: opts.createdBy ?? null,
      name: input.name,
      isOpen: input.isOpen ?? true,
      allowMultiple: input.allowMultiple ?? false,
      document: ZSurveyDocument.parse(input.document),
    })
    .returning();
  return row!;
}

/** The answers of a survey picking, for each question, the options `choose` names (none: unanswered). */
export function storedAnswers(
  doc: TSurveyDocument,
  lang: 'JP' | 'EN',
  choose: (questionId: string) => string[],
): { answers: TStoredSurveyAnswer[]; totalScore: number } {
  const answers = doc.questions.flatMap((q) => {
    const options = q.options.filter((o) => choose(q.id).includes(o.id));
    if (options.length === 0) return [];
    return [
      {
        questionId: q.id,
        question: q.text[lang] ?? '',
        optionIds: options.map((o) => o.id),
        answers: options.map((o) => o.label[lang] ?? ''),
        points: options.reduce((n, o) => n + o.points, 0),
      },
    ];
  });
  return { answers, totalScore: answers.reduce((n, a) => n + a.points, 0) };
}

/**
 * The demo site's survey ("breakfast check"), the one its A2 button leads to, with an answer for
 * each survey conversion of the demo's visits (effect measurement counts the same), at its moment
 * and in its language.
 */
export async function seedDemoSurvey(demo: TDemoSeed) {
  if (!demo.site || !demo.surveyId) return;
  const survey = await insertSurvey(demo.db, {
    id: demo.surveyId,
    siteId: demo.site.id,
    createdBy: demo.owner.userId,
    name: '朝ごはん診断',
  });
  const doc = ZSurveyDocument.parse(survey.document);
  const conversions = await demoConversions(demo.db, demo.site.id, 'SURVEY');
  const fillings = [['tofu'], ['wakame', 'negi'], ['tofu', 'wakame'], ['negi'], ['tofu', 'wakame', 'negi']];
  const rows = conversions.map((c, i) => {
    const lang = c.lang === 'JP' ? 'JP' : 'EN';
    const { answers, totalScore } = storedAnswers(doc, lang, (q) =>
      q === 'q1'
        ? [['c', 'b', 'a'][i % 3]!]
        : q === 'q2'
          ? fillings[i % fillings.length]!
          : i % 4 === 0
            ? ['no']
            : [],
    );
    return {
      surveyId: survey.id,
      siteId: demo.site!.id,
      email: `breakfast.${i + 1}@example.${lang === 'JP' ? 'jp' : 'com'}`,
      lang,
      answers,
      totalScore,
      requestKey: crypto.randomUUID().replace(/-/g, ''),
      createdAt: c.at,
    };
  });
  if (rows.length > 0) await demo.db.insert(surveyResponses).values(rows);
}
