import { describe, expect, it } from 'vitest';
import { demoOfferEnd } from './demo-site';

describe("the demo's offer", () => {
  it('ends on the last day of next month in Japan, whenever the demo is seeded', () => {
    expect(demoOfferEnd(Date.parse('2026-11-28T03:00:00Z'))).toBe('2026-12-31');
    expect(demoOfferEnd(Date.parse('2026-12-15T00:00:00Z'))).toBe('2027-01-31');
    // 1 January in Japan while it is still 31 December in UTC.
    expect(demoOfferEnd(Date.parse('2026-12-31T15:00:00Z'))).toBe('2027-02-28');
  });
});
