import type { TErrorCode } from '@swipe/contracts/envelope';
import type { TMessageKey } from '@swipe/contracts/messages';

/** A field the request got wrong, with the catalogue key of what to tell the caller. */
export type TFieldErrorKey = {
  field: string;
  messageKey: TMessageKey;
  params?: Record<string, string | number>;
};

/** An error the API answers with: status, stable code, and a message key translated per request. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    readonly messageKey: TMessageKey,
    readonly params?: Record<string, string | number>,
    readonly fieldErrors?: TFieldErrorKey[],
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'common.notFound');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'common.forbidden');
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
export const fieldError = (
  field: string,
  messageKey: TMessageKey,
  params?: Record<string, string | number>,
) => new AppError(400, 'VALIDATION_FAILED', 'common.invalid', undefined, [{ field, messageKey, params }]);

/** The same request key sent again with other contents: not a retry, and nothing is stored. */
export const requestKeyReused = () => new AppError(422, 'REQUEST_KEY_REUSED', 'common.requestKeyReused');
