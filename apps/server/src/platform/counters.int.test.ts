import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../app';
import { startTestApp, type TTestApp } from '../test/harness';
import { withinAttempts } from './attempts';

// Limits on several processes: with REDIS_URL (Redis runs on 127.0.0.1:6379 on development and
// CI machines) two apps on one database count sign-in attempts together.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TTestApp;
let b: TBuiltApp;
beforeAll(async () => {
  a = await startTestApp({
    REDIS_URL,
    REDIS_PREFIX: `test-${randomInt(1e9)}:`,
    RATE_LIMIT_LOGIN_PER_MINUTE: '3',
  });
  b = await buildApp({ config: a.config, database: a.database, logger: false });
  await b.app.ready();
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

const address = () => `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`;

describe('shared limits', () => {
  it('lets three processes together allow what one allows: the fourth sign-in is refused on either', async () => {
    const ip = address();
    const attempt = (app: TBuiltApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login_id: 'user@example.com', password: 'Wrong@2026pass' },
        remoteAddress: ip,
      });
    const codes = [];
    for (const app of [a.app, b.app, a.app, b.app]) codes.push((await attempt(app)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // Another address is its own window.
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login_id: 'x@example.com', password: 'y' },
          remoteAddress: address(),
        })
      ).statusCode,
    ).not.toBe(429);
  });

  it('shares attempt windows (member sign-in, forms, preview passwords) between processes', async () => {
    const key = `member-login|${address()}|site`;
    const results = [];
    for (const ctx of [a.ctx, b.ctx, a.ctx, b.ctx]) results.push(await withinAttempts(ctx, key));
    expect(results).toEqual([true, true, true, false]);
  });
});
