import type { TUiLanguage } from '@swipe/contracts/i18n';
import { formatCsvDateTime } from '@swipe/contracts/jst-format';
import { type TMessageKey, translate } from '@swipe/contracts/messages';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import type { TSubmissionListQuery } from '@swipe/contracts/submissions';
import {
  surveyLanguageIssues,
  type TSurveyDetail,
  type TSurveyDocument,
  type TSurveyInput,
  type TSurveyResponseSummary,
  type TSurveySummary,
  textIn,
  ZSurveyInput,
} from '@swipe/contracts/surveys';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { sites } from '../../db/schema/sites';
import { surveyResponses, surveys } from '../../db/schema/visitors';
import { storedSiteDocument } from '../../db/site-document';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { toCsv } from '../../platform/csv';
import { AppError, notFound } from '../../platform/errors';
import { containsPattern, jstDayRange } from '../../platform/list-filters';
import { loadSite, loadSiteRef, siteScope, type TSiteRow } from '../site-core/site-access';

// Surveys: a survey belongs to a site; its owner tree builds it and reads the answers
// (tenancy through loadSite). What visitors do with it is survey-answers.service.ts.

export type TSurveyRow = typeof surveys.$inferSelect;
export type TResponseRow = typeof surveyResponses.$inferSelect;
export const documentOf = (row: TSurveyRow): TSurveyDocument => row.document;

async function responseCounts(ctx: TAppContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ id: surveyResponses.surveyId, n: count() })
    .from(surveyResponses)
    .where(inArray(surveyResponses.surveyId, ids))
    .groupBy(surveyResponses.surveyId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

// What the survey list shows: the number of questions is counted in SQL, so the list reads no
// documents.
const summaryColumns = {
  id: surveys.id,
  siteId: surveys.siteId,
  name: surveys.name,
  isOpen: surveys.isOpen,
  allowMultiple: surveys.allowMultiple,
  questions: sql<number>`coalesce(jsonb_array_length(${surveys.document} -> 'questions'), 0)::int`,
  createdAt: surveys.createdAt,
  updatedAt: surveys.updatedAt,
};
type TSurveySummaryRow = Omit<TSurveyRow, 'document' | 'createdBy'> & { questions: number };

function toSummary(row: TSurveySummaryRow, responses: number): TSurveySummary {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    isOpen: row.isOpen,
    allowMultiple: row.allowMultiple,
    questions: row.questions,
    responses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A survey of a site in the caller's subtree, with its site; else 404 (any verb). */
async function loadSurvey(ctx: TAppContext, caller: TCaller, surveyId: string) {
  const [survey] = await ctx.db.select().from(surveys).where(eq(surveys.id, surveyId)).limit(1);
  if (!survey) throw notFound();
  const site = await loadSite(ctx.db, caller, survey.siteId);
  return { survey, site };
}

/** loadSurvey for reads that need only the survey's id: neither its document nor its site's. */
async function loadSurveyRef(ctx: TAppContext, caller: TCaller, surveyId: string) {
  const [survey] = await ctx.db
    .select({ id: surveys.id })
    .from(surveys)
    .innerJoin(sites, eq(sites.id, surveys.siteId))
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(and(eq(surveys.id, surveyId), siteScope(caller)))
    .limit(1);
  if (!survey) throw notFound();
  return survey;
}

/** The site's languages: the draft's (what the editor shows), with the published ones. */
function siteLanguages(site: TSiteRow['site']) {
  const draft = storedSiteDocument(site.draft);
  const published = site.published && storedSiteDocument(site.published);
  const languages = [...new Set([...draft.languages, ...(published?.languages ?? [])])];
  return { languages, defaultLanguage: draft.defaultLanguage ?? languages[0] ?? 'JP' };
}

/** The survey's texts only in the site's languages, a title in its default language. */
function checkInput(site: TSiteRow['site'], input: TSurveyInput) {
  const parsed = ZSurveyInput.parse(input);
  const { languages, defaultLanguage } = siteLanguages(site);
  const issues = surveyLanguageIssues(parsed.document, languages, defaultLanguage);
  if (issues.length > 0)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      issues[0]!.message,
      undefined,
      issues.map((i) => ({ field: ['document', ...i.path].join('.'), messageKey: i.message })),
    );
  return parsed;
}

function assertWritable(site: TSiteRow['site']) {
  if (site.status === 'EXPIRED') throw new AppError(409, 'CONFLICT', 'sites.expired');
}

// --- operator API ------------------------------------------------------------------------------

export async function listSurveys(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  const list = await ctx.db
    .select(summaryColumns)
    .from(surveys)
    .where(eq(surveys.siteId, site.id))
    .orderBy(desc(surveys.updatedAt), desc(surveys.id));
  const counts = await responseCounts(
    ctx,
    list.map((s) => s.id),
  );
  return list.map((s) => toSummary(s, counts.get(s.id) ?? 0));
}

export async function getSurvey(
  ctx: TAppContext,
  opts: { caller: TCaller; surveyId: string },
): Promise<TSurveyDetail> {
  const { survey } = await loadSurvey(ctx, opts.caller, opts.surveyId);
  const counts = await responseCounts(ctx, [survey.id]);
  const document = documentOf(survey);
  return {
    ...toSummary({ ...survey, questions: document.questions.length }, counts.get(survey.id) ?? 0),
    document,
  };
}

export async function createSurvey(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; input: TSurveyInput; ip?: string },
) {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  assertWritable(row.site);
  const input = checkInput(row.site, opts.input);
  const [survey] = await ctx.db
    .insert(surveys)
    .values({
      siteId: row.site.id,
      createdBy: opts.caller.userId,
      name: input.name,
      isOpen: input.isOpen,
      allowMultiple: input.allowMultiple,
      document: input.document,
    })
    .returning();
  await audit(ctx.db, {
    action: 'surveys.created',
    actorUserId: opts.caller.userId,
    accountId: row.account.id,
    targetType: 'survey',
    targetId: survey!.id,
    details: { siteId: row.site.id, name: input.name },
    ip: opts.ip,
  });
  return getSurvey(ctx, { caller: opts.caller, surveyId: survey!.id });
}

