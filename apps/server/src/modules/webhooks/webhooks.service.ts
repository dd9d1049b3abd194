import { randomBytes, randomUUID } from 'node:crypto';
import {
  isTestWebhookHost,
  type TWebhook,
  type TWebhookDelivery,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOKS_PER_SITE,
} from '@swipe/contracts/webhooks';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { siteVisits } from '../../db/schema/analytics';
import { sites } from '../../db/schema/sites';
import { siteWebhooks, webhookDeliveries, webhookTestInbox } from '../../db/schema/webhooks';
import type { TDbOrTx } from '../../db/tx';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { backoffSeconds, enqueueJob } from '../../platform/jobs';
import type { TConversion } from '../../platform/module';
import { loadSiteRef, mayEditSites } from '../site-core/site-access';
import { deliveryHeaders, sendWebhook, type TSendOptions, type TSendResult } from './webhook-sender';

// Conversion webhooks: registering endpoints on a site, making one delivery per conversion and
// endpoint (a job each), attempting it, and the delivery log. See contracts/webhooks.ts.

export const DELIVER_JOB = 'webhooks.deliver';

type TWebhookRow = typeof siteWebhooks.$inferSelect;
type TDeliveryRow = typeof webhookDeliveries.$inferSelect;

const hostOf = (url: string) => new URL(url).hostname;

function toWebhook(row: TWebhookRow, last: TDeliveryRow | undefined, caller: TCaller): TWebhook {
  return {
    id: row.id,
    siteId: row.siteId,
    url: row.url,
    enabled: row.enabled,
    secret: mayEditSites(caller) ? row.secret : null,
    testMode: isTestWebhookHost(hostOf(row.url)),
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? {
          status: last.status,
          at: (last.deliveredAt ?? last.createdAt).toISOString(),
          responseStatus: last.responseStatus,
        }
      : null,
  };
}

function toDelivery(row: TDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    kind: row.kind as TWebhookDelivery['kind'],
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    body: JSON.stringify(row.payload),
  };
}

/** The site's webhooks, oldest first, each with its newest delivery. */
export async function listWebhooks(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  const rows = await ctx.db
    .select()
    .from(siteWebhooks)
    .where(eq(siteWebhooks.siteId, opts.siteId))
    .orderBy(asc(siteWebhooks.createdAt));
  const latest = rows.length
    ? await ctx.db
        .selectDistinctOn([webhookDeliveries.webhookId])
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.siteId, opts.siteId))
        .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt))
    : [];
  const byHook = new Map(latest.map((d) => [d.webhookId, d]));
  return rows.map((r) => toWebhook(r, byHook.get(r.id), opts.caller));
}

async function loadWebhook(ctx: TAppContext, caller: TCaller, siteId: string, webhookId: string) {
  await loadSiteRef(ctx.db, caller, siteId);
  const [row] = await ctx.db
    .select()
    .from(siteWebhooks)
    .where(and(eq(siteWebhooks.id, webhookId), eq(siteWebhooks.siteId, siteId)));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'webhooks.notFound');
  return row;
}

/** Refuses a `.test` URL where there is no test inbox (a production server). */
function checkTestMode(ctx: TAppContext, url: string) {
  if (isTestWebhookHost(hostOf(url)) && !ctx.config.demo)
    throw new AppError(400, 'VALIDATION_FAILED', 'webhooks.testModeOff', undefined, [
      { field: 'url', messageKey: 'webhooks.testModeOff' },
    ]);
}

