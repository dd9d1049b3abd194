import { checkPassword, OPERATOR_PASSWORD } from '@swipe/contracts/password';
import { describe, expect, it } from 'vitest';
import { generateFirstPassword } from './users.service';

describe('first passwords', () => {
  it('always meet the operator password rules and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateFirstPassword();
      expect(checkPassword(p, OPERATOR_PASSWORD), p).toBeNull();
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
