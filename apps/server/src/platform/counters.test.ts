import { describe, expect, it } from 'vitest';
import { memoryCounter } from './counters';

describe('memoryCounter', () => {
  it('counts hits of a key within its window and starts again after it', async () => {
    let now = 1_000;
    const counter = memoryCounter({ now: () => now });
    expect((await counter.hit('a', 60_000)).count).toBe(1);
    expect(await counter.hit('a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    expect((await counter.hit('b', 60_000)).count).toBe(1);
    now = 61_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, resetAt: 121_000 });
  });

  it('stays within its bound however many addresses hit it within one window', async () => {
    const counter = memoryCounter({ maxKeys: 100, now: () => 5_000 });
    for (let i = 0; i < 1_000; i++) await counter.hit(`attempt:10.0.${i >> 8}.${i & 255}`, 60_000);
    expect(counter.size()).toBeLessThanOrEqual(100);
    // The newest windows are kept: their limits hold.
    expect((await counter.hit('attempt:10.0.3.231', 60_000)).count).toBe(2);
  });

  it('forgets ended windows as new ones open, without waiting for the bound', async () => {
    let now = 0;
    const counter = memoryCounter({ now: () => now });
    for (let i = 0; i < 500; i++) await counter.hit(`k${i}`, 1_000);
    expect(counter.size()).toBe(500);
    now = 2_000;
    await counter.hit('new', 1_000);
    expect(counter.size()).toBe(1);
  });

  it('holds a busy key in place: hits within its window do not move or reset it', async () => {
    let now = 0;
    const counter = memoryCounter({ maxKeys: 3, now: () => now });
    await counter.hit('busy', 10_000);
    for (let i = 0; i < 5; i++) {
      now += 10;
      await counter.hit('busy', 10_000);
    }
    await counter.hit('x', 10_000);
    await counter.hit('y', 10_000);
    expect((await counter.hit('busy', 10_000)).count).toBe(7);
  });
});
