import { z } from 'zod';
import type { TMessageKey } from './messages';

// A password needs a lowercase, uppercase, digit and one of these specials; no spaces.
export const PASSWORD_SPECIALS = '@#$%^&*()_+|{}<>:;[]-=,.?';
export const OPERATOR_PASSWORD = { min: 8, max: 50 } as const;
export const END_USER_PASSWORD = { min: 8, max: 20 } as const;

const escaped = PASSWORD_SPECIALS.replace(/[\\\]\-^[]/g, '\\$&');
const specialRe = new RegExp(`[${escaped}]`);

/** Returns the message key of the first rule the password breaks, or null. */
export function checkPassword(password: string, limits: { min: number; max: number }): TMessageKey | null {
  if (/\s/.test(password)) return 'password.noSpaces';
  if (password.length < limits.min || password.length > limits.max) return 'password.length';
  if (
    !/[a-z]/.test(password) ||
    !/[A-Z]/.test(password) ||
    !/[0-9]/.test(password) ||
    !specialRe.test(password)
  )
    return 'password.complexity';
  return null;
}

/** A Zod string that carries the message key (and its {min}/{max}) of the broken rule. */
export const zPassword = (limits: { min: number; max: number } = OPERATOR_PASSWORD) =>
  z.string({ error: 'common.required' }).superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'common.required' });
      return;
    }
    const key = checkPassword(value, limits);
    if (key) ctx.addIssue({ code: 'custom', message: key, params: { min: limits.min, max: limits.max } });
  });
