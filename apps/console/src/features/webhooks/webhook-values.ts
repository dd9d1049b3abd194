import {
  isTestWebhookHost,
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
} from '@swipe/contracts/webhooks';
import { ApiError } from '../../app/api-client';

// The webhook page's pure rules: status colours, when the log polls, how a secret is masked, how
// a refused registration reaches the URL field. Kept apart from the components so they are
// unit-tested.

/** Mantine colours of a delivery's status (the badge's dot; its text stays dark for contrast). */
export const DELIVERY_STATUS_COLOURS: Record<TWebhookDeliveryStatus, string> = {
  PENDING: 'blue',
  RETRYING: 'orange',
  DELIVERED: 'teal',
  FAILED: 'red',
};

/** Polling while a delivery is under way; otherwise a slow refresh picks up new conversions. */
export const IN_FLIGHT_POLL_MS = 3_000;
export const IDLE_POLL_MS = 30_000;

/** A delivery whose outcome is not known yet (the queue will try, or try again). */
export const isInFlight = (status: TWebhookDeliveryStatus) => status === 'PENDING' || status === 'RETRYING';

/** How often a webhook's delivery log asks again, from what it shows now. */
export function deliveriesPollMs(
  deliveries: readonly Pick<TWebhookDelivery, 'status'>[] | undefined,
): number {
  return deliveries?.some((d) => isInFlight(d.status)) ? IN_FLIGHT_POLL_MS : IDLE_POLL_MS;
}

/** How often the list asks again: quickly while a webhook's newest delivery is under way, else never. */
export function webhooksPollMs(
  webhooks: readonly Pick<TWebhook, 'lastDelivery'>[] | undefined,
): number | false {
  return webhooks?.some((w) => w.lastDelivery && isInFlight(w.lastDelivery.status))
    ? IN_FLIGHT_POLL_MS
    : false;
}

export type TLatestDelivery = {
  status: TWebhookDeliveryStatus;
  at: string;
  responseStatus: number | null;
};

/**
 * The newest delivery to show on a webhook: from its log once loaded (fresher, it polls), else
 * the summary that came with the list.
 */
export function latestDelivery(
  webhook: Pick<TWebhook, 'lastDelivery'>,
  deliveries: readonly TWebhookDelivery[] | undefined,
): TLatestDelivery | null {
  const newest = deliveries?.[0];
  if (!newest) return webhook.lastDelivery;
  return {
    status: newest.status,
    at: newest.deliveredAt ?? newest.createdAt,
    responseStatus: newest.responseStatus,
  };
}

/**
 * A secret with its middle hidden: the prefix before its first underscore (what kind of key it
 * is) and the last four characters (which key it is), never enough to sign with.
 */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  const cut = secret.indexOf('_');
  const prefix = cut > 0 && cut < 12 ? secret.slice(0, cut + 1) : '';
  const tail = secret.length - prefix.length > 8 ? secret.slice(-4) : '';
  return `${prefix}${'•'.repeat(12)}${tail}`;
}

/**
 * The JSON body of a delivery as it was sent, indented by two. The API client camel-cases every
 * key of an answer, the payload's too; its keys are snake_case on the wire, so they go back.
 */
/** The body as sent, indented for reading (as it is when it is no JSON). */
export function payloadText(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * Where a refused registration's message goes: a field error on `url`, or the conflict (the URL
 * is registered already, or the site has as many webhooks as it may), which is about the URL
 * being added too, goes to the URL field; anything else is not the field's business (null).
 */
export function urlErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null;
  if (error.fieldErrors.url) return error.fieldErrors.url;
  if (error.status === 409 || error.code === 'CONFLICT') return error.message;
  return null;
}

/** Rows of a log on screen: the newest `limit` unless all were asked for. */
export const visibleRows = <T>(rows: readonly T[], limit: number, all: boolean): readonly T[] =>
  all ? rows : rows.slice(0, limit);

/**
 * Whether a URL's host is on the reserved `.test` domain, read from what the user typed (for
 * the hint under the field; the server decides with the same rule).
 */
export function typedTestHost(text: string): boolean {
  try {
    return isTestWebhookHost(new URL(text.trim()).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** The test inbox (server-rendered, on servers with the development mailbox only). */
export const TEST_INBOX_PATH = '/dev/webhooks';

/** The signature check in a few language-neutral lines, for the guide. */
export const SIGNATURE_EXAMPLE = [
  'msg   = t + "." + body',
  'mac   = hex(hmac_sha256(secret, msg))',
  'valid = mac == v1',
].join('\n');
