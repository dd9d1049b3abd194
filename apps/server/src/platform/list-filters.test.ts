import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, jstDayStart } from './list-filters';

describe('list filters', () => {
  it('makes LIKE wildcards in a keyword plain text', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });

  it('starts a day at midnight in Japan', () => {
    expect(jstDayStart('2026-04-01').toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });
});
