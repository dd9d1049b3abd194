import {
  CONVERSION_KINDS,
  type TConversionKind,
  type TSiteEventBatch,
  type TSiteStats,
  ZSiteStats,
} from '@swipe/contracts/site-events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  analyticsPageDays,
  analyticsVisitDays,
  siteCtaApplicants,
  siteCtaCounters,
  siteViewCounts,
} from '../../db/schema/analytics';
import { sites } from '../../db/schema/sites';
import type { TSiteChange } from '../../platform/change-notices';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TEventIntake, TEventRow } from '../../platform/visit-events';
import type { TVisitKeys } from '../../platform/visit-keys';
import { ALL } from '../analytics/event-rollups';
import { LIVE_STATUSES } from '../site-core/site-access';

// What a published page's runtime reports, checked and handed to the event writer; and the
// per-page numbers the site list shows (one named query per metric, its output checked by a
// schema, so the raw table can move without changing the screens).

const DAY_MS = 86_400_000;
const LIVE_TTL_MS = 30_000;

/**
 * Whether a site takes events, remembered for half a minute so a beacon costs no query; what is
 * remembered goes on any change notice, and nothing is trusted while notices may be missed.
 */
export function createLiveSites(db: TDb, opts: { listening: () => boolean }) {
  const known = new Map<string, { live: boolean; at: number }>();
  const isLive = async (siteId: string): Promise<boolean> => {
    const hit = opts.listening() ? known.get(siteId) : undefined;
    if (hit && Date.now() - hit.at < LIVE_TTL_MS) return hit.live;
    const [row] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, siteId), inArray(sites.status, [...LIVE_STATUSES])));
    if (known.size > 10_000) known.clear();
    known.set(siteId, { live: !!row, at: Date.now() });
    return !!row;
  };
  const drop = (change: TSiteChange) => {
    if ('all' in change) known.clear();
    else known.delete(change.siteId);
  };
  return { isLive, drop };
}

/** How far in the future (by the server's clock) an event may say it happened. */
const FUTURE_SLACK_MS = 120_000;

/**
 * When an event happened by the server's clock: a page whose clock is off by more than two
 * minutes (it says when it sent the batch) is corrected by the difference in whole minutes, so
 * a beacon sent twice lands on the same instant and is stored once; then clamped into the last
 * day.
 */
export function occurredAt(at: number, sentAt: number | undefined, now: number) {
  const skew = sentAt === undefined ? 0 : now - sentAt;
  const shift = Math.abs(skew) > FUTURE_SLACK_MS ? Math.round(skew / 60_000) * 60_000 : 0;
  return new Date(Math.min(now + FUTURE_SLACK_MS, Math.max(now - DAY_MS, at + shift)));
}

/** The host of a referrer address, or null (none, or not an address). */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    return (
      new URL(referrer.includes('://') ? referrer : `https://${referrer}`).hostname.slice(0, 255) || null
    );
  } catch {
    return null;
  }
}

/**
 * Whether a beacon's visit is one the server started (POST /api/end-user/events/visit): its key
 * signs the site, the visit id and the visitor id (platform/visit-keys.ts).
 */
const startedByUs = (keys: TVisitKeys, batch: TSiteEventBatch) =>
  batch.visitKey !== undefined &&
  batch.visitorId !== undefined &&
  keys.verifyVisit(batch.siteId, batch.visitId, batch.visitorId, batch.visitKey);

/**
 * Takes one beacon: events of a site that is not live are dropped (answered alike, so a beacon
 * learns nothing); the visitor's clock is corrected (occurredAt). The visit's entry event
 * carries the visit (visitor id, referrer, UTM). Throws 503 when the writer is full.
 *
 * Only a visit the server started counts in an experiment: without a valid key the visit is kept
 * without its variation and its GOAL events (which count for nothing else) are dropped, so made-up
 * ids move no variation's results. The rest of the beacon counts in the site's analysis as
 * before: a page whose visit could not be started (offline for a moment, a page opened before the
 * keys existed) still shows its views. The key is checked (one HMAC, no query) only on the beacons
 * that could move an experiment: a variation's entry event, or a GOAL.
 */
