import {
  type TAuthUser,
  type TLoginResponse,
  ZFirstTimeChangePasswordResponse,
  ZForgotPasswordResponse,
  ZLoginResponse,
  ZLogoutResponse,
  ZResetPasswordResponse,
  ZSetLanguageResponse,
  ZUserInfoResponse,
  ZVerifyTokenResponse,
} from '@swipe/contracts/auth';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { api, type TRequestOptions } from './api-client';

// The /api/auth endpoints, typed by the contracts. The public ones pass auth:false so that
// their own 401/403 (wrong password, disabled account, bad token) are shown, not "handled".

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
type TPasswordChange = { currentPassword: string; password: string; passwordConfirmation: string };

export const authApi = {
  login: (body: { loginId: string; password: string }, opts?: TOpts) =>
    api.post<TLoginResponse>('/api/auth/login', body, { ...opts, auth: false, schema: ZLoginResponse }),

  userInfo: (opts?: TOpts) =>
    api.get<TAuthUser>('/api/auth/user-info', { ...opts, schema: ZUserInfoResponse }),

  /** Revokes the session of the refresh cookie and clears the cookie. */
  logout: (opts?: TOpts) =>
    api.post<null>('/api/auth/logout', {}, { ...opts, auth: false, schema: ZLogoutResponse }),

  forgotPassword: (body: { email: string }, opts?: TOpts) =>
    api.post<null>('/api/auth/forgot-password', body, {
      ...opts,
      auth: false,
      schema: ZForgotPasswordResponse,
    }),

  verifyToken: (token: string | undefined, opts?: TOpts) =>
    api.post<{ email: string }>(
      '/api/auth/verify-token',
      { token },
      { ...opts, auth: false, schema: ZVerifyTokenResponse },
    ),

  resetPassword: (body: { token?: string; password: string; passwordConfirmation: string }, opts?: TOpts) =>
    api.post<null>('/api/auth/reset-password', body, {
      ...opts,
      auth: false,
      schema: ZResetPasswordResponse,
    }),

  // The server answers both password changes with a fresh token pair and the user
  // (ZFirstTimeChangePasswordResponse); contracts' ZChangePasswordResponse says message-only.
  changePassword: (body: TPasswordChange, opts?: TOpts) =>
    api.post<TLoginResponse>('/api/auth/change-password', body, {
      ...opts,
      schema: ZFirstTimeChangePasswordResponse,
    }),

  firstTimeChangePassword: (body: TPasswordChange, opts?: TOpts) =>
    api.post<TLoginResponse>('/api/auth/first-time-change-password', body, {
      ...opts,
      schema: ZFirstTimeChangePasswordResponse,
    }),

  setLanguage: (language: TUiLanguage, opts?: TOpts) =>
    api.put<TAuthUser>('/api/auth/language', { language }, { ...opts, schema: ZSetLanguageResponse }),
};
