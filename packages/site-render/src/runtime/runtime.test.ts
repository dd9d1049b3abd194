import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildRuntime } from './bundle';
import { countdownText, remainingText } from './countdown';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the popup countdown (minutes, then hours under 72, then days)', () => {
  it('shows minutes under an hour, hours under 72 hours, days beyond, nothing at 0', () => {
    expect(countdownText(0, 'EN')).toBe('');
    expect(countdownText(-5, 'EN')).toBe('');
    expect(countdownText(30_000, 'EN')).toBe('1 min left');
    expect(countdownText(59 * MIN, 'EN')).toBe('59 min left');
    expect(countdownText(HOUR, 'EN')).toBe('1 h left');
    expect(countdownText(71 * HOUR + 59 * MIN, 'EN')).toBe('71 h left');
    expect(countdownText(72 * HOUR, 'EN')).toBe('3 days left');
    expect(countdownText(10 * 24 * HOUR + HOUR, 'JP')).toBe('残り10日');
    expect(countdownText(5 * MIN, 'KR')).toBe('5분 남음');
    expect(countdownText(2 * HOUR, 'CN')).toBe('剩余2小时');
  });

  it('counts the places an applicant limit has left, never below zero', () => {
    expect(remainingText(12, 'JP')).toBe('残り12名');
    expect(remainingText(-3, 'EN')).toBe('0 places left');
  });
});

describe('the runtime bundle', () => {
  it('is one minified script named by its content, well under 10 KB gzip', async () => {
    const a = await buildRuntime();
    const b = await buildRuntime();
    expect(a.fileName).toMatch(/^runtime\.[0-9a-f]{8}\.js$/);
    expect(b.fileName).toBe(a.fileName);
    expect(zlib.gzipSync(a.code, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('has a forms runtime of its own, tiny', async () => {
    const forms = await buildRuntime('forms');
    expect(forms.fileName).toMatch(/^forms\.[0-9a-f]{8}\.js$/);
    expect(zlib.gzipSync(forms.code, { level: 9 }).length).toBeLessThanOrEqual(1024);
  });
});