export async function ingestEvents(
  opts: {
    writer: TEventIntake;
    isLive: (siteId: string) => Promise<boolean>;
    keys: TVisitKeys;
    batch: TSiteEventBatch;
  },
  now = Date.now(),
): Promise<{ accepted: number }> {
  const { batch } = opts;
  if (!(await opts.isLive(batch.siteId))) return { accepted: 0 };
  const starts = batch.events.some((e) => e.type === 'VIEW' && e.n === 1);
  const goals = batch.events.some((e) => e.type === 'GOAL');
  const counted = (starts && !!batch.variationId) || goals ? startedByUs(opts.keys, batch) : false;
  const events = goals && !counted ? batch.events.filter((e) => e.type !== 'GOAL') : batch.events;
  if (events.length === 0) return { accepted: 0 };
  // The visit itself rides on its entry event only, which most beacons do not carry.
  const visit = starts
    ? {
        visitorId: batch.visitorId ?? batch.visitId,
        referrerHost: referrerHost(batch.referrer),
        utmSource: batch.utmSource || null,
        utmMedium: batch.utmMedium || null,
        utmCampaign: batch.utmCampaign || null,
        // A click id only counts with its network (the page sends both or neither).
        adNetwork: batch.adClickId ? (batch.adNetwork ?? null) : null,
        adClickId: batch.adNetwork ? batch.adClickId || null : null,
        variationId: counted ? (batch.variationId ?? null) : null,
      }
    : undefined;
  const rows: TEventRow[] = events.map((e) => ({
    siteId: batch.siteId,
    visitId: batch.visitId,
    seq: e.seq,
    type: e.type,
    lang: batch.lang,
    device: batch.device,
    page: e.page,
    fromPage: e.from ?? null,
    target: e.target ?? null,
    targetId: e.targetId ?? null,
    dwellMs: e.dwellMs ?? null,
    ordinal: e.type === 'VIEW' ? (e.n ?? null) : null,
    x: e.type === 'TAP' ? (e.x ?? null) : null,
    y: e.type === 'TAP' ? (e.y ?? null) : null,
    occurredAt: occurredAt(e.at, batch.sentAt, now),
    ...(visit && e.type === 'VIEW' && e.n === 1 ? { visit } : {}),
  }));
  if (!opts.writer.add(rows)) throw new AppError(503, 'UNAVAILABLE', 'common.busy');
  return { accepted: rows.length };
}

const CONVERSION_TOKEN =
  /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16,32})\.([A-Z]{1,2}[0-9]{1,3})\.(PHONE|TABLET|DESKTOP)$/;

/**
 * Records a conversion (a form sent, a survey answered, a registration confirmed) for the visit
 * the visitor page names: `token` is what the published page left in the tab's session storage
 * ('site.visit.entryPage.device', sent by the forms runtime as `_v`). A token of another site,
 * or none, records nothing. Never fails the visitor's request.
 */
export function recordConversion(
  ctx: TAppContext,
  opts: { siteId: string; lang: string; token: string | undefined; kind: TConversionKind },
  now = Date.now(),
) {
  const m = opts.token ? CONVERSION_TOKEN.exec(opts.token) : null;
  if (!m || m[1] !== opts.siteId) return false;
  const conversion = {
    siteId: opts.siteId,
    visitId: m[2]!,
    kind: opts.kind,
    lang: opts.lang,
    device: m[4]!,
    entryPage: m[3]!,
    at: new Date(now),
  };
  const recorded = ctx.visits.writer.add([
    {
      siteId: conversion.siteId,
      visitId: conversion.visitId,
      seq: 1_000_000 + CONVERSION_KINDS.indexOf(opts.kind),
      type: 'CONV',
      lang: conversion.lang,
      device: conversion.device,
      page: conversion.entryPage,
      fromPage: null,
      target: opts.kind,
      targetId: null,
      dwellMs: null,
      ordinal: null,
      x: null,
      y: null,
      occurredAt: conversion.at,
    },
  ]);
  // What the modules do with a conversion (its webhooks) happens beside the visitor's request.
  for (const effect of ctx.modules.conversionEffects)
    void effect(ctx, conversion).catch((error: unknown) => {
      console.error('conversion effect failed', error);
    });
  return recorded;
}

