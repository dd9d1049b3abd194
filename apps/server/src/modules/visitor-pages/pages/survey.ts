import { translate } from '@swipe/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors';
import { answerSurvey, endUserSurvey } from '../../surveys/survey-answers.service';
import { recordConversion } from '../../visits/visits.service';
import {
  one,
  queryOf,
  requestKey,
  type TVisitorKit,
  type TVisitorPageHandler,
  type TWhere,
  UUID,
} from '../visitor-page-kit';

/** The survey `?id=` of this site, as filled so far; another site's survey is not found here. */
async function surveyPage(
  kit: TVisitorKit,
  req: FastifyRequest,
  reply: FastifyReply,
  where: TWhere,
  surveyId: string,
  filled: {
    email?: string;
    chosen?: Record<string, string[]>;
    errors?: Record<string, string>;
    formError?: string;
    status?: number;
  } = {},
) {
  const survey = UUID.test(surveyId)
    ? await endUserSurvey(kit.ctx, { surveyId, lang: where.lang }).catch(() => null)
    : null;
  if (!survey || survey.siteId !== where.site.id) {
    const t = translate('common.notFound', kit.uiLang(where.lang));
    return kit.render(req, reply, where, 'survey', { kind: 'notice', title: t, body: t }, 404);
  }
  const view = {
    kind: 'survey' as const,
    survey,
    email: filled.email ?? '',
    chosen: filled.chosen ?? {},
    errors: filled.errors ?? {},
    formError: filled.formError,
    requestKey: requestKey(),
  };
  return kit.render(req, reply, where, 'survey', view, filled.status ?? 200, { id: surveyId });
}

/** A survey: answering shows the score (and mails it). */
export const surveyPageHandler: TVisitorPageHandler = {
  get: (kit, req, reply, where) => surveyPage(kit, req, reply, where, String(queryOf(req).id ?? '')),
  post: async (kit, req, reply, where, form) => {
    const surveyId = String(queryOf(req).id ?? '');
    const email = one(form.email).trim().slice(0, 256);
    const chosen: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(form))
      if (name.startsWith('q_')) chosen[name.slice(2)] = Array.isArray(value) ? value : [value];
    try {
      if (!UUID.test(surveyId)) throw new AppError(404, 'NOT_FOUND', 'common.notFound');
      const result = await answerSurvey(kit.ctx, {
        surveyId,
        siteId: where.site.id,
        ip: req.ip,
        email,
        lang: where.lang,
        answers: Object.entries(chosen).map(([questionId, optionIds]) => ({ questionId, optionIds })),
        requestKey: one(form.request_key) || undefined,
      });
      // An answer sent again shows the same score, but only the one stored is a conversion.
      if (!result.duplicate)
        recordConversion(kit.ctx, {
          siteId: where.site.id,
          lang: where.lang,
          token: one(form._v),
          kind: 'SURVEY',
        });
      const survey = await endUserSurvey(kit.ctx, { surveyId, lang: where.lang });
      const view = {
        kind: 'survey-result' as const,
        title: survey.title,
        totalScore: result.totalScore,
        maxScore: result.maxScore,
        resultText: result.resultText,
      };
      return kit.render(req, reply, where, 'survey', view, 200, { id: surveyId });
    } catch (error) {
      const r = kit.refusal(error, where.lang);
      return surveyPage(kit, req, reply, where, surveyId, { email, chosen, ...r });
    }
  },
};
