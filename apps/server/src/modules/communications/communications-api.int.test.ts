import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { notices } from '../../db/schema/communications';
import { jobs } from '../../db/schema/platform';
import { runDueJobs } from '../../platform/jobs';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import {
  deliveryBody,
  insertDelivery,
  insertNews,
  insertSystemNotification,
  newsBody,
  systemNotificationBody,
} from './communications-fixtures';
import { createDelivery, listDeliveries } from './deliveries.service';
import { NOTICE_JOBS } from './notice-jobs';
import { pageNotices } from './page-notices';
import { markAsRead, showSystemNotifications } from './system-notifications.service';

// Latest information, notification delivery and system notifications through their API: the
// validation rules (content length, dates, link) with their messages, statuses derived from the
// dates (a fake clock: the services take `now`), scheduled delivery by the job queue, audiences and
// read marks, and who may do what.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
});
afterAll(async () => t?.close());

const f = () => t.fixtures;
const HOUR = 3_600_000;
const quiet = { error: () => {}, warn: () => {} };
const callerOf = async (email: string) => {
  const token = (await t.login(email)).access_token;
  const res = await t.app.inject({ url: '/api/auth/user-info', headers: t.bearer(token) });
  expect(res.statusCode).toBe(200);
  const user = await t.database.db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
  return user.rows[0]!.id;
};

