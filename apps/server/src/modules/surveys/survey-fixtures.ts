import { type TSurveyDocument, type TSurveyInput, ZSurveyDocument } from '@swipe/contracts/surveys';
import { surveys } from '../../db/schema/visitors';
import type { TDbOrTx } from '../../db/tx';
import type { TDemoSeed } from '../../platform/module';

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

/** The demo site's survey ("breakfast check"), the one its A2 button leads to. */
export async function seedDemoSurvey(demo: TDemoSeed) {
  if (!demo.site || !demo.surveyId) return;
  await insertSurvey(demo.db, {
    id: demo.surveyId,
    siteId: demo.site.id,
    createdBy: demo.owner.userId,
    name: '朝ごはん診断',
  });
}
