import { zEmail } from '@swipe/contracts/auth';
import { toMessageKey } from '@swipe/contracts/messages';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import {
  maxScore,
  scoreSurvey,
  type TEndUserSurvey,
  type TStoredSurveyAnswer,
  type TSurveyAnswer,
  textIn,
} from '@swipe/contracts/surveys';
import { VISITOR_EMAIL_MAX } from '@swipe/contracts/visitor-forms';
import { and, asc, eq } from 'drizzle-orm';
import { surveyResponses, surveys } from '../../db/schema/visitors';
import { tooManyAttempts, withinAttempts } from '../../platform/attempts';
import type { TAppContext } from '../../platform/context';
import { AppError, notFound, requestKeyReused, type TFieldErrorKey } from '../../platform/errors';
import { publishedSite } from '../site-core/live-site';
import { MAIL_LANGUAGE } from '../site-core/visitor-urls';
import { surveyScoreMail } from './survey-mails';
import { documentOf, type TResponseRow } from './surveys.service';

// The end-user survey calls (required questions answered, a valid email): what visitors
// do with a survey. They reach it only while it is open and its site is live; an answer is
// scored, stored once per email (unless the creator allows more) and its score mailed.

/**
 * An open survey of a live site, with the site's published document and the language to use;
 * with `siteId` (a site's own visitor page), a survey of that site only.
 */
async function liveSurvey(
  ctx: TAppContext,
  opts: { surveyId: string; lang?: TSiteLanguage; siteId?: string },
) {
  if (!/^[0-9a-f-]{36}$/i.test(opts.surveyId)) throw notFound();
  const [survey] = await ctx.db.select().from(surveys).where(eq(surveys.id, opts.surveyId)).limit(1);
  if (!survey?.isOpen) throw notFound();
  if (opts.siteId !== undefined && survey.siteId !== opts.siteId) throw notFound();
  const published = await publishedSite(ctx, { siteId: survey.siteId, lang: opts.lang });
  return { survey, ...published };
}

/** The open surveys of a live site, titled in the language asked for. */
export async function openSurveys(ctx: TAppContext, opts: { siteId: string; lang?: TSiteLanguage }) {
  const { site, doc, lang } = await publishedSite(ctx, opts);
  const rows = await ctx.db
    .select()
    .from(surveys)
    .where(and(eq(surveys.siteId, site.id), eq(surveys.isOpen, true)))
    .orderBy(asc(surveys.createdAt), asc(surveys.id));
  return rows.map((r) => ({
    id: r.id,
    title: textIn(documentOf(r).title, lang, doc.defaultLanguage),
    questions: documentOf(r).questions.length,
  }));
}

/**
 * The survey in one language (the site's default when the language is not the site's, and per
 * text when a translation is missing). 404 unless the survey is open and its site is live.
 */
export async function endUserSurvey(
  ctx: TAppContext,
  opts: { surveyId: string; lang?: TSiteLanguage },
): Promise<TEndUserSurvey> {
  const { survey, doc: siteDoc, lang } = await liveSurvey(ctx, opts);
  const doc = documentOf(survey);
  const text = (t: Record<string, string | undefined>) => textIn(t, lang, siteDoc.defaultLanguage);
  return {
    id: survey.id,
    siteId: survey.siteId,
    lang,
    title: text(doc.title),
    description: text(doc.description),
    questions: doc.questions.map((q) => ({
      id: q.id,
      text: text(q.text),
      isRequired: q.isRequired,
      multiple: q.multiple,
      options: q.options.map((o) => ({ id: o.id, label: text(o.label) })),
    })),
  };
}

/**
 * Stores a visitor's answers and mails the score (required questions answered, a valid
 * email). One answer per email unless the survey allows more (409 'surveys.alreadyAnswered');
 * a retried post with the same requestKey answers the first result and stores nothing new
 * (`duplicate`: only the request whose insert the database took stored it, even when the same
 * post arrives twice at once).
 * `siteId` (a site's visitor page) refuses another site's survey with a 404; with the visitor's
 * address, answers (each mails someone) are limited per address and site.
 */
