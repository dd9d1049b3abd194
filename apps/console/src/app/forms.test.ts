import { ZChangePasswordRequest, ZForgotPasswordRequest, ZLoginRequest } from '@swipe/contracts/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue';
import { zodErrors } from './forms';

// Form messages come from the contracts' catalogue, keyed by the schema's issue messages.
// The console fetches the message catalogue on demand; these cases read its texts.
beforeAll(() => loadCatalogue());

describe('zodErrors', () => {
  it('translates required and e-mail messages per language', () => {
    expect(zodErrors(ZLoginRequest, { loginId: '', password: '' }, 'en')).toEqual({
      loginId: 'This field is required.',
      password: 'This field is required.',
    });
    expect(zodErrors(ZForgotPasswordRequest, { email: 'nope' }, 'ja')).toEqual({
      email: 'メールアドレスの形式が正しくありません。',
    });
  });

  it('fills the password limits and reports the mismatch on the confirmation', () => {
    const errors = zodErrors(
      ZChangePasswordRequest,
      { currentPassword: 'x', password: 'short', passwordConfirmation: 'other' },
      'en',
    );
    expect(errors).toEqual({
      password: 'Password must be 8 to 50 characters.',
      passwordConfirmation: 'Passwords do not match. Please try again.',
    });
  });

  it('passes a valid form', () => {
    const values = { currentPassword: 'x', password: 'Abcdef1@', passwordConfirmation: 'Abcdef1@' };
    expect(zodErrors(ZChangePasswordRequest, values, 'kr')).toEqual({});
  });
});
