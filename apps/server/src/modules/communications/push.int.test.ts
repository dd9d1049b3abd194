import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { notices, platformSecrets, pushSubscriptions } from '../../db/schema/communications';
import type { TAppContext } from '../../platform/context';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { deliveryBody, insertDelivery } from './communications-fixtures';
import { PUSH_TTL_SECONDS, sendDeliveryPush } from './push';
import { vapidKeys } from './push-keys';

// Web Push of delivered notifications: the VAPID key a visitor's browser subscribes
// with, subscribing and unsubscribing, and the sender against a push service of the test's own
// on 127.0.0.1 (plain http: the visitors' contract takes https endpoints only, so its rows are
// written straight to the table) — the encrypted payload with its VAPID signature, a refused
// subscription pruned, and the delivery job pushing once.

// The web-push library's own decryption, as a browser would decrypt (a dependency of web-push).
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer;
};

type TPushRequest = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

let t: TTestApp;
let db: TDb;
let call: TSignedInCall;
let pushService: http.Server;
let pushBase: string;
const received: TPushRequest[] = [];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  call = signedInCaller(t);
  // Answers by the endpoint's first segment: ok 201, gone 410, missing 404, anything else 500.
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const kind = path.split('/')[1];
      res.statusCode = kind === 'ok' ? 201 : kind === 'gone' ? 410 : kind === 'missing' ? 404 : 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService?.close(resolve));
  await t?.close();
});

const company = () => t.fixtures.accounts.company.id;
const liveSite = () => insertSite(db, { accountId: company(), published: true });

