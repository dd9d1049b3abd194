import { z } from 'zod';
import { envelope, ZMessageOnly } from './envelope';
import { UI_LANGUAGES } from './i18n';
import { OPERATOR_PASSWORD, zPassword } from './password';
import { NO_PLAN_FLAGS, ZGrantedPlanFlags } from './plans';
import { ZActingRole, ZAdminRoleLabel, ZAuthority, ZContractStatus, ZRole, ZRoutePrefix } from './roles';

export const zEmail = () =>
  z
    .string({ error: 'common.required' })
    .trim()
    .min(1, 'common.required')
    .max(256, 'common.invalidEmail')
    .pipe(z.email('common.invalidEmail'));

export const ZAuthUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  /** The role whose permissions apply: a SUB_ADMIN acts as its parent's role. */
  actingRole: ZActingRole,
  routePrefix: ZRoutePrefix,
  authority: ZAuthority,
  adminRoleLabel: ZAdminRoleLabel.nullable(),
  mustChangePassword: z.boolean(),
  language: z.enum(UI_LANGUAGES),
  accountId: z.string(),
  accountName: z.string(),
  /** The contract the user works under (SUSPENDED makes the console read-only); null for the platform. */
  contractStatus: ZContractStatus.nullable().default(null),
  /** The features the user's plan grants (all for the platform); the console hides the others. */
  planFlags: ZGrantedPlanFlags.default(NO_PLAN_FLAGS),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZTokenPair = z.object({
  accessToken: z.string(),
  /** Absent for a client that keeps it in the HttpOnly cookie (`X-Refresh-Cookie: 1`). */
  refreshToken: z.string().optional(),
  expiresIn: z.number().int(),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

// POST /api/auth/login
export const ZLoginRequest = z.object({
  loginId: z.string({ error: 'common.required' }).trim().min(1, 'common.required').max(256),
  password: z.string({ error: 'common.required' }).min(1, 'common.required').max(256),
});
export const ZLoginResponse = envelope(ZTokenPair.extend({ user: ZAuthUser }));
export type TLoginResponse = z.infer<typeof ZLoginResponse>['data'];

// POST /api/auth/refresh-token
// The token in the body, or else the console's HttpOnly cookie.
export const ZRefreshRequest = z.object({
  refreshToken: z.string().min(1, 'auth.tokenMissing').optional(),
});
export const ZRefreshResponse = envelope(ZTokenPair.extend({ user: ZAuthUser }));

// GET /api/auth/user-info
export const ZUserInfoResponse = envelope(ZAuthUser);

// POST /api/auth/logout
export const ZLogoutRequest = z.object({ refreshToken: z.string().optional() });
export const ZLogoutResponse = ZMessageOnly;

// POST /api/auth/forgot-password
export const ZForgotPasswordRequest = z.object({ email: zEmail() });
export const ZForgotPasswordResponse = ZMessageOnly;

// POST /api/auth/verify-token
export const ZVerifyTokenRequest = z.object({ token: z.string().optional() });
export const ZVerifyTokenResponse = envelope(z.object({ email: z.string() }));

const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, password: zPassword(OPERATOR_PASSWORD), passwordConfirmation: z.string() })
    .refine(
      (v) =>
        (v as { password: string }).password === (v as { passwordConfirmation: string }).passwordConfirmation,
      {
        message: 'password.mismatch',
        path: ['passwordConfirmation'],
      },
    );

// POST /api/auth/reset-password
export const ZResetPasswordRequest = withConfirmation({ token: z.string().optional() });
export const ZResetPasswordResponse = ZMessageOnly;

// POST /api/auth/change-password (signed in)
export const ZChangePasswordRequest = withConfirmation({
  currentPassword: z.string({ error: 'common.required' }).min(1, 'common.required'),
});
// Answers new tokens: every other session of the user is signed out.
export const ZChangePasswordResponse = envelope(ZTokenPair.extend({ user: ZAuthUser }));

// POST /api/auth/first-time-change-password (signed in, must_change_password set)
export const ZFirstTimeChangePasswordRequest = ZChangePasswordRequest;
export const ZFirstTimeChangePasswordResponse = envelope(ZTokenPair.extend({ user: ZAuthUser }));

// PUT /api/auth/language
export const ZSetLanguageRequest = z.object({ language: z.enum(UI_LANGUAGES) });
export const ZSetLanguageResponse = envelope(ZAuthUser);
