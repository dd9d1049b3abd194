import { describe, expect, it } from 'vitest';
import { checkPassword, END_USER_PASSWORD, OPERATOR_PASSWORD } from './password';

describe('checkPassword', () => {
  it('accepts a password with every class', () => {
    expect(checkPassword('Demo@2026pass', OPERATOR_PASSWORD)).toBeNull();
    expect(checkPassword('aB3[xxxx', OPERATOR_PASSWORD)).toBeNull();
    expect(checkPassword('aB3-xxxx', OPERATOR_PASSWORD)).toBeNull();
  });
  it('refuses each missing class, spaces and bad lengths', () => {
    expect(checkPassword('demo@2026pass', OPERATOR_PASSWORD)).toBe('password.complexity');
    expect(checkPassword('DEMO@2026PASS', OPERATOR_PASSWORD)).toBe('password.complexity');
    expect(checkPassword('Demo@pass', OPERATOR_PASSWORD)).toBe('password.complexity');
    expect(checkPassword('Demo2026pass', OPERATOR_PASSWORD)).toBe('password.complexity');
    expect(checkPassword('Demo!2026pass', OPERATOR_PASSWORD)).toBe('password.complexity');
    expect(checkPassword('Demo@ 2026pass', OPERATOR_PASSWORD)).toBe('password.noSpaces');
    expect(checkPassword('De@1', OPERATOR_PASSWORD)).toBe('password.length');
    expect(checkPassword(`Aa1@${'x'.repeat(47)}`, OPERATOR_PASSWORD)).toBe('password.length');
    expect(checkPassword(`Aa1@${'x'.repeat(17)}`, END_USER_PASSWORD)).toBe('password.length');
  });
});