/** A browser's push keys: its P-256 key pair and auth secret, as PushSubscription.toJSON() has them. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey('base64url'), authB64: auth.toString('base64url') };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers } });

describe('the VAPID key', () => {
  it('is made once, kept for every process, and answered for live sites only', async () => {
    const site = await liveSite();
    const res = await t.app.inject({ url: `/api/end-user/site/${site.id}/push/key` });
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().data.public_key as string;
    expect(key).toMatch(/^[\w-]{87}$/);
    const [stored] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, 'vapid'));
    expect(stored?.value.publicKey).toBe(key);
    // Another process (another context on the same database) reads the same pair.
    const other = { config: { ...t.ctx.config, vapid: null }, db } as unknown as TAppContext;
    expect(await vapidKeys(other)).toEqual(stored?.value);
    // Keys from the environment win.
    const env = { publicKey: 'P'.repeat(87), privateKey: 'p'.repeat(43) };
    expect(await vapidKeys({ ...other, config: { ...t.ctx.config, vapid: env } })).toEqual(env);

    const draft = await insertSite(db, { accountId: company() });
    const refused = await t.app.inject({
      url: `/api/end-user/site/${draft.id}/push/key`,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Notifications on this device are not available for this site.');
  });
});

describe('subscribing', () => {
  it('keeps one row per browser endpoint, on live sites, and forgets it on unsubscribe', async () => {
    const site = await liveSite();
    const other = await liveSite();
    const url = `/api/end-user/site/${site.id}/push/subscribe`;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    const a = browserKeys();
    // As the push script sends it: PushSubscription.toJSON() and the page's language.
    const first = await post(url, {
      endpoint,
      expirationTime: null,
      keys: { p256dh: a.p256dh, auth: a.authB64 },
      lang: 'EN',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: null, message: 'You will receive this site’s notifications.' });
    expect(first.headers['cache-control']).toBe('no-store');

    // The same browser again (new keys, another language): the same row, updated.
    const b = browserKeys();
    await db.update(pushSubscriptions).set({ failures: 3 }).where(eq(pushSubscriptions.endpoint, endpoint));
    expect((await post(url, { endpoint, keys: { p256dh: b.p256dh, auth: b.authB64 } })).statusCode).toBe(200);
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toEqual([
      expect.objectContaining({
        siteId: site.id,
        p256dh: b.p256dh,
        auth: b.authB64,
        lang: null,
        failures: 0,
      }),
    ]);

    // Only https push services; only live sites.
    const keys = { p256dh: a.p256dh, auth: a.authB64 };
    expect((await post(url, { endpoint: 'http://fcm.googleapis.com/x', keys })).statusCode).toBe(400);
    // Never an address of the machine, its network or an unknown host: the server would POST there.
    for (const bad of [
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/x',
      'https://localhost/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
    ])
      expect((await post(url, { endpoint: bad, keys })).statusCode, bad).toBe(400);
    expect((await post(url, { endpoint: `${endpoint}-2`, keys: { p256dh: '' } })).statusCode).toBe(400);
    const draft = await insertSite(db, { accountId: company() });
    const refused = await post(`/api/end-user/site/${draft.id}/push/subscribe`, {
      endpoint: `${endpoint}-3`,
      keys,
    });
    expect(refused.statusCode).toBe(404);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.siteId, draft.id))).toEqual(
      [],
    );

    // Unsubscribing from another site leaves it; from its own removes it; nothing left is fine.
    const unsubscribe = (siteId: string) =>
      post(`/api/end-user/site/${siteId}/push/unsubscribe`, { endpoint });
    expect((await unsubscribe(other.id)).statusCode).toBe(200);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(1);
    expect((await unsubscribe(site.id)).statusCode).toBe(200);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual(
      [],
    );
    expect((await unsubscribe(site.id)).statusCode).toBe(200);
  });

  it('is rate-limited per address', async () => {
    const site = await liveSite();
    const keys = browserKeys();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/end-user/site/${site.id}/push/subscribe`,
        remoteAddress: '10.9.8.7',
        payload: {
          endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${i}`,
          keys: { p256dh: keys.p256dh, auth: keys.authB64 },
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('pushing a delivered notification', () => {
  it('posts the encrypted payload with the VAPID signature, and prunes what the push service refuses', async () => {
    const site = await liveSite();
    const run = crypto.randomUUID();
    const browsers = {
      en: browserKeys(),
      any: browserKeys(),
      jp: browserKeys(),
      gone: browserKeys(),
      missing: browserKeys(),
      failing: browserKeys(),
      tired: browserKeys(),
    };
    const row = (
      name: keyof typeof browsers,
      path: string,
      over: Partial<typeof pushSubscriptions.$inferInsert>,
    ) => ({
      siteId: site.id,
      endpoint: `${pushBase}/${path}/${run}/${name}`,
      p256dh: browsers[name].p256dh,
      auth: browsers[name].authB64,
      ...over,
    });
    await db
      .insert(pushSubscriptions)
      .values([
        row('en', 'ok', { lang: 'EN' }),
        row('any', 'ok', { lang: null }),
        row('jp', 'ok', { lang: 'JP' }),
        row('gone', 'gone', {}),
        row('missing', 'missing', {}),
        row('failing', 'err', { failures: 0 }),
        row('tired', 'err', { failures: 4 }),
      ]);
    const { delivery } = await insertDelivery(db, { accountId: company(), siteId: site.id });
    const [notice] = await db
      .update(notices)
      .set({
        title: 'Autumn menu',
        content: 'Chestnuts and persimmons.',
        linkUrl: 'https://example.com/menu',
        languages: ['EN'],
        deliveredAt: new Date(),
      })
      .where(eq(notices.id, delivery.id))
      .returning();

    const summary = await sendDeliveryPush(t.ctx, notice!);
    expect(summary).toEqual({ sent: 2, pruned: 3, failed: 2 });

    const mine = received.filter((r) => r.path.includes(run));
    // In the notice's language (EN) or none: never the Japanese subscriber.
    expect(mine.map((r) => r.path.split('/').at(-1)).sort()).toEqual(
      ['any', 'en', 'failing', 'gone', 'missing', 'tired'].sort(),
    );
    const { publicKey } = await vapidKeys(t.ctx);
    for (const r of mine) {
      expect(r.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      const auth = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(r.headers.authorization ?? '');
      expect(auth?.[2]).toBe(publicKey);
      const claims = JSON.parse(Buffer.from(auth![1]!.split('.')[1]!, 'base64url').toString());
      expect(claims).toMatchObject({ aud: pushBase, sub: t.ctx.config.vapidSubject });
    }
    // The browser decrypts what its service worker shows.
    const en = mine.find((r) => r.path.endsWith('/en'))!;
    const payload = ece.decrypt(en.body, {
      version: 'aes128gcm',
      privateKey: browsers.en.ecdh,
      authSecret: browsers.en.auth,
    });
    expect(JSON.parse(payload.toString())).toEqual({
      title: 'Autumn menu',
      body: 'Chestnuts and persimmons.',
      icon: null,
      url: 'https://example.com/menu',
    });

    // 404 and 410: gone at once; other failures counted, gone at the fifth.
    const left = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.siteId, site.id));
    expect(Object.fromEntries(left.map((s) => [s.endpoint.split('/').at(-1), s.failures]))).toEqual({
      en: 0,
      any: 0,
      jp: 0,
      failing: 1,
    });
  });

  it('happens once, when the delivery job delivers the notification', async () => {
    const site = await liveSite();
    const run = crypto.randomUUID();
    const b = browserKeys();
    await db.insert(pushSubscriptions).values({
      siteId: site.id,
      endpoint: `${pushBase}/ok/${run}/job`,
      p256dh: b.p256dh,
      auth: b.authB64,
    });
    const created = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/notification-deliveries`,
      deliveryBody({ title: 'Delivered by the job' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const mine = () => received.filter((r) => r.path.includes(run));
    expect(mine()).toHaveLength(0);

    await t.runJobs();
    expect(mine()).toHaveLength(1);
    const payload = ece.decrypt(mine()[0]!.body, {
      version: 'aes128gcm',
      privateKey: b.ecdh,
      authSecret: b.auth,
    });
    expect(JSON.parse(payload.toString())).toMatchObject({ title: 'Delivered by the job', url: null });
    const [row] = await db
      .select()
      .from(notices)
      .where(eq(notices.id, created.json().data.id as string));
    expect(row?.deliveredAt).not.toBeNull();

    // Once: the job is done, and running its handler again sends nothing.
    await t.runJobs();
    await t.ctx.jobHandlers['communications.deliver']!({ noticeId: row!.id }, { jobId: 0, attempt: 2 });
    expect(mine()).toHaveLength(1);
  });
});
