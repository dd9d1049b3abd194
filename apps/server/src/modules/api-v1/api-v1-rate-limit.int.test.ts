import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness';

// The per-client limit of the read API (API_RATE_LIMIT_PER_MINUTE), counted per account
// across its routes, not per address.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => t?.close());

async function enableKey(email: string) {
  const headers = t.bearer((await t.login(email)).access_token);
  const issued = await t.app.inject({ method: 'POST', url: '/api/api-settings/key', headers });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/api-settings',
    headers,
    payload: { enabled: true, method: 'API_KEY' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return issued.json().data.key as string;
}

describe('read API rate limit', () => {
  it('answers 429 with Retry-After once a client used up its minute; other clients go on', async () => {
    const direct = await enableKey('direct@example.com');
    const oem = await enableKey('oem@example.com');
    const call = (path: string, key: string, ip: string) =>
      t.app.inject({ url: `/api/v1/${path}`, headers: { 'x-api-key': key }, remoteAddress: ip });
    // Three calls from three addresses over two routes: one client, one budget.
    expect((await call('account', direct, '192.0.2.1')).statusCode).toBe(200);
    expect((await call('users', direct, '192.0.2.2')).statusCode).toBe(200);
    const last = await call('account', direct, '192.0.2.3');
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const over = await call('users', direct, '192.0.2.4');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('account', oem, '192.0.2.1')).statusCode).toBe(200);
  });
});
