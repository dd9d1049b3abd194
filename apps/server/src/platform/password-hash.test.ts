import { describe, expect, it } from 'vitest';
import { hashPassword, hashSlotsInUse, verifyPassword } from './password-hash';

describe('password hashing slots', () => {
  it('lets a sign-in overtake a bulk import and keeps bulk work to its share', async () => {
    const hash = await hashPassword('Sign@in2026');
    const finished: string[] = [];
    let maxBulk = 0;
    const bulk = Array.from({ length: 8 }, (_, i) =>
      hashPassword(`Bulk@pass${i}`, { bulk: true }).then(() => {
        maxBulk = Math.max(maxBulk, hashSlotsInUse().runningBulk);
        finished.push(`bulk${i}`);
      }),
    );
    // Eight bulk hashes asked for: only two run, the other slots stay free for sign-ins.
    expect(hashSlotsInUse()).toEqual({ running: 2, runningBulk: 2 });
    const signIn = verifyPassword(hash, 'Sign@in2026').then((ok) => {
      finished.push('sign-in');
      return ok;
    });
    // The sign-in took a free slot at once instead of queueing behind the import.
    expect(hashSlotsInUse()).toEqual({ running: 3, runningBulk: 2 });
    expect(await signIn).toBe(true);
    await Promise.all(bulk);
    expect(maxBulk).toBeLessThanOrEqual(2);
    expect(finished).toHaveLength(9);
    expect(hashSlotsInUse()).toEqual({ running: 0, runningBulk: 0 });
  }, 30_000);
});
