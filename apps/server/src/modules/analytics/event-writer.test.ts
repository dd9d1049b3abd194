import { describe, expect, it } from 'vitest';
import type { TEventRow } from '../../platform/visit-events';
import { createEventWriter } from './event-writer';

const row = (seq: number): TEventRow => ({
  siteId: '00000000-0000-4000-8000-000000000001',
  visitId: 'visit-aaaaaaaaaaaaaaaa',
  seq,
  type: 'VIEW',
  lang: 'JP',
  device: 'PHONE',
  page: 'A1',
  fromPage: null,
  target: null,
  targetId: null,
  dwellMs: null,
  ordinal: null,
  x: null,
  y: null,
  occurredAt: new Date(),
});
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => row(from + i));

describe('the event writer', () => {
  it('writes in batches of its size, in order, and holds nothing after a flush', async () => {
    const written: number[][] = [];
    const w = createEventWriter({} as never, {
      batchRows: 3,
      flushMs: 10_000,
      write: async (batch) => {
        written.push(batch.map((r) => r.seq));
        return batch.length;
      },
    });
    expect(w.add(rows(0, 2))).toBe(true);
    expect(w.add(rows(2, 5))).toBe(true);
    await w.flush();
    expect(written.flat()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(Math.max(...written.map((b) => b.length))).toBe(3);
    expect(w.pending()).toBe(0);
  });

  it('refuses rows beyond its bound instead of acknowledging what it could lose', async () => {
    const w = createEventWriter({} as never, { maxRows: 5, flushMs: 10_000, write: async (b) => b.length });
    expect(w.add(rows(0, 4))).toBe(true);
    expect(w.add(rows(4, 2))).toBe(false);
    expect(w.pending()).toBe(4);
    await w.close();
    expect(w.add(rows(10, 1))).toBe(false);
  });

  it('keeps the rows of a failed write and writes them on the next try', async () => {
    let fail = true;
    const written: number[] = [];
    const errors: unknown[] = [];
    const w = createEventWriter({} as never, {
      flushMs: 10_000,
      write: async (batch) => {
        if (fail) throw new Error('database away');
        written.push(...batch.map((r) => r.seq));
        return batch.length;
      },
      onError: (e) => errors.push(e),
    });
    w.add(rows(0, 3));
    await w.flush();
    expect(errors).toHaveLength(1);
    expect(w.pending()).toBe(3);
    fail = false;
    await w.close();
    expect(written).toEqual([0, 1, 2]);
    expect(w.pending()).toBe(0);
  });

  it('refuses at once while the database stalls: no more than about a second held', async () => {
    let release!: () => void;
    const stalled = new Promise<void>((r) => {
      release = r;
    });
    const w = createEventWriter({} as never, {
      batchRows: 2,
      flushMs: 10_000,
      maxLagMs: 1_000,
      write: async (batch) => {
        await stalled;
        return batch.length;
      },
    });
    const t0 = 1_000_000;
    // A full batch starts a write that hangs; more rows are held behind it.
    expect(w.add(rows(0, 2), t0)).toBe(true);
    expect(w.add(rows(2, 1), t0 + 500)).toBe(true);
    expect(w.add(rows(3, 1), t0 + 1_000)).toBe(true);
    // The oldest held row has waited over a second: refused, whatever the room left.
    expect(w.add(rows(4, 1), t0 + 1_001)).toBe(false);
    expect(w.pending()).toBe(4);
    release();
    await w.flush();
    expect(w.pending()).toBe(0);
    expect(w.add(rows(5, 1), t0 + 5_000)).toBe(true);
  });

  it('refuses while a failed write waits for its retry', async () => {
    const w = createEventWriter({} as never, {
      flushMs: 10_000,
      write: async () => {
        throw new Error('database away');
      },
      onError: () => {},
    });
    expect(w.add(rows(0, 1))).toBe(true);
    await w.flush();
    expect(w.add(rows(1, 1))).toBe(false);
  });
});
