import { z } from 'zod';
import { envelope } from './envelope';
import { isPublicAddress, parseIp } from './ip-address';
import { CONVERSION_KINDS } from './site-events';

// Conversion webhooks: a creator registers HTTPS URLs on a site; every conversion of
// the site (member registration confirmed, contact form, homepage form, survey answer) is POSTed
// to each as JSON, signed with the webhook's secret (HMAC-SHA256), from the job queue with
// retries and backoff; every attempt shows in the delivery log.
//
// Signature: header `X-Swipe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
// keyed by the webhook's secret; `X-Swipe-Event-Id` is the event's id (the same on every retry).
//
// Test mode: a URL on the reserved `.test` domain (RFC 6761, never a real host), e.g.
// https://inbox.test/orders, is delivered inside this server to its test inbox (/dev/webhooks)
// instead of over the network, signed the same way. Only where the server runs with its
// development mailbox on; a production server refuses such URLs.

/** Webhooks one site may have. */
export const WEBHOOKS_PER_SITE = 5;
export const WEBHOOK_URL_MAX = 2_048;
/** Attempts of one delivery before it counts as failed (retries back off: 5 s, 10 s, 20 s, ...). */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** How long one attempt may take, connection to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_SIGNATURE_HEADER = 'x-swipe-signature';
export const WEBHOOK_EVENT_HEADER = 'x-swipe-event-id';
/** The reserved domain whose URLs go to the test inbox. */
export const WEBHOOK_TEST_DOMAIN = 'test';

export const isTestWebhookHost = (host: string) =>
  host === WEBHOOK_TEST_DOMAIN || host.endsWith(`.${WEBHOOK_TEST_DOMAIN}`);

type TWebhookUrlProblem =
  | 'webhooks.invalidUrl'
  | 'webhooks.httpsOnly'
  | 'webhooks.noCredentials'
  | 'webhooks.privateAddress';

/** The host of a URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * What is wrong with a webhook URL, as a message key, or null. Resolved addresses are checked
 * again when sending (a name may point anywhere, and change): this refuses what is wrong on its
 * face.
 */
export function webhookUrlProblem(text: string): TWebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'webhooks.invalidUrl';
  }
  if (url.protocol !== 'https:') return 'webhooks.httpsOnly';
  if (url.username || url.password) return 'webhooks.noCredentials';
  const host = bareHost(url);
  if (parseIp(host)) return isPublicAddress(host) ? null : 'webhooks.privateAddress';
  if (!host.includes('.') || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local'))
    return 'webhooks.privateAddress';
  return null;
}

export const ZWebhookUrl = z
  .string('common.required')
  .trim()
  .min(1, 'common.required')
  .max(WEBHOOK_URL_MAX, 'common.tooLong')
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZCreateWebhookRequest = z.object({ url: ZWebhookUrl });
export type TCreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;
export const ZUpdateWebhookRequest = z.object({ enabled: z.boolean() });

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'FAILED'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** What a delivery carries: a conversion of a kind, or the test event the console sends. */
export const WEBHOOK_EVENT_KINDS = [...CONVERSION_KINDS, 'TEST'] as const;

export const ZWebhook = z.object({
  id: z.uuid(),
  siteId: z.uuid(),
  url: z.string(),
  enabled: z.boolean(),
  /** The key of the signature, to check deliveries with: for whoever may edit the site, else null. */
  secret: z.string().nullable(),
  /** A `.test` URL: delivered to this server's test inbox, not over the network. */
  testMode: z.boolean(),
  createdAt: z.string(),
  /** The newest delivery, if any. */
  lastDelivery: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      at: z.string(),
      responseStatus: z.number().int().nullable(),
    })
    .nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
export const ZWebhookResponse = envelope(ZWebhook);
export const ZWebhooksResponse = envelope(z.array(ZWebhook));

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  kind: z.enum(WEBHOOK_EVENT_KINDS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt (null: no answer). */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed (refused address, timeout, status ...). */
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** When the next attempt runs, while retrying. */
  nextAttemptAt: z.string().nullable(),
  /** The JSON body sent (or to be sent), exactly as sent: every attempt sends these bytes. */
  body: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
/** The newest deliveries of a webhook. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
export const ZWebhookDeliveriesResponse = envelope(z.array(ZWebhookDelivery));

/** A webhook of a site: /api/site/{id}/webhooks/{webhookId}. */
export const ZWebhookParams = z.object({
  id: z.uuid('common.notFound'),
  webhookId: z.uuid('common.notFound'),
});