export async function updateSurvey(
  ctx: TAppContext,
  opts: { caller: TCaller; surveyId: string; input: TSurveyInput; ip?: string },
) {
  const { survey, site } = await loadSurvey(ctx, opts.caller, opts.surveyId);
  assertWritable(site.site);
  const input = checkInput(site.site, opts.input);
  await ctx.db
    .update(surveys)
    .set({
      name: input.name,
      isOpen: input.isOpen,
      allowMultiple: input.allowMultiple,
      document: input.document,
      updatedAt: new Date(),
    })
    .where(eq(surveys.id, survey.id));
  await audit(ctx.db, {
    action: 'surveys.updated',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'survey',
    targetId: survey.id,
    ip: opts.ip,
  });
  return getSurvey(ctx, { caller: opts.caller, surveyId: survey.id });
}

/** Whether a site document has a link button (page, product, popup CTA) leading to the survey. */
export function documentLinksTo(doc: Partial<TSiteDocument> | null | undefined, surveyId: string): boolean {
  if (!doc) return false;
  const leads = (link: { kind?: string; surveyId?: string | null } | undefined) =>
    link?.kind === 'SURVEY' && link.surveyId === surveyId;
  for (const content of Object.values(doc.content ?? {}))
    for (const creative of content?.creatives ?? [])
      if (leads(creative.link) || (creative.products ?? []).some((p) => leads(p.link))) return true;
  const ctas = doc.popupCtas;
  return Boolean(ctas && (leads(ctas.timeLimit?.link) || leads(ctas.applicantLimit?.link)));
}

