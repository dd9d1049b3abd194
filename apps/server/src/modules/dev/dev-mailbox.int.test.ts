import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness';

let demo: TTestApp;
let production: TTestApp;
beforeAll(async () => {
  demo = await startTestApp();
  production = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await demo?.close();
  await production?.close();
});

describe('dev mailbox', () => {
  it('lists sent mails with their reset links, escaped, in demo mode', async () => {
    await demo.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'direct@example.com' },
    });
    await demo.runJobs();
    const list = await demo.app.inject({ url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    const id = /href="\/dev\/mail\/([0-9a-f-]{36})"/.exec(list.body)?.[1];
    expect(id).toBeTruthy();
    const mail = await demo.app.inject({ url: `/dev/mail/${id}` });
    expect(mail.body).toMatch(/<a href="http:\/\/localhost:3000\/reset-password\?token=[\w-]+">/);
    expect((await demo.app.inject({ url: '/dev/mail/not-an-id' })).statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const res = await production.app.inject({ url: '/dev/mail' });
    expect(res.statusCode).toBe(404);
    expect(production.routeTable.some((r) => r.url.startsWith('/dev'))).toBe(false);
  });
});