export async function createWebhook(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; url: string; ip?: string },
) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  checkTestMode(ctx, opts.url);
  const row = await ctx.db.transaction(async (tx) => {
    // Counted under the site's row lock, so two requests cannot both pass the limit.
    await tx.execute(sql`select 1 from sites where id = ${opts.siteId} for update`);
    const [n] = await tx
      .select({ n: count() })
      .from(siteWebhooks)
      .where(eq(siteWebhooks.siteId, opts.siteId));
    if ((n?.n ?? 0) >= WEBHOOKS_PER_SITE)
      throw new AppError(409, 'CONFLICT', 'webhooks.tooMany', { max: WEBHOOKS_PER_SITE });
    const [created] = await tx
      .insert(siteWebhooks)
      .values({
        siteId: opts.siteId,
        url: opts.url,
        secret: `whsec_${randomBytes(24).toString('hex')}`,
        createdBy: opts.caller.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new AppError(409, 'CONFLICT', 'webhooks.duplicate', undefined, [
        { field: 'url', messageKey: 'webhooks.duplicate' },
      ]);
    return created;
  });
  await audit(ctx.db, {
    action: 'webhooks.created',
    actorUserId: opts.caller.userId,
    accountId: site.accountId,
    targetType: 'site',
    targetId: opts.siteId,
    details: { webhookId: row.id, host: hostOf(row.url) },
    ip: opts.ip,
  });
  return toWebhook(row, undefined, opts.caller);
}

export async function updateWebhook(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; webhookId: string; enabled: boolean },
) {
  await loadWebhook(ctx, opts.caller, opts.siteId, opts.webhookId);
  const [row] = await ctx.db
    .update(siteWebhooks)
    .set({ enabled: opts.enabled })
    .where(eq(siteWebhooks.id, opts.webhookId))
    .returning();
  const [last] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, opts.webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(1);
  return toWebhook(row!, last, opts.caller);
}

export async function deleteWebhook(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; webhookId: string; ip?: string },
) {
  const row = await loadWebhook(ctx, opts.caller, opts.siteId, opts.webhookId);
  // Its deliveries go with it (their pending jobs then find nothing to send).
  await ctx.db.delete(siteWebhooks).where(eq(siteWebhooks.id, row.id));
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  await audit(ctx.db, {
    action: 'webhooks.deleted',
    actorUserId: opts.caller.userId,
    accountId: site.accountId,
    targetType: 'site',
    targetId: opts.siteId,
    details: { webhookId: row.id, host: hostOf(row.url) },
    ip: opts.ip,
  });
}

export async function listDeliveries(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; webhookId: string },
) {
  await loadWebhook(ctx, opts.caller, opts.siteId, opts.webhookId);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, opts.webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map(toDelivery);
}

/** Makes a delivery of `payload` to each webhook, and its job, in the caller's transaction. */
async function makeDeliveries(
  db: TDbOrTx,
  hooks: Pick<TWebhookRow, 'id' | 'siteId'>[],
  event: { eventId: string; kind: string; payload: Record<string, unknown> },
) {
  const made: TDeliveryRow[] = [];
  for (const hook of hooks) {
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        webhookId: hook.id,
        siteId: hook.siteId,
        eventId: event.eventId,
        kind: event.kind,
        payload: event.payload,
      })
      .returning();
    await enqueueJob(db, {
      kind: DELIVER_JOB,
      payload: { deliveryId: delivery!.id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      dedupeKey: `webhook:${delivery!.id}`,
    });
    made.push(delivery!);
  }
  return made;
}

/** The console's "Send test event": a TEST delivery to one webhook, on its way at once. */
export async function sendTestEvent(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; webhookId: string },
) {
  const hook = await loadWebhook(ctx, opts.caller, opts.siteId, opts.webhookId);
  if (!hook.enabled) throw new AppError(409, 'CONFLICT', 'webhooks.switchedOff');
  const [site] = await ctx.db.select({ name: sites.name }).from(sites).where(eq(sites.id, opts.siteId));
  const eventId = randomUUID();
  const [delivery] = await ctx.db.transaction((tx) =>
    makeDeliveries(tx, [hook], {
      eventId,
      kind: 'TEST',
      payload: {
        id: eventId,
        type: 'test',
        created_at: new Date().toISOString(),
        site: { id: opts.siteId, name: site?.name ?? '' },
      },
    }),
  );
  ctx.nudgeJobs();
  return toDelivery(delivery!);
}

/**
 * A conversion of a site with webhooks: one delivery per enabled webhook, carrying the
 * conversion and where its visit came from (ad network and click id, UTM, referrer).
 */
