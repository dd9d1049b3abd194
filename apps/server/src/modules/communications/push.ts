import type { TPushSubscription } from '@swipe/contracts/communications';
import { and, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { type notices, pushSubscriptions } from '../../db/schema/communications';
import type { TAppContext } from '../../platform/context';
import { imageUrls } from './notice-shared';
import { vapidKeys } from './push-keys';

// Web Push of delivered notifications to the visitors who asked for them on a site's news panel.
// The web-push library makes each request (the payload encrypted for the browser, the VAPID
// signature); fetch sends it, so a test's plain-http push service works like a real https one.
// A push service that no longer knows a subscription (404, 410) has it deleted; other failures
// count, and a subscription that failed MAX_FAILURES times in a row is deleted too.

type TNoticeRow = typeof notices.$inferSelect;

/** How long a push service keeps trying to reach a browser that is offline. */
export const PUSH_TTL_SECONDS = 86_400;
export const MAX_FAILURES = 5;
/** Requests in flight at once per delivery. */
const PARALLEL = 20;
const TIMEOUT_MS = 10_000;

/** A visitor's browser asks for the site's notifications (again: the same endpoint is updated). */
export async function subscribePush(
  ctx: TAppContext,
  opts: { siteId: string; subscription: TPushSubscription },
) {
  const { subscription: s } = opts;
  const values = {
    siteId: opts.siteId,
    endpoint: s.endpoint,
    p256dh: s.keys.p256dh,
    auth: s.keys.auth,
    lang: s.lang ?? null,
  };
  await ctx.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, failures: 0 } });
}

/** The browser no longer wants them (or its subscription changed). */
export async function unsubscribePush(ctx: TAppContext, opts: { siteId: string; endpoint: string }) {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.siteId, opts.siteId), eq(pushSubscriptions.endpoint, opts.endpoint)));
}

/** What the site's service worker shows (push-worker.ts): no link opens the site. */
export type TPushPayload = { title: string; body: string; icon: string | null; url: string | null };

export type TPushSummary = { sent: number; pruned: number; failed: number };

/** Sends one prepared request; answers the push service's status (0: no answer). */
async function post(details: webpush.RequestDetails): Promise<number> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers,
      ...(details.body ? { body: new Uint8Array(details.body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Pushes a delivered notification to the browsers subscribed to its site in its languages (a
 * subscription without a language gets every one), then prunes what the push services refused.
 */
export async function sendDeliveryPush(ctx: TAppContext, notice: TNoticeRow): Promise<TPushSummary> {
  const summary: TPushSummary = { sent: 0, pruned: 0, failed: 0 };
  if (notice.kind !== 'DELIVERY' || !notice.siteId) return summary;
  const subs = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.siteId, notice.siteId),
        notice.languages.length > 0
          ? or(isNull(pushSubscriptions.lang), inArray(pushSubscriptions.lang, notice.languages))
          : undefined,
      ),
    );
  if (subs.length === 0) return summary;
  const [keys, images] = await Promise.all([vapidKeys(ctx), imageUrls(ctx, [notice])]);
  const payload: TPushPayload = {
    title: notice.title,
    body: notice.content,
    icon: notice.image ? (images[notice.image.assetId] ?? null) : null,
    url: notice.linkUrl || null,
  };
  const body = JSON.stringify(payload);
  const options = {
    TTL: PUSH_TTL_SECONDS,
    vapidDetails: { subject: ctx.config.vapidSubject, ...keys },
  };
  const ok: string[] = [];
  const gone: string[] = [];
  const failed: string[] = [];
  for (let i = 0; i < subs.length; i += PARALLEL)
    await Promise.all(
      subs.slice(i, i + PARALLEL).map(async (sub) => {
        let status = 0;
        try {
          const details = webpush.generateRequestDetails(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            body,
            options,
          );
          status = await post(details);
        } catch {
          // Keys a browser never made (encryption refused): a failure like any other.
        }
        (status >= 200 && status < 300 ? ok : status === 404 || status === 410 ? gone : failed).push(sub.id);
      }),
    );
  if (gone.length) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (failed.length) {
    await ctx.db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(inArray(pushSubscriptions.id, failed));
    const dropped = await ctx.db
      .delete(pushSubscriptions)
      .where(and(inArray(pushSubscriptions.id, failed), gte(pushSubscriptions.failures, MAX_FAILURES)))
      .returning({ id: pushSubscriptions.id });
    summary.pruned += dropped.length;
  }
  if (ok.length)
    await ctx.db
      .update(pushSubscriptions)
      .set({ failures: 0 })
      .where(and(inArray(pushSubscriptions.id, ok), gt(pushSubscriptions.failures, 0)));
  summary.sent = ok.length;
  summary.pruned += gone.length;
  summary.failed = failed.length;
  return summary;
}