export async function deleteSurvey(
  ctx: TAppContext,
  opts: { caller: TCaller; surveyId: string; ip?: string },
) {
  const { survey, site } = await loadSurvey(ctx, opts.caller, opts.surveyId);
  const draft = storedSiteDocument(site.site.draft);
  const published = site.site.published && storedSiteDocument(site.site.published);
  if (documentLinksTo(draft, survey.id) || documentLinksTo(published, survey.id))
    throw new AppError(409, 'CONFLICT', 'surveys.inUse');
  await ctx.db.delete(surveys).where(eq(surveys.id, survey.id));
  await audit(ctx.db, {
    action: 'surveys.deleted',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'survey',
    targetId: survey.id,
    details: { name: survey.name },
    ip: opts.ip,
  });
}

function responsesWhere(surveyId: string, query: Omit<TSubmissionListQuery, 'page' | 'pageSize'>) {
  const where: (SQL | undefined)[] = [eq(surveyResponses.surveyId, surveyId)];
  if (query.keyword) {
    where.push(ilike(surveyResponses.email, containsPattern(query.keyword)));
  }
  return and(...where, ...jstDayRange(surveyResponses.createdAt, query));
}

// What the answer list shows of an answer.
const responseColumns = {
  id: surveyResponses.id,
  email: surveyResponses.email,
  lang: surveyResponses.lang,
  totalScore: surveyResponses.totalScore,
  answers: surveyResponses.answers,
  createdAt: surveyResponses.createdAt,
};

function toResponseSummary(row: Pick<TResponseRow, keyof typeof responseColumns>): TSurveyResponseSummary {
  const answers = row.answers;
  return {
    id: row.id,
    email: row.email,
    lang: row.lang as TSiteLanguage,
    totalScore: row.totalScore,
    answers: answers.map((a) => ({
      questionId: a.questionId,
      question: a.question,
      answers: a.answers,
      points: a.points,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listResponses(
  ctx: TAppContext,
  opts: { caller: TCaller; surveyId: string; query: TSubmissionListQuery },
) {
  const survey = await loadSurveyRef(ctx, opts.caller, opts.surveyId);
  const where = responsesWhere(survey.id, opts.query);
  const rows = await ctx.db
    .select(responseColumns)
    .from(surveyResponses)
    .where(where)
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(opts.query.pageSize)
    .offset((opts.query.page - 1) * opts.query.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(surveyResponses).where(where);
  return { items: rows.map(toResponseSummary), total: total?.n ?? 0 };
}

/**
 * Every answer of the filters as CSV (UTF-8 with BOM): date (JST), email, language, score, then
 * one column per question of the survey (in the site's default language), in the caller's
 * language; answers to questions no longer in the survey are left out.
 */
export async function exportResponses(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    surveyId: string;
    query: Omit<TSubmissionListQuery, 'page' | 'pageSize'>;
    lang: TUiLanguage;
  },
) {
  const { survey, site } = await loadSurvey(ctx, opts.caller, opts.surveyId);
  const rows = await ctx.db
    .select()
    .from(surveyResponses)
    .where(responsesWhere(survey.id, opts.query))
    .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id))
    .limit(50_000);
  const doc = documentOf(survey);
  const { defaultLanguage } = siteLanguages(site.site);
  const t = (key: TMessageKey) => translate(key, opts.lang);
  const header = [
    t('surveys.csv.date'),
    t('surveys.csv.email'),
    t('surveys.csv.language'),
    t('surveys.csv.score'),
    ...doc.questions.map((q) => textIn(q.text, defaultLanguage)),
  ];
  const body = rows.map((r) => {
    const answers = r.answers;
    return [
      formatCsvDateTime(r.createdAt),
      r.email,
      r.lang,
      r.totalScore,
      ...doc.questions.map((q) => (answers.find((a) => a.questionId === q.id)?.answers ?? []).join(' / ')),
    ];
  });
  return { csv: toCsv([header, ...body]), name: survey.name };
}
