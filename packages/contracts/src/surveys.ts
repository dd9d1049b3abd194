import { z } from 'zod';
import { zEmail } from './auth';
import { envelope, listEnvelope } from './envelope';
import type { TMessageKey } from './messages';
import { TEXT_MAX } from './site-rules';
import { SITE_LANGUAGES, type TSiteLanguage, ZSiteLanguage } from './sites';
import { zRequestKey } from './visitor-forms';

// Surveys (email, questions with points, answers, total score; required questions answered,
// valid email) and their calls GET end-user/survey, /survey/{id}/questions,
// POST /survey/{id}/response. A creator builds a survey for a site in its languages; a link
// button of kind SURVEY leads visitors to it; each answer's options add up to the score.

export const SURVEY_QUESTIONS_MAX = 50;
export const SURVEY_OPTIONS_MAX = 20;
export const SURVEY_POINTS_MAX = 1000;
export const SURVEY_TEXT_MAX = 200;

/** A text in each of the site's languages (the default language's is required). */
const zTranslations = (max: number) =>
  z.partialRecord(ZSiteLanguage, z.string().trim().max(max, 'common.tooLong'));
export type TTranslations = Partial<Record<TSiteLanguage, string>>;

/** The text of a language, else the first language that has one. */
export function textIn(t: TTranslations, lang: TSiteLanguage, fallback?: TSiteLanguage): string {
  return t[lang] || (fallback ? t[fallback] : '') || SITE_LANGUAGES.map((l) => t[l]).find(Boolean) || '';
}

const zShortId = () => z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'common.invalid');

export const ZSurveyOption = z.object({
  id: zShortId(),
  label: zTranslations(SURVEY_TEXT_MAX),
  points: z.number().int('sites.wholeNumber').min(-SURVEY_POINTS_MAX).max(SURVEY_POINTS_MAX).default(0),
});

export const ZSurveyQuestion = z.object({
  id: zShortId(),
  text: zTranslations(SURVEY_TEXT_MAX),
  isRequired: z.boolean().default(true),
  /** Several options may be chosen (their points add up); otherwise one. */
  multiple: z.boolean().default(false),
  options: z.array(ZSurveyOption).min(1, 'surveys.optionsRequired').max(SURVEY_OPTIONS_MAX),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

/** The survey itself, in order: title, introduction, questions, the text beside the score. */
export const ZSurveyDocument = z
  .object({
    title: zTranslations(TEXT_MAX.default),
    description: zTranslations(2000),
    questions: z.array(ZSurveyQuestion).min(1, 'surveys.questionsRequired').max(SURVEY_QUESTIONS_MAX),
    resultText: zTranslations(2000),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    doc.questions.forEach((q, i) => {
      if (ids.has(q.id))
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: 'common.invalid' });
      ids.add(q.id);
      if (!Object.values(q.text).some(Boolean))
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'text'], message: 'sites.itemRequired' });
      const optionIds = new Set<string>();
      q.options.forEach((o, j) => {
        if (optionIds.has(o.id))
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'options', j, 'id'],
            message: 'common.invalid',
          });
        optionIds.add(o.id);
        if (!Object.values(o.label).some(Boolean))
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'options', j, 'label'],
            message: 'sites.itemRequired',
          });
      });
    });
    if (!Object.values(doc.title).some(Boolean))
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'sites.itemRequired' });
  });
export type TSurveyDocument = z.infer<typeof ZSurveyDocument>;

/** The highest score a survey can give (what "12 / 20" is out of). */
export function maxScore(doc: Pick<TSurveyDocument, 'questions'>): number {
  return doc.questions.reduce((sum, q) => {
    const points = q.options.map((o) => o.points);
    const best = q.multiple ? points.filter((p) => p > 0).reduce((a, b) => a + b, 0) : Math.max(0, ...points);
    return sum + best;
  }, 0);
}

export type TSurveyAnswer = { questionId: string; optionIds: string[] };

/**
 * Checks a visitor's answers (required questions answered; one option unless the
 * question takes several; only the question's own options) and adds up the score.
 */
export function scoreSurvey(doc: Pick<TSurveyDocument, 'questions'>, answers: TSurveyAnswer[]) {
  const issues: { field: string; message: TMessageKey }[] = [];
  const chosen = new Map(answers.map((a) => [a.questionId, [...new Set(a.optionIds)]]));
  // Every answer names a question of this survey, once.
  const known = new Set(doc.questions.map((q) => q.id));
  const named = new Set<string>();
  for (const a of answers) {
    if (!known.has(a.questionId) || named.has(a.questionId))
      issues.push({ field: `q_${a.questionId}`, message: 'visitors.invalidOption' });
    named.add(a.questionId);
  }
  let total = 0;
  const scored: { questionId: string; optionIds: string[]; points: number }[] = [];
  for (const q of doc.questions) {
    const ids = chosen.get(q.id) ?? [];
    if (ids.length === 0) {
      if (q.isRequired) issues.push({ field: `q_${q.id}`, message: 'sites.itemRequired' });
      continue;
    }
    if (!q.multiple && ids.length > 1) {
      issues.push({ field: `q_${q.id}`, message: 'visitors.invalidOption' });
      continue;
    }
    const options = ids.map((id) => q.options.find((o) => o.id === id));
    if (options.some((o) => !o)) {
      issues.push({ field: `q_${q.id}`, message: 'visitors.invalidOption' });
      continue;
    }
    const points = options.reduce((s, o) => s + o!.points, 0);
    total += points;
    scored.push({ questionId: q.id, optionIds: ids, points });
  }
  return { total, scored, issues };
}

