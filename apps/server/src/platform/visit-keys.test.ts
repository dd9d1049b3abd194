import { describe, expect, it } from 'vitest';
import { createVisitKeys } from './visit-keys';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const SITE = '7b0f7a52-3c0e-4c51-9a59-8f3d6d0f6a11';
const VISIT = 'visit-0123456789abcdef';

describe('visit keys', () => {
  const keys = createVisitKeys(SECRET);

  it('issues visitor ids of 32 characters that it alone recognises', () => {
    const id = keys.newVisitor();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(keys.newVisitor()).not.toBe(id);
    expect(keys.isVisitor(id)).toBe(true);
    expect(createVisitKeys(`${SECRET}x`).isVisitor(id)).toBe(false);
    // A made-up id of the same shape, or ours with one character changed, is not one.
    expect(keys.isVisitor('A'.repeat(32))).toBe(false);
    expect(keys.isVisitor(`${id.slice(0, 31)}${id.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(keys.isVisitor(`${id.slice(0, 5)}${id.slice(6)}x`)).toBe(false);
    expect(keys.isVisitor(id.slice(0, 16))).toBe(false);
  });

  it('keys a visit to its site, visit id and visitor', () => {
    const visitor = keys.newVisitor();
    const key = keys.visitKey(SITE, VISIT, visitor);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys.verifyVisit(SITE, VISIT, visitor, key)).toBe(true);
    expect(keys.verifyVisit(SITE, VISIT, keys.newVisitor(), key)).toBe(false);
    expect(keys.verifyVisit(SITE, `${VISIT}x`, visitor, key)).toBe(false);
    expect(keys.verifyVisit(SITE.replace('7b', '7c'), VISIT, visitor, key)).toBe(false);
    expect(keys.verifyVisit(SITE, VISIT, visitor, 'A'.repeat(22))).toBe(false);
    expect(keys.verifyVisit(SITE, VISIT, visitor, '')).toBe(false);
  });
});