export async function answerSurvey(
  ctx: TAppContext,
  opts: {
    surveyId: string;
    email: string;
    answers: TSurveyAnswer[];
    lang?: TSiteLanguage;
    requestKey?: string;
    /** The site whose visitor page the answer was posted on. */
    siteId?: string;
    /** The visitor's address, for the per-address-and-site limit. */
    ip?: string;
  },
): Promise<{ id: string; totalScore: number; maxScore: number; resultText: string; duplicate: boolean }> {
  const { survey, site, doc: siteDoc, lang } = await liveSurvey(ctx, opts);
  if (opts.ip && !(await withinAttempts(ctx, `survey|${opts.ip}|${survey.siteId}`))) throw tooManyAttempts();
  const doc = documentOf(survey);
  const text = (t: Record<string, string | undefined>) => textIn(t, lang, siteDoc.defaultLanguage);
  const result = (row: Pick<TResponseRow, 'id' | 'totalScore'>, duplicate: boolean) => ({
    id: row.id,
    totalScore: row.totalScore,
    maxScore: maxScore(doc),
    resultText: text(doc.resultText),
    duplicate,
  });
  const findByKey = async (key: string) => {
    const [row] = await ctx.db
      .select({
        id: surveyResponses.id,
        totalScore: surveyResponses.totalScore,
        email: surveyResponses.email,
        answers: surveyResponses.answers,
      })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, survey.id), eq(surveyResponses.requestKey, key)))
      .limit(1);
    return row;
  };
  /** What a retry must send again: the address and each question's chosen options. */
  const contentOf = (email: string, answers: { questionId: string; optionIds: string[] }[]) =>
    JSON.stringify([
      email.trim().toLowerCase(),
      answers
        .filter((a) => a.optionIds.length > 0)
        .map((a) => `${a.questionId}:${[...new Set(a.optionIds)].sort().join(',')}`)
        .sort(),
    ]);
  const sameAsStored = (row: { email: string; answers: TStoredSurveyAnswer[] }) =>
    contentOf(row.email, row.answers) === contentOf(opts.email, opts.answers);
  if (opts.requestKey) {
    const done = await findByKey(opts.requestKey);
    if (done && !sameAsStored(done)) throw requestKeyReused();
    if (done) return result(done, true);
  }

  const fieldErrors: TFieldErrorKey[] = [];
  const email = zEmail().safeParse(opts.email);
  if (!email.success)
    fieldErrors.push({
      field: 'email',
      messageKey: toMessageKey(email.error.issues[0]!.message, 'common.invalidEmail'),
    });
  else if (email.data.length > VISITOR_EMAIL_MAX)
    fieldErrors.push({ field: 'email', messageKey: 'common.invalidEmail' });
  const scored = scoreSurvey(doc, opts.answers);
  fieldErrors.push(...scored.issues.map((i) => ({ field: i.field, messageKey: i.message })));
  if (fieldErrors.length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'common.invalid', undefined, fieldErrors);

  const address = email.data!.toLowerCase();
  const stored: TStoredSurveyAnswer[] = scored.scored.map((s) => {
    const q = doc.questions.find((x) => x.id === s.questionId)!;
    return {
      questionId: q.id,
      question: text(q.text),
      optionIds: s.optionIds,
      answers: s.optionIds.map((id) => text(q.options.find((o) => o.id === id)!.label)),
      points: s.points,
    };
  });
  const requestKey = opts.requestKey ?? crypto.randomUUID();
  // The answer and its score mail are one transaction: a crash between them loses neither.
  const answer = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(surveyResponses)
      .values({
        surveyId: survey.id,
        siteId: survey.siteId,
        email: address,
        lang,
        answers: stored,
        totalScore: scored.total,
        onceKey: survey.allowMultiple ? null : address,
        requestKey,
      })
      .onConflictDoNothing()
      .returning({ id: surveyResponses.id, totalScore: surveyResponses.totalScore });
    if (!row) return null;
    const done = result(row, false);
    const mail = surveyScoreMail[MAIL_LANGUAGE[lang]]({
      title: text(doc.title),
      score: done.totalScore,
      max: done.maxScore,
      resultText: done.resultText,
      siteName: site.name,
    });
    await ctx.mailer.send({ to: address, language: MAIL_LANGUAGE[lang], ...mail }, { db: tx });
    return done;
  });
  ctx.nudgeJobs();
  if (!answer) {
    // The same request twice at once, or this email has answered already.
    const done = await findByKey(requestKey);
    if (done && !sameAsStored(done)) throw requestKeyReused();
    if (done) return result(done, true);
    throw new AppError(409, 'CONFLICT', 'surveys.alreadyAnswered');
  }
  return answer;
}