/**
 * Texts in languages the site does not have (a survey speaks the site's languages only),
 * and a title missing in the site's default language: what the server refuses on save.
 */
export function surveyLanguageIssues(
  doc: TSurveyDocument,
  languages: readonly TSiteLanguage[],
  defaultLanguage: TSiteLanguage,
): { path: (string | number)[]; message: TMessageKey }[] {
  const issues: { path: (string | number)[]; message: TMessageKey }[] = [];
  const check = (t: TTranslations, path: (string | number)[]) => {
    for (const [lang, text] of Object.entries(t))
      if (text && !languages.includes(lang as TSiteLanguage))
        issues.push({ path: [...path, lang], message: 'surveys.languageNotOnSite' });
  };
  check(doc.title, ['title']);
  check(doc.description, ['description']);
  check(doc.resultText, ['resultText']);
  doc.questions.forEach((q, i) => {
    check(q.text, ['questions', i, 'text']);
    q.options.forEach((o, j) => {
      check(o.label, ['questions', i, 'options', j, 'label']);
    });
  });
  if (!doc.title[defaultLanguage])
    issues.push({ path: ['title', defaultLanguage], message: 'surveys.defaultTitleRequired' });
  return issues;
}

// --- console: the survey builder and the answers (owner tree of the site) -------------------

export const ZSurveyInput = z.object({
  name: z.string().trim().min(1, 'common.required').max(TEXT_MAX.default, 'common.tooLong'),
  isOpen: z.boolean().default(true),
  allowMultiple: z.boolean().default(false),
  document: ZSurveyDocument,
});
export type TSurveyInput = z.input<typeof ZSurveyInput>;

export const ZSurveySummary = z.object({
  id: z.string(),
  siteId: z.string(),
  name: z.string(),
  isOpen: z.boolean(),
  allowMultiple: z.boolean(),
  questions: z.number().int(),
  responses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSurveySummary = z.infer<typeof ZSurveySummary>;
export const ZSurveyDetail = ZSurveySummary.extend({ document: ZSurveyDocument });
export type TSurveyDetail = z.infer<typeof ZSurveyDetail>;
export const ZSurveyListResponse = envelope(z.array(ZSurveySummary));
export const ZSurveyDetailResponse = envelope(ZSurveyDetail);

export const ZSurveyResponseSummary = z.object({
  id: z.string(),
  email: z.string(),
  lang: ZSiteLanguage,
  totalScore: z.number().int(),
  answers: z.array(
    z.object({
      questionId: z.string(),
      question: z.string(),
      answers: z.array(z.string()),
      points: z.number().int(),
    }),
  ),
  createdAt: z.string(),
});
export type TSurveyResponseSummary = z.infer<typeof ZSurveyResponseSummary>;
/** One answer as stored with a response: the question and the chosen options as the visitor saw them. */
export type TStoredSurveyAnswer = TSurveyResponseSummary['answers'][number] & { optionIds: string[] };
export const ZSurveyResponseListResponse = listEnvelope(ZSurveyResponseSummary);

// --- end user ----------------------------------------------------------------------------------

/** GET /api/end-user/survey?site_id=&lang= : the open surveys of a live site. */
export const ZEndUserSurveyListQuery = z.object({
  siteId: z.uuid('common.notFound'),
  lang: ZSiteLanguage.optional(),
});
export const ZEndUserSurveyListResponse = envelope(
  z.array(z.object({ id: z.string(), title: z.string(), questions: z.number().int() })),
);

/** GET /api/end-user/survey/{id}/questions?lang= : the survey in one language. */
export const ZEndUserSurveyQuery = z.object({ lang: ZSiteLanguage.optional() });
export const ZEndUserSurvey = z.object({
  id: z.string(),
  siteId: z.string(),
  lang: ZSiteLanguage,
  title: z.string(),
  description: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      isRequired: z.boolean(),
      multiple: z.boolean(),
      options: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
});
export type TEndUserSurvey = z.infer<typeof ZEndUserSurvey>;
export const ZEndUserSurveyResponse = envelope(ZEndUserSurvey);

/** POST /api/end-user/survey/{id}/response */
export const ZSurveyAnswerRequest = z.object({
  email: zEmail(),
  lang: ZSiteLanguage.optional(),
  answers: z
    .array(
      z.object({
        questionId: z.string().max(32),
        optionIds: z.array(z.string().max(32)).max(SURVEY_OPTIONS_MAX),
      }),
    )
    .max(SURVEY_QUESTIONS_MAX),
  requestKey: zRequestKey().optional(),
});
export const ZSurveyScoreResponse = envelope(
  z.object({
    id: z.string(),
    totalScore: z.number().int(),
    maxScore: z.number().int(),
    resultText: z.string(),
  }),
);