describe('latest information', () => {
  it('is written by MASTER for any site and read on that site in its languages', async () => {
    const site = await insertSite(db, { accountId: f().accounts.company.id, published: true });
    const created = await call(
      'master@example.com',
      'POST',
      '/api/latest-information',
      newsBody([site.id], { languages: ['JP'] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      status: 'PUBLISHED',
      scheduled: false,
      sites: [{ id: site.id }],
      author: { name: expect.any(String) },
    });
    const id = created.json().data.id as string;
    const visitor = await t.app.inject({ url: `/api/end-user/noti_delivery?site_id=${site.id}&lang=JP` });
    expect(visitor.json().data).toEqual([
      expect.objectContaining({ id, kind: 'NEWS', title: 'Winter hours', image_url: null }),
    ]);
    // Not in English: the item is for Japanese visitors only.
    expect((await pageNotices(t.ctx, { siteId: site.id, lang: 'EN' })).list).toEqual([]);

    // The OEM's staff see their own news only; MASTER's is not theirs.
    const oemList = await call('oem@example.com', 'GET', '/api/latest-information');
    expect(oemList.json().data.map((n: { id: string }) => n.id)).not.toContain(id);
    expect((await call('oem@example.com', 'GET', `/api/latest-information/${id}`)).statusCode).toBe(404);

    // Unpublishing takes it off the site at once.
    const saved = await call(
      'master@example.com',
      'PUT',
      `/api/latest-information/${id}`,
      newsBody([site.id], { state: 'UNPUBLISHED' }),
    );
    expect(saved.json().data.status).toBe('UNPUBLISHED');
    const after = await t.app.inject({ url: `/api/end-user/noti_delivery?site_id=${site.id}&lang=JP` });
    expect(after.json().data).toEqual([]);
    expect((await call('master@example.com', 'DELETE', `/api/latest-information/${id}`)).statusCode).toBe(
      200,
    );
    expect((await call('master@example.com', 'GET', `/api/latest-information/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with its messages and keeps nothing', async () => {
    const own = await insertSite(db, { accountId: f().accounts.company.id, published: true });
    const foreign = await insertSite(db, { accountId: f().accounts.direct.id, published: true });
    const before = await db.execute(sql`select count(*)::int as n from notices`);
    const cases: [Record<string, unknown>, string, string][] = [
      [newsBody([own.id], { content: 'あ'.repeat(121) }), 'content', '120'],
      [newsBody([own.id], { title: '' }), 'title', 'required'],
      [newsBody([own.id], { link_url: 'javascript:alert(1)' }), 'link_url', ''],
      [newsBody([]), 'site_ids', 'distribution site'],
      [newsBody([own.id], { publication: 'SCHEDULED' }), 'start_at', 'required'],
      [
        newsBody([own.id], {
          publication: 'SCHEDULED',
          start_at: '2030-01-02T00:00:00+09:00',
          end_at: '2030-01-01T00:00:00+09:00',
        }),
        'end_at',
        '',
      ],
      [newsBody([own.id], { end_at: '2020-01-01T00:00:00Z' }), 'end_at', ''],
      [newsBody([foreign.id]), 'site_ids.0', 'cannot be chosen'],
    ];
    for (const [body, field, text] of cases) {
      const res = await call('oem@example.com', 'POST', '/api/latest-information', body);
      expect(res.statusCode, field).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error, `${field}: ${res.body}`).toBeDefined();
      expect(error.message.toLowerCase()).toContain(text.toLowerCase());
    }
    expect((await db.execute(sql`select count(*)::int as n from notices`)).rows).toEqual(before.rows);
    // 120 characters exactly is fine.
    const ok = await call(
      'oem@example.com',
      'POST',
      '/api/latest-information',
      newsBody([own.id], { content: 'あ'.repeat(120) }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('filters the list by the status its dates give, searches and pages', async () => {
    const now = Date.now();
    const site = await insertSite(db, { accountId: f().accounts.oem.id, published: true });
    const oem = f().accounts.oem.id;
    await insertNews(db, { accountId: oem, siteIds: [site.id], state: 'DRAFT', publishedAt: null });
    await insertNews(db, { accountId: oem, siteIds: [site.id], startAt: new Date(now + HOUR) });
    await insertNews(db, { accountId: oem, siteIds: [site.id], endAt: new Date(now - 1000) });
    await insertNews(db, { accountId: oem, siteIds: [site.id], state: 'UNPUBLISHED' });
    await insertNews(db, { accountId: oem, siteIds: [site.id] });
    const statuses = async (status: string) =>
      (await call('oem@example.com', 'GET', `/api/latest-information?status=${status}&page_size=100`))
        .json()
        .data.filter((n: { sites: { id: string }[] }) => n.sites.some((s) => s.id === site.id))
        .map((n: { status: string; scheduled: boolean }) => `${n.status}${n.scheduled ? '+scheduled' : ''}`)
        .sort();
    expect(await statuses('ALL')).toEqual([
      'DRAFT',
      'EXPIRED',
      'PUBLISHED',
      'UNPUBLISHED',
      'UNPUBLISHED+scheduled',
    ]);
    expect(await statuses('PUBLISHED')).toEqual(['PUBLISHED']);
    expect(await statuses('UNPUBLISHED')).toEqual(['UNPUBLISHED', 'UNPUBLISHED+scheduled']);
    expect(await statuses('EXPIRED')).toEqual(['EXPIRED']);
    expect(await statuses('DRAFT')).toEqual(['DRAFT']);
    const paged = await call('oem@example.com', 'GET', '/api/latest-information?page_size=2&page=2');
    expect(paged.json().meta).toMatchObject({ page: 2, page_size: 2 });
    expect(paged.json().data).toHaveLength(2);
    await call(
      'oem@example.com',
      'POST',
      '/api/latest-information',
      newsBody([site.id], { title: 'Findable 100%' }),
    );
    const found = await call(
      'oem@example.com',
      'GET',
      `/api/latest-information?search=${encodeURIComponent('100%')}`,
    );
    expect(found.json().data.map((n: { title: string }) => n.title)).toEqual(['Findable 100%']);
  });
});

describe('notification delivery', () => {
  it('is scheduled, shows on the site from its time, and is delivered once by the job queue', async () => {
    const site = await insertSite(db, { accountId: f().accounts.company.id, published: true });
    const userId = await callerOf('user@example.com');
    const caller = {
      userId,
      email: 'user@example.com',
      role: 'USER' as const,
      actingRole: 'USER' as const,
      authority: 'EDIT' as const,
      accountId: f().accounts.company.id,
      accountPath: (
        await db.execute<{ path: string }>(
          sql`select path from accounts where id = ${f().accounts.company.id}`,
        )
      ).rows[0]!.path,
      routePrefix: 'admin-user' as const,
      mustChangePassword: false,
    };
    const now = new Date();
    const at = new Date(now.getTime() + 30 * 60_000);
    const delivery = await createDelivery(t.ctx, {
      caller,
      siteId: site.id,
      now,
      input: {
        title: 'Doors open at 10',
        content: 'See you tomorrow.',
        postedDate: '2026-11-25',
        linkUrl: '',
        image: null,
        languages: [],
        publication: 'SCHEDULED',
        startAt: at.toISOString(),
        endAt: new Date(at.getTime() + 24 * HOUR).toISOString(),
        state: 'PUBLISHED',
      },
    });
    expect(delivery).toMatchObject({ status: 'UNPUBLISHED', scheduled: true, deliveredAt: null });
    // Before its time: not on the site, and the page knows when to look again.
    const before = await pageNotices(t.ctx, { siteId: site.id, lang: 'JP', now });
    expect(before).toEqual({ list: [], expiresAt: at.getTime() });
    // The end is the next change once it shows.
    expect((await pageNotices(t.ctx, { siteId: site.id, lang: 'JP', now: at })).expiresAt).toBe(
      at.getTime() + 24 * HOUR,
    );
    const later = await pageNotices(t.ctx, { siteId: site.id, lang: 'JP', now: at });
    expect(later.list.map((n) => n.id)).toEqual([delivery.id]);
    const listed = await listDeliveries(t.ctx, {
      caller,
      siteId: site.id,
      now: at,
      query: { status: 'PUBLISHED', search: '', page: 1, pageSize: 20 },
    });
    expect(listed.data.map((d) => d.id)).toEqual([delivery.id]);

    // The delivery job waits for its time; run at its time (the job row moved to now), it
    // marks the delivery delivered, and a second run does nothing.
    const [job] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${NOTICE_JOBS.deliver} and ${jobs.payload}->>'noticeId' = ${delivery.id}`);
    expect(job!.runAt.getTime()).toBe(at.getTime());
    while ((await runDueJobs(db, t.ctx.jobHandlers, quiet)) > 0);
    expect((await db.select().from(notices).where(eq(notices.id, delivery.id)))[0]!.deliveredAt).toBeNull();
    // Its time comes: the notice starts showing (moved into the past) and the job runs.
    await db
      .update(notices)
      .set({ startAt: new Date(Date.now() - 1000) })
      .where(eq(notices.id, delivery.id));
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    while ((await runDueJobs(db, t.ctx.jobHandlers, quiet)) > 0);
    const [row] = await db.select().from(notices).where(eq(notices.id, delivery.id));
    expect(row!.deliveredAt).not.toBeNull();
    await t.ctx.jobHandlers[NOTICE_JOBS.deliver]!({ noticeId: delivery.id }, { jobId: 0, attempt: 1 });
    const [again] = await db.select().from(notices).where(eq(notices.id, delivery.id));
    expect(again!.deliveredAt!.getTime()).toBe(row!.deliveredAt!.getTime());
  });

  it('is the site creators’: view authority and a suspended contract only read', async () => {
    const site = await insertSite(db, { accountId: f().accounts.company.id, published: true });
    const created = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/notification-deliveries`,
      deliveryBody(),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ status: 'PUBLISHED', site_id: site.id });
    const id = created.json().data.id as string;
    // The sub-admin under the OEM master has view authority: reads, never writes.
    expect((await call('sub@example.com', 'GET', `/api/notification-delivery/${id}`)).statusCode).toBe(200);
    expect(
      (await call('sub@example.com', 'PUT', `/api/notification-delivery/${id}`, deliveryBody())).statusCode,
    ).toBe(403);
    const kaede = (
      await db.execute<{ id: string }>(sql`select id from accounts where name = 'Kaede Travel Co.'`)
    ).rows[0]!.id;
    const suspendedSite = await insertSite(db, { accountId: kaede, published: true });
    const refused = await call(
      'kaede@example.com',
      'POST',
      `/api/site/${suspendedSite.id}/notification-deliveries`,
      deliveryBody(),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CONTRACT_SUSPENDED');
    expect(
      (await call('kaede@example.com', 'GET', `/api/site/${suspendedSite.id}/notification-deliveries`))
        .statusCode,
    ).toBe(200);
    // Content over 120 characters: the field and its message.
    const long = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/notification-deliveries`,
      deliveryBody({ content: 'x'.repeat(121) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([expect.objectContaining({ field: 'content' })]);
  });

  it('shows news and deliveries of the site only, newest first, and never a draft or an ended one', async () => {
    const company = f().accounts.company.id;
    const site = await insertSite(db, { accountId: company, published: true });
    const other = await insertSite(db, { accountId: company, published: true });
    const now = Date.now();
    const old = await insertDelivery(db, {
      accountId: company,
      siteId: site.id,
      publishedAt: new Date(now - 2 * HOUR),
    });
    const fresh = await insertNews(db, {
      accountId: f().accounts.oem.id,
      siteIds: [site.id, other.id],
      publishedAt: new Date(now - HOUR),
    });
    await insertDelivery(db, { accountId: company, siteId: site.id, state: 'DRAFT', publishedAt: null });
    await insertDelivery(db, { accountId: company, siteId: site.id, endAt: new Date(now - 1) });
    await insertDelivery(db, { accountId: company, siteId: other.id });
    const page = await pageNotices(t.ctx, { siteId: site.id, lang: 'EN' });
    expect(page.list.map((n) => n.id)).toEqual([fresh.news.id, old.delivery.id]);
    expect(page.expiresAt).toBeNull();
  });
});

describe('system notifications', () => {
  it('reach the operators of their audiences, who mark them read', async () => {
    const created = await call(
      'master@example.com',
      'POST',
      '/api/system_noti',
      systemNotificationBody(['OEM_ADMIN'], { title: 'Maintenance tonight' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const show = async (email: string) => (await call(email, 'GET', '/api/system_noti/show')).json().data;
    const admin = await show('oem-admin@example.com');
    expect(admin.items.map((n: { id: string }) => n.id)).toContain(id);
    expect(admin.items.find((n: { id: string }) => n.id === id).read).toBe(false);
    const unread = admin.unread as number;
    expect(unread).toBeGreaterThan(0);
    // Not the OEM master's audience: unknown to it.
    expect((await show('oem@example.com')).items.map((n: { id: string }) => n.id)).not.toContain(id);
    expect((await call('oem@example.com', 'GET', `/api/system_noti/${id}`)).statusCode).toBe(404);
    // Only MASTER writes.
    expect(
      (await call('oem-admin@example.com', 'PUT', `/api/system_noti/${id}`, systemNotificationBody(['USER'])))
        .statusCode,
    ).toBe(403);
    expect((await call('oem-admin@example.com', 'DELETE', `/api/system_noti/${id}`)).statusCode).toBe(403);

    const marked = await call('oem-admin@example.com', 'PUT', '/api/system_noti/mark_as_read', {
      noti_ids: [id],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.unread).toBe(unread - 1);
    // Marking again, or marking one not addressed to the caller, changes nothing.
    const other = await insertSystemNotification(db, {
      accountId: f().accounts.platform.id,
      audiences: ['USER'],
    });
    const again = await call('oem-admin@example.com', 'PUT', '/api/system_noti/mark_as_read', {
      noti_ids: [id, other.id],
    });
    expect(again.json().data.unread).toBe(unread - 1);
    expect((await show('oem-admin@example.com')).items.find((n: { id: string }) => n.id === id).read).toBe(
      true,
    );
    const list = await call('oem-admin@example.com', 'GET', '/api/system_noti');
    expect(list.json().data.map((n: { id: string }) => n.id)).not.toContain(other.id);
    const managed = await call('master@example.com', 'GET', `/api/system_noti/${id}`);
    expect(managed.json().data).toMatchObject({ read_count: 1, audiences: ['OEM_ADMIN'] });
  });

  it('show from their start and stop at their end, drafts never', async () => {
    const platform = f().accounts.platform.id;
    const userId = await callerOf('user@example.com');
    const caller = {
      userId,
      email: 'user@example.com',
      role: 'USER' as const,
      actingRole: 'USER' as const,
      authority: 'EDIT' as const,
      accountId: f().accounts.company.id,
      accountPath: '',
      routePrefix: 'admin-user' as const,
      mustChangePassword: false,
    };
    const now = Date.now();
    const soon = await insertSystemNotification(db, {
      accountId: platform,
      audiences: ['USER'],
      startAt: new Date(now + HOUR),
      endAt: new Date(now + 2 * HOUR),
    });
    const draft = await insertSystemNotification(db, {
      accountId: platform,
      audiences: ['USER'],
      state: 'DRAFT',
      publishedAt: null,
    });
    const ids = async (at: number) =>
      (await showSystemNotifications(t.ctx, { caller, now: new Date(at) })).items.map((n) => n.id);
    expect(await ids(now)).not.toContain(soon.id);
    expect(await ids(now + HOUR)).toContain(soon.id);
    expect(await ids(now + 2 * HOUR)).not.toContain(soon.id);
    for (const at of [now, now + HOUR]) expect(await ids(at)).not.toContain(draft.id);
    // A notification not yet started cannot be marked read either.
    expect(
      (await markAsRead(t.ctx, { caller, ids: [soon.id], now: new Date(now) })).unread,
    ).toBeGreaterThanOrEqual(0);
    const reads = await db.execute(
      sql`select count(*)::int as n from system_notification_reads where notification_id = ${soon.id}`,
    );
    expect(reads.rows).toEqual([{ n: 0 }]);
  });
});