export async function conversionDeliveries(db: TDbOrTx, conversion: TConversion) {
  const hooks = await db
    .select({ id: siteWebhooks.id, siteId: siteWebhooks.siteId })
    .from(siteWebhooks)
    .where(and(eq(siteWebhooks.siteId, conversion.siteId), eq(siteWebhooks.enabled, true)));
  if (hooks.length === 0) return [];
  const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, conversion.siteId));
  const [visit] = await db
    .select()
    .from(siteVisits)
    .where(and(eq(siteVisits.siteId, conversion.siteId), eq(siteVisits.visitId, conversion.visitId)));
  const eventId = randomUUID();
  return makeDeliveries(db, hooks, {
    eventId,
    kind: conversion.kind,
    payload: {
      id: eventId,
      type: 'conversion',
      created_at: conversion.at.toISOString(),
      site: { id: conversion.siteId, name: site?.name ?? '' },
      conversion: {
        kind: conversion.kind,
        lang: conversion.lang,
        device: conversion.device,
        entry_page: conversion.entryPage,
        visit_id: conversion.visitId,
      },
      attribution: visit
        ? {
            ad_network: visit.adNetwork,
            ad_click_id: visit.adClickId,
            utm_source: visit.utmSource,
            utm_medium: visit.utmMedium,
            utm_campaign: visit.utmCampaign,
            referrer_host: visit.referrerHost,
          }
        : null,
    },
  });
}

/** The conversion effect: its deliveries, made in one transaction, on their way at once. */
export async function enqueueConversion(ctx: TAppContext, conversion: TConversion) {
  const made = await ctx.db.transaction((tx) => conversionDeliveries(tx, conversion));
  if (made.length > 0) ctx.nudgeJobs();
  return made;
}

/**
 * One attempt of a delivery (the job's `attempt`-th): sent over HTTPS, or into the test inbox for
 * a `.test` URL on a demo server; the delivery row records the outcome. Answers whether the
 * queue should try again later.
 */
export async function attemptDelivery(
  ctx: TAppContext,
  deliveryId: string,
  attempt: number,
  send: TSendOptions = {},
): Promise<{ retry: boolean; result: TSendResult | null }> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, hook: siteWebhooks })
    .from(webhookDeliveries)
    .innerJoin(siteWebhooks, eq(siteWebhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // The webhook was deleted (its deliveries with it), or this one is done.
  if (!row || row.delivery.status === 'DELIVERED' || row.delivery.status === 'FAILED')
    return { retry: false, result: null };
  const { delivery, hook } = row;
  const body = JSON.stringify(delivery.payload);
  const target = { url: hook.url, secret: hook.secret, eventId: delivery.eventId, body };
  const result: TSendResult = !hook.enabled
    ? { ok: false, status: null, error: 'the webhook is switched off' }
    : isTestWebhookHost(hostOf(hook.url))
      ? await deliverToTestInbox(ctx, target)
      : await sendWebhook(target, send);
  const last = !result.ok && (attempt >= WEBHOOK_MAX_ATTEMPTS || !hook.enabled);
  await ctx.db
    .update(webhookDeliveries)
    .set({
      attempts: attempt,
      responseStatus: result.status,
      error: result.error?.slice(0, 500) ?? null,
      status: result.ok ? 'DELIVERED' : last ? 'FAILED' : 'RETRYING',
      deliveredAt: result.ok ? new Date() : null,
      nextAttemptAt: result.ok || last ? null : new Date(Date.now() + backoffSeconds(attempt) * 1000),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  return { retry: !result.ok && !last, result };
}

/** Test mode: a `.test` URL's request lands in this server's test inbox (demo servers only). */
async function deliverToTestInbox(
  ctx: TAppContext,
  target: { url: string; secret: string; eventId: string; body: string },
): Promise<TSendResult> {
  if (!ctx.config.demo) return { ok: false, status: null, error: 'refused: test mode is off on this server' };
  await ctx.db.insert(webhookTestInbox).values({
    url: target.url,
    headers: deliveryHeaders(target),
    body: target.body,
  });
  return { ok: true, status: 200, error: null };
}

/** How long finished deliveries stay in the log, and requests in the test inbox. */
export const DELIVERY_LOG_DAYS = 90;
export const TEST_INBOX_DAYS = 7;

/** The nightly clean-up: finished deliveries past DELIVERY_LOG_DAYS, test requests past TEST_INBOX_DAYS. */
export async function pruneDeliveries(db: TDbOrTx, now: Date) {
  const day = 86_400_000;
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['DELIVERED', 'FAILED']),
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - DELIVERY_LOG_DAYS * day)),
      ),
    );
  await db
    .delete(webhookTestInbox)
    .where(lt(webhookTestInbox.receivedAt, new Date(now.getTime() - TEST_INBOX_DAYS * day)));
}
