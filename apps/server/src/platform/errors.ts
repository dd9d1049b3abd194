import type { TErrorCode } from '@swipe/contracts/envelope';

/** An error the API answers with: status, stable code, and a message key translated per request. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    readonly messageKey: string,
    readonly params?: Record<string, string | number>,
    readonly fieldErrors?: { field: string; messageKey: string; params?: Record<string, string | number> }[],
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'common.notFound');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'common.forbidden');
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
export const fieldError = (field: string, messageKey: string, params?: Record<string, string | number>) =>
  new AppError(400, 'VALIDATION_FAILED', 'common.invalid', undefined, [{ field, messageKey, params }]);
