import { z } from 'zod';

// One envelope for every call: every success is { data, message? } (lists add meta); every error is
// { message, code, errors? }.
export const ZFieldError = z.object({ field: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(ZFieldError).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZListMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: ZListMeta, message: z.string().optional() });

/** A success that carries only a message. */
export const ZMessageOnly = z.object({ data: z.null(), message: z.string() });

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  /** The read API (/api/v1) refused the presented API credentials. */
  'API_UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'TOKEN_MISSING',
  'PASSWORD_CHANGE_REQUIRED',
  'ACCESS_DISABLED',
  'FORBIDDEN',
  /** A call authenticated by the console's cookie came from another origin's page. */
  'CROSS_ORIGIN',
  /** Refused for the address the request came from (the console shows /errors/403-ip). */
  'IP_FORBIDDEN',
  'PLAN_FEATURE_UNAVAILABLE',
  'PLAN_LIMIT_REACHED',
  'CONTRACT_INACTIVE',
  'NOT_FOUND',
  'CONFLICT',
  'CONTRACT_SUSPENDED',
  'CONTRACT_TERMINATED',
  'CONTRACT_TRANSITION_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** A request key already used for a request with other contents. */
  'REQUEST_KEY_REUSED',
  'RATE_LIMITED',
  /** No room to store a file now (507): try again later. */
  'STORAGE_FULL',
  /** Bounded work is full for the moment (visit events): retry later. */
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];
