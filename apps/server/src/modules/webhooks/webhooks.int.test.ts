import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WEBHOOK_MAX_ATTEMPTS } from '@swipe/contracts/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { siteVisits } from '../../db/schema/analytics';
import { siteWebhooks, webhookDeliveries, webhookTestInbox } from '../../db/schema/webhooks';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { recordConversion } from '../visits/visits.service';
import { sendWebhook, type TSendOptions } from './webhook-sender';
import {
  attemptDelivery,
  createWebhook,
  DELIVERY_LOG_DAYS,
  enqueueConversion,
  pruneDeliveries,
} from './webhooks.service';

// Conversion webhooks: registering (https only, no local or private address, at most five, one
// tenant's only), a conversion made into signed deliveries, retried with backoff and logged; the
// sender never reaches a loopback, private, link-local or metadata address, by name, by DNS
// rebinding or by redirect; the test inbox of demo servers.

const CERT = fs.readFileSync(path.join(__dirname, 'test-fixtures/localhost-cert.pem'));
const KEY = fs.readFileSync(path.join(__dirname, 'test-fixtures/localhost-key.pem'));

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

type TReceived = { path: string; headers: Record<string, string | string[] | undefined>; body: string };

/** A local HTTPS receiver answering with `statuses` in turn (the last one repeats). */
async function receiver(statuses: (number | { status: number; location: string })[] = [200]) {
  const received: TReceived[] = [];
  const server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const answer = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      if (typeof answer === 'number') res.writeHead(answer).end('ok');
      else res.writeHead(answer.status, { location: answer.location }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  servers.push(server);
  return { received, port };
}
const servers: https.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** The test's resolver: names to the given addresses; the local receivers are on loopback. */
const resolving = (answers: Record<string, string[]>) => async (host: string) => {
  const list = answers[host];
  if (!list) throw new Error(`ENOTFOUND ${host}`);
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
/** Loopback stands in for "the internet" in these tests, and only where a test says so. */
const loopbackIsPublic: Pick<TSendOptions, 'allow' | 'ca'> = { allow: (a) => a === '127.0.0.1', ca: CERT };

const site = () =>
  insertSite(t.database.db, {
    accountId: t.fixtures.accounts.company.id,
    doc: siteDocument({ rows: 1, columns: 2 }),
    published: true,
  });

describe('registering webhooks', () => {
  it('takes public https URLs only, five at most, each once, and says why not in the UI language', async () => {
    const s = await site();
    const add = (url: string, lang = 'en') =>
      call('user@example.com', 'POST', `/api/site/${s.id}/webhooks`, { url }, lang);
    for (const [url, message] of [
      ['http://hooks.example.com/x', 'Webhooks are sent over HTTPS only: the URL must start with https://.'],
      ['https://127.0.0.1/x', 'This address is not reachable from the internet'],
      ['https://[::1]/x', 'This address is not reachable from the internet'],
      ['https://169.254.169.254/latest/meta-data/', 'This address is not reachable from the internet'],
      ['https://localhost:8443/x', 'This address is not reachable from the internet'],
      ['https://user:pw@hooks.example.com/x', 'Leave the user name and password out of the URL'],
      ['not a url', 'Enter a full URL'],
    ]) {
      const res = await add(url!);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].field).toBe('url');
      expect(res.json().errors[0].message).toContain(message);
    }
    expect((await add('http://hooks.example.com/x', 'ja')).json().errors[0].message).toContain('HTTPS');

    const created = await add('https://hooks.example.com/conversions');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      url: 'https://hooks.example.com/conversions',
      enabled: true,
      test_mode: false,
      last_delivery: null,
    });
    expect(created.json().data.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect((await add('https://hooks.example.com/conversions')).json().message).toBe(
      'This URL is already registered for this site.',
    );
    for (let i = 2; i <= 5; i++) expect((await add(`https://hooks.example.com/${i}`)).statusCode).toBe(201);
    const sixth = await add('https://hooks.example.com/6');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('A site can have at most 5 webhooks.');

    // Listing, switching off, deleting.
    const list = (await call('user@example.com', 'GET', `/api/site/${s.id}/webhooks`)).json().data;
    expect(list).toHaveLength(5);
    const id = list[0].id;
    const off = await call('user@example.com', 'PATCH', `/api/site/${s.id}/webhooks/${id}`, {
      enabled: false,
    });
    expect(off.json().data.enabled).toBe(false);
    // A switched-off webhook takes no test event.
    const test = await call('user@example.com', 'POST', `/api/site/${s.id}/webhooks/${id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe('This webhook is switched off: switch it on to send it a test event.');
    // Whoever may only look (the platform's MASTER user) sees the webhooks, not their secrets.
    const seen = (await call('master@example.com', 'GET', `/api/site/${s.id}/webhooks`)).json().data;
    expect(seen).toHaveLength(5);
    expect(seen.every((w: { secret: string | null }) => w.secret === null)).toBe(true);
    expect((await call('user@example.com', 'DELETE', `/api/site/${s.id}/webhooks/${id}`)).statusCode).toBe(
      200,
    );
    expect((await call('user@example.com', 'GET', `/api/site/${s.id}/webhooks`)).json().data).toHaveLength(4);
    expect((await call('user@example.com', 'DELETE', `/api/site/${s.id}/webhooks/${id}`)).statusCode).toBe(
      404,
    );

    // Another tenant sees none of it, and cannot add one.
    expect((await call('direct@example.com', 'GET', `/api/site/${s.id}/webhooks`)).statusCode).toBe(404);
    expect(
      (
        await call('direct@example.com', 'POST', `/api/site/${s.id}/webhooks`, {
          url: 'https://evil.example.com/',
        })
      ).statusCode,
    ).toBe(404);
    // Nor another site's webhook through this site's address.
    const other = await site();
    expect(
      (await call('user@example.com', 'GET', `/api/site/${other.id}/webhooks/${list[1].id}/deliveries`))
        .statusCode,
    ).toBe(404);
  });

  it('takes a .test URL (test mode) only on a server with the test inbox', async () => {
    const s = await site();
    const res = await call('user@example.com', 'POST', `/api/site/${s.id}/webhooks`, {
      url: 'https://inbox.test/orders',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.test_mode).toBe(true);
    const production = { ...t.ctx, config: { ...t.ctx.config, demo: false } };
    const owner = {
      userId: t.fixtures.users.user.id,
      accountPath: t.fixtures.accounts.company.path,
    } as never;
    await expect(
      createWebhook(production, { caller: owner, siteId: s.id, url: 'https://other.test/x' }),
    ).rejects.toMatchObject({ status: 400, messageKey: 'webhooks.testModeOff' });
  });
});

describe('sending', () => {
  const target = (url: string) => ({
    url,
    secret: 'whsec_test',
    eventId: '7a8c9b1e-0000-4000-8000-000000000001',
    body: '{"a":1}',
  });

  it('signs the body with the secret and sends it to a public address', async () => {
    const r = await receiver([200]);
    const now = Date.UTC(2026, 10, 26, 0, 0, 0);
    const result = await sendWebhook(target(`https://hooks.example.com:${r.port}/in`), {
      ...loopbackIsPublic,
      resolve: resolving({ 'hooks.example.com': ['127.0.0.1'] }),
      now,
    });
    expect(result).toEqual({ ok: true, status: 200, error: null });
    const [got] = r.received;
    expect(got!.body).toBe('{"a":1}');
    expect(got!.headers['x-swipe-event-id']).toBe('7a8c9b1e-0000-4000-8000-000000000001');
    const t0 = now / 1000;
    const mac = createHmac('sha256', 'whsec_test').update(`${t0}.{"a":1}`).digest('hex');
    expect(got!.headers['x-swipe-signature']).toBe(`t=${t0},v1=${mac}`);
  });

  it('never reaches loopback, private, link-local or metadata addresses, whatever the name resolves to', async () => {
    const r = await receiver([200]);
    const cases: [string, Record<string, string[]>][] = [
      [`https://127.0.0.1:${r.port}/x`, {}],
      [`https://hooks.example.com:${r.port}/x`, { 'hooks.example.com': ['127.0.0.1'] }],
      [`https://hooks.example.com:${r.port}/x`, { 'hooks.example.com': ['10.0.0.5'] }],
      [`https://hooks.example.com:${r.port}/x`, { 'hooks.example.com': ['169.254.169.254'] }],
      [`https://hooks.example.com:${r.port}/x`, { 'hooks.example.com': ['::ffff:127.0.0.1'] }],
      [`https://hooks.example.com:${r.port}/x`, { 'hooks.example.com': ['fd00:ec2::254'] }],
      // One bad answer among good ones is enough to refuse.
      [`https://hooks.example.com:${r.port}/x`, { 'hooks.example.com': ['93.184.216.34', '127.0.0.1'] }],
    ];
    for (const [url, answers] of cases) {
      // The real policy (public addresses only): nothing goes out.
      const result = await sendWebhook(target(url), { resolve: resolving(answers), ca: CERT });
      expect(result.ok, url).toBe(false);
      expect(result.error, url).toMatch(/^refused: /);
    }
    expect(r.received).toHaveLength(0);
  });

  it('connects to the address it checked, even when the name answers otherwise a moment later (DNS rebinding)', async () => {
    const r = await receiver([200]);
    let asked = 0;
    const rebinding = async () => {
      asked++;
      // First a (test-)public address, then the metadata service.
      return [{ address: asked === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    };
    const result = await sendWebhook(target(`https://rebind.example.com:${r.port}/x`), {
      ...loopbackIsPublic,
      resolve: rebinding,
    });
    expect(result.ok).toBe(true);
    expect(asked).toBe(1);
    expect(r.received).toHaveLength(1);
  });

  it('gives up on a receiver that answers too slowly, however it trickles', async () => {
    const slow = https.createServer({ cert: CERT, key: KEY }, (_req, res) => {
      res.writeHead(200);
      // A byte every 100 ms: never idle long enough for the socket timeout, never finished.
      const drip = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    servers.push(slow);
    const started = Date.now();
    const result = await sendWebhook(
      target(`https://hooks.example.com:${(slow.address() as AddressInfo).port}/x`),
      {
        ...loopbackIsPublic,
        resolve: resolving({ 'hooks.example.com': ['127.0.0.1'] }),
        timeoutMs: 600,
      },
    );
    expect(result.ok).toBe(false);
    expect(result.error).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('follows no redirect, so none can lead it to a refused address', async () => {
    const inside = await receiver([200]);
    const r = await receiver([{ status: 302, location: `https://127.0.0.1:${inside.port}/admin` }]);
    const result = await sendWebhook(target(`https://redirect.example.com:${r.port}/x`), {
      ...loopbackIsPublic,
      resolve: resolving({ 'redirect.example.com': ['127.0.0.1'] }),
    });
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(result.error).toContain('not followed');
    expect(r.received).toHaveLength(1);
    expect(inside.received).toHaveLength(0);
  });
});

describe('conversions', () => {
  it('become one signed delivery per enabled webhook, retried with backoff until delivered, with the visit it came from', async () => {
    const s = await site();
    const r = await receiver([500, 503, 200]);
    const [on] = await t.database.db
      .insert(siteWebhooks)
      .values([
        { siteId: s.id, url: `https://hooks.example.com:${r.port}/on`, secret: 'whsec_on' },
        { siteId: s.id, url: `https://hooks.example.com:${r.port}/off`, secret: 'whsec_off', enabled: false },
      ])
      .returning();
    await t.database.db.insert(siteVisits).values({
      siteId: s.id,
      visitId: 'visit-webhook-000001',
      visitorId: 'visitor-webhook-0001',
      startedAt: new Date(),
      lang: 'JP',
      device: 'PHONE',
      entryPage: 'A1',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'winter',
      adNetwork: 'GOOGLE',
      adClickId: 'Cj0-test',
    });
    const made = await enqueueConversion(t.ctx, {
      siteId: s.id,
      visitId: 'visit-webhook-000001',
      kind: 'CONTACT',
      lang: 'JP',
      device: 'PHONE',
      entryPage: 'A1',
      at: new Date(),
    });
    expect(made).toHaveLength(1);
    const delivery = made[0]!;
    expect(delivery.webhookId).toBe(on!.id);
    expect(delivery.payload).toMatchObject({
      type: 'conversion',
      conversion: { kind: 'CONTACT', entry_page: 'A1', visit_id: 'visit-webhook-000001' },
      attribution: { ad_network: 'GOOGLE', ad_click_id: 'Cj0-test', utm_campaign: 'winter' },
    });

    const send = { ...loopbackIsPublic, resolve: resolving({ 'hooks.example.com': ['127.0.0.1'] }) };
    const row = async () =>
      (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)))[0]!;
    expect(await attemptDelivery(t.ctx, delivery.id, 1, send)).toMatchObject({ retry: true });
    expect(await row()).toMatchObject({
      status: 'RETRYING',
      attempts: 1,
      responseStatus: 500,
      error: 'HTTP 500',
    });
    expect((await row()).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await attemptDelivery(t.ctx, delivery.id, 2, send)).toMatchObject({ retry: true });
    expect(await attemptDelivery(t.ctx, delivery.id, 3, send)).toMatchObject({ retry: false });
    expect(await row()).toMatchObject({ status: 'DELIVERED', attempts: 3, responseStatus: 200, error: null });
    // Every attempt sent the same event, signed with the webhook's secret.
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect(new Set(r.received.map((x) => x.headers['x-swipe-event-id'])).size).toBe(1);
    const [, stamp, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
      String(r.received[2]!.headers['x-swipe-signature']),
    )!;
    expect(createHmac('sha256', 'whsec_on').update(`${stamp}.${r.received[2]!.body}`).digest('hex')).toBe(
      mac,
    );
    // A finished delivery is not sent again.
    expect(await attemptDelivery(t.ctx, delivery.id, 4, send)).toMatchObject({ retry: false, result: null });
    expect(r.received).toHaveLength(3);

    // The log shows it, to whoever may see the site.
    const log = await call('user@example.com', 'GET', `/api/site/${s.id}/webhooks/${on!.id}/deliveries`);
    expect(log.json().data[0]).toMatchObject({ status: 'DELIVERED', attempts: 3, kind: 'CONTACT' });
    // The log's body is what was sent, byte for byte (its keys as sent, not converted).
    expect(log.json().data[0].body).toBe(r.received[2]!.body);
  });

  it('gives up after the last attempt, and the job queue owns the retries', async () => {
    const s = await site();
    const [hook] = await t.database.db
      .insert(siteWebhooks)
      .values({ siteId: s.id, url: 'https://hooks.example.com/never', secret: 'whsec_x' })
      .returning();
    const [delivery] = await enqueueConversion(t.ctx, {
      siteId: s.id,
      visitId: 'visit-webhook-000002',
      kind: 'SURVEY',
      lang: 'EN',
      device: 'DESKTOP',
      entryPage: 'B1',
      at: new Date(),
    });
    expect(delivery!.payload).toMatchObject({ attribution: null });
    // The real sender, the real policy: hooks.example.com does not resolve here, or not publicly.
    const last = await attemptDelivery(t.ctx, delivery!.id, WEBHOOK_MAX_ATTEMPTS);
    expect(last.retry).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: 'FAILED', attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    // Its job was queued with the webhook's number of attempts.
    const jobs = await t.database.db.execute(
      `select max_attempts, payload->>'deliveryId' as delivery from jobs where kind = 'webhooks.deliver' and payload->>'deliveryId' = '${delivery!.id}'`,
    );
    expect(jobs.rows).toEqual([{ max_attempts: WEBHOOK_MAX_ATTEMPTS, delivery: delivery!.id }]);
    expect(hook).toBeDefined();
  });

  it('from a visitor page reach a .test webhook through the queue, into the test inbox (demo servers)', async () => {
    const s = await site();
    const created = await call('user@example.com', 'POST', `/api/site/${s.id}/webhooks`, {
      url: 'https://inbox.test/journey',
    });
    const hook = created.json().data;
    // What the visitor pages do when a form is sent from a visit (the page's session token).
    expect(
      recordConversion(t.ctx, {
        siteId: s.id,
        lang: 'JP',
        token: `${s.id}.visit-webhook-000003.A1.PHONE`,
        kind: 'FORM',
      }),
    ).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select()
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.webhookId, hook.id))
          ).length,
      )
      .toBe(1);
    await t.runJobs();
    const [row] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id));
    expect(row).toMatchObject({ status: 'DELIVERED', kind: 'FORM', attempts: 1 });
    const inbox = await t.database.db
      .select()
      .from(webhookTestInbox)
      .where(eq(webhookTestInbox.url, 'https://inbox.test/journey'));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.headers['x-swipe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(inbox[0]!.body)).toMatchObject({ type: 'conversion', conversion: { kind: 'FORM' } });
    // The inbox page shows it.
    const page = await t.app.inject({ method: 'GET', url: '/dev/webhooks' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://inbox.test/journey');
    // The console's test event goes the same way.
    const test = await call('user@example.com', 'POST', `/api/site/${s.id}/webhooks/${hook.id}/test`);
    expect(test.statusCode).toBe(202);
    await t.runJobs();
    const log = (
      await call('user@example.com', 'GET', `/api/site/${s.id}/webhooks/${hook.id}/deliveries`)
    ).json().data;
    expect(log.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([
      ['TEST', 'DELIVERED'],
      ['FORM', 'DELIVERED'],
    ]);
  });

  it('are pruned from the log after DELIVERY_LOG_DAYS once finished, never while still being tried', async () => {
    const s = await site();
    const [hook] = await t.database.db
      .insert(siteWebhooks)
      .values({ siteId: s.id, url: 'https://hooks.example.com/prune', secret: 'whsec_p' })
      .returning();
    const old = new Date(Date.now() - (DELIVERY_LOG_DAYS + 1) * 86_400_000);
    const base = { webhookId: hook!.id, siteId: s.id, kind: 'TEST', payload: {}, createdAt: old };
    await t.database.db.insert(webhookDeliveries).values([
      { ...base, eventId: '00000000-0000-4000-8000-000000000011', status: 'DELIVERED' },
      { ...base, eventId: '00000000-0000-4000-8000-000000000012', status: 'RETRYING' },
      { ...base, eventId: '00000000-0000-4000-8000-000000000013', status: 'FAILED', createdAt: new Date() },
    ]);
    await pruneDeliveries(t.database.db, new Date());
    const left = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(left.map((d) => d.status).sort()).toEqual(['FAILED', 'RETRYING']);
  });
});