/** Views, visits reaching, reach and mean dwell per page of one site, since its first visit (from the rollups). */
export async function sitePageStats(db: TDb, opts: { siteId: string }): Promise<TSiteStats> {
  const [totals] = await db
    .select({ visits: sql<number>`coalesce(sum(${analyticsVisitDays.visits}), 0)::int` })
    .from(analyticsVisitDays)
    .where(
      and(
        eq(analyticsVisitDays.siteId, opts.siteId),
        eq(analyticsVisitDays.lang, ALL),
        eq(analyticsVisitDays.device, ALL),
      ),
    );
  const rows = await db
    .select({
      page: analyticsPageDays.page,
      views: sql<number>`sum(${analyticsPageDays.views})::int`,
      visits: sql<number>`sum(${analyticsPageDays.reached})::int`,
      avgDwellMs: sql<
        number | null
      >`(sum(${analyticsPageDays.dwellMs}) / nullif(sum(${analyticsPageDays.dwells}), 0))::int`,
    })
    .from(analyticsPageDays)
    .where(
      and(
        eq(analyticsPageDays.siteId, opts.siteId),
        eq(analyticsPageDays.lang, ALL),
        eq(analyticsPageDays.device, ALL),
      ),
    )
    .groupBy(analyticsPageDays.page)
    .having(sql`sum(${analyticsPageDays.views}) > 0`)
    .orderBy(analyticsPageDays.page);
  const visits = totals?.visits ?? 0;
  return ZSiteStats.parse({
    visits,
    views: rows.reduce((a, r) => a + r.views, 0),
    pages: rows.map((r) => ({ ...r, reach: visits > 0 ? r.visits / visits : 0 })),
  });
}

/**
 * Page views per site, for a page of the site list (one query for all of them), from the rollup
 * the event writer keeps: a popular site's raw events are never counted on a list request.
 */
export async function viewsBySite(db: TDb, siteIds: string[]): Promise<Map<string, number>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db
    .select({ siteId: siteViewCounts.siteId, views: siteViewCounts.views })
    .from(siteViewCounts)
    .where(inArray(siteViewCounts.siteId, siteIds));
  return new Map(rows.map((r) => [r.siteId, r.views]));
}

/** The first-party cookie that says a browser is the same visitor on its next visit. */
export const VISITOR_COOKIE = 'swipe_vid';
const VISITOR_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** New applicants one address may add to one site in the window: a person, not a script. */
export const APPLICANTS_PER_ADDRESS = 5;
const APPLICANT_WINDOW_MS = 10 * 60_000;

const visitorCookieOf = (header: string | undefined) => {
  const value = header
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${VISITOR_COOKIE}=`))
    ?.slice(VISITOR_COOKIE.length + 1);
  return value && VISITOR_KEY.test(value) ? value : null;
};

/**
 * Counts a click on the applicant-limited popup CTA against its limit once per visitor: the
 * visitor's cookie, else the visit (whose id then becomes the cookie). A browser that never keeps
 * the cookie can add only a few applicants per address and window. Answers the cookie to set,
 * if the browser has none.
 */
export async function countApplicant(
  ctx: TAppContext,
  opts: { siteId: string; visitId: string; cookieHeader: string | undefined; ip: string },
): Promise<{ setCookie: string | null }> {
  const known = visitorCookieOf(opts.cookieHeader);
  const key = known ?? opts.visitId;
  const setCookie = known
    ? null
    : `${VISITOR_COOKIE}=${key}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${ctx.config.production ? '; Secure' : ''}`;
  const [counted] = await ctx.db
    .select({ key: siteCtaApplicants.visitorKey })
    .from(siteCtaApplicants)
    .where(and(eq(siteCtaApplicants.siteId, opts.siteId), eq(siteCtaApplicants.visitorKey, key)));
  if (counted) return { setCookie };
  const { count } = await ctx.counters.hit(`applicant:${opts.ip}|${opts.siteId}`, APPLICANT_WINDOW_MS);
  if (count > APPLICANTS_PER_ADDRESS) return { setCookie };
  await ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(siteCtaApplicants)
      .values({ siteId: opts.siteId, visitorKey: key })
      .onConflictDoNothing()
      .returning({ key: siteCtaApplicants.visitorKey });
    if (!added) return;
    await tx
      .insert(siteCtaCounters)
      .values({ siteId: opts.siteId, kind: 'applicantLimit', clicks: 1 })
      .onConflictDoUpdate({
        target: [siteCtaCounters.siteId, siteCtaCounters.kind],
        set: { clicks: sql`${siteCtaCounters.clicks} + 1`, updatedAt: sql`now()` },
      });
  });
  return { setCookie };
}
