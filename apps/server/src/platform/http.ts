import { camelToSnake, keysToCamel, keysToSnake } from '@swipe/contracts/case';
import type { TErrorBody } from '@swipe/contracts/envelope';
import { parseAcceptLanguage } from '@swipe/contracts/i18n';
import { isMessageKey, type TMessageKey, translate } from '@swipe/contracts/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors';
import { AppError } from './errors';
import { inputProblem, type TInputProblem } from './input-shape';
import { isStorageFull } from './storage-health';

const INPUT_PROBLEM_MESSAGES: Record<TInputProblem['problem'], TMessageKey> = {
  character: 'common.invalidCharacter',
  depth: 'common.inputTooDeep',
  shape: 'common.invalidParameter',
};
/** PostgreSQL's codes for text it cannot store (a NUL, a character outside the encoding). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

// The API's conventions: snake_case on the wire, camelCase inside, Zod on the way in and out, and
// one error envelope ({ message, code, errors? }) with messages in the caller's language.

export class RequestValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('validation failed');
  }
}

/** The wire name of the field an issue is about: 'document.content.JP.creatives.0.main_text'. */
const issueField = (issue: z.core.$ZodIssue) => issue.path.map((p) => camelToSnake(String(p))).join('.');

function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> | undefined {
  const raw = issue as unknown as {
    params?: Record<string, string | number>;
    maximum?: number;
    minimum?: number;
  };
  if (raw.params) return raw.params;
  const out: Record<string, string | number> = {};
  if (typeof raw.maximum === 'number') out.max = raw.maximum;
  if (typeof raw.minimum === 'number') out.min = raw.minimum;
  return out;
}

// Zod's own default texts are English sentences; anything not a catalogue key becomes generic.
const issueMessageKey = (issue: z.core.$ZodIssue): TMessageKey => {
  if (isMessageKey(issue.message)) return issue.message;
  if (issue.code === 'too_big') return 'common.tooLong';
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'common.required';
  return 'common.invalid';
};

export function installApiConventions(app: FastifyInstance, hooks: { onStorageFull?: () => void } = {}) {
  app.decorateRequest('lang', 'ja');
  app.addHook('onRequest', async (req) => {
    req.lang = parseAcceptLanguage(req.headers['accept-language']);
  });

  // Before any route reads its input (and before Zod walks it): no NUL, no absurd nesting, no
  // parameter shaped as an object or array. A clear 400 naming the field, never a 500.
  app.addHook('preValidation', async (req) => {
    const found =
      inputProblem(req.body) ?? inputProblem(req.query, { query: true }) ?? inputProblem(req.params);
    if (!found) return;
    const messageKey = INPUT_PROBLEM_MESSAGES[found.problem];
    throw new AppError(400, 'VALIDATION_FAILED', messageKey, undefined, [
      { field: found.field || 'body', messageKey },
    ]);
  });

  app.setValidatorCompiler(({ schema }) => {
    const zod = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const result = zod.safeParse(keysToCamel(data));
      return result.success
        ? { value: result.data }
        : { error: new RequestValidationError(result.error.issues) };
    };
  });

  app.setSerializerCompiler(({ schema }) => {
    const zod = schema as unknown as z.ZodType;
    return (data: unknown) => JSON.stringify(keysToSnake(zod.parse(data)));
  });

  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, req, reply) => {
    const lang = req.lang;
    let status = 500;
    let body: TErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = { message: translate(error.messageKey, lang, error.params), code: error.code };
      if (error.fieldErrors)
        body.errors = error.fieldErrors.map((f) => ({
          field: f.field,
          message: translate(f.messageKey, lang, f.params),
        }));
      if (error.fieldErrors?.length === 1 && status === 400) body.message = body.errors![0]!.message;
    } else if ((error as FastifyError).validationContext === 'params') {
      // A malformed id names nothing: answer like any unknown id.
      status = 404;
      body = { message: translate('common.notFound', lang), code: 'NOT_FOUND' };
    } else if (error instanceof RequestValidationError || (error as FastifyError).validation) {
      const issues =
        error instanceof RequestValidationError
          ? error.issues
          : (((error as FastifyError).cause as RequestValidationError | undefined)?.issues ?? []);
      status = 400;
      const errors = issues.map((i) => ({
        field: issueField(i),
        message: translate(issueMessageKey(i), lang, issueParams(i)),
      }));
      body = {
        message: errors[0]?.message ?? translate('common.invalid', lang),
        code: 'VALIDATION_FAILED',
        errors,
      };
    } else if (isStorageFull(error)) {
      // No room to write: nothing was kept (each writer removes what it began), and the storage
      // shows as degraded on /api/health.
      status = 507;
      hooks.onStorageFull?.();
      req.log.error({ err: error }, 'storage full');
      body = { message: translate('common.storageFull', lang), code: 'STORAGE_FULL' };
    } else if (isDatabaseUnavailable(error)) {
      // The database did not answer in time (a lock, a stall) or is down: nothing was done, and
      // the request may be tried again shortly.
      status = 503;
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      req.log.warn({ err: error }, 'database unavailable');
      body = { message: translate('common.databaseUnavailable', lang), code: 'UNAVAILABLE' };
    } else if (UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code))) {
      // A character the database cannot store that came some other way (a header, a file name).
      status = 400;
      body = { message: translate('common.invalidCharacter', lang), code: 'VALIDATION_FAILED' };
    } else {
      const fe = error as FastifyError;
      status = fe.statusCode && fe.statusCode >= 400 ? fe.statusCode : 500;
      const byStatus: Record<number, [TErrorBody['code'], TMessageKey]> = {
        413: ['PAYLOAD_TOO_LARGE', 'common.payloadTooLarge'],
        415: ['UNSUPPORTED_MEDIA_TYPE', 'common.unsupportedMediaType'],
        429: ['RATE_LIMITED', 'common.tooManyRequests'],
        404: ['NOT_FOUND', 'common.notFound'],
        400: ['VALIDATION_FAILED', 'common.invalid'],
      };
      const [code, key] = byStatus[status] ?? ['INTERNAL', 'common.serverError'];
      if (status >= 500) {
        status = 500;
        req.log.error({ err: error }, 'unhandled error');
      }
      body = { message: translate(key, lang), code };
    }
    reply.status(status).type('application/json').send(JSON.stringify(body));
  });
}
