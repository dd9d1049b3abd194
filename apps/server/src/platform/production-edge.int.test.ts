import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => t?.close());

describe('production edge', () => {
  it('sends HSTS and upgrades insecure requests (served over HTTPS there)', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
