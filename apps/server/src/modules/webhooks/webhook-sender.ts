import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, parseIp } from '@swipe/contracts/ip-address';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  webhookUrlProblem,
} from '@swipe/contracts/webhooks';

// Sends one webhook request, refusing every address the product must never reach (no request
// forgery through a creator's URL). The URL's host is resolved once; if any of its
// addresses is loopback, private, link-local (cloud metadata), shared or reserved, nothing is
// sent. The connection then goes to the address that was checked (the socket's lookup is pinned
// to it), so a name that changes its answer between the check and the connection (DNS
// rebinding) cannot move it. Redirects are never followed: a 3xx is a failed attempt, so no
// redirect can lead a delivery to an address the check would refuse.

export type TResolve = (host: string) => Promise<{ address: string; family: number }[]>;

export type TSendOptions = {
  /** How a host name becomes addresses (default: the system resolver, every address). */
  resolve?: TResolve;
  /** Which resolved addresses may be reached (default: public unicast only). */
  allow?: (address: string) => boolean;
  /** Extra trusted certificate authorities (tests' local HTTPS servers). */
  ca?: string | Buffer;
  timeoutMs?: number;
  /** The clock of the signature's timestamp (ms). */
  now?: number;
};

export type TSendResult = { ok: boolean; status: number | null; error: string | null };

const systemResolve: TResolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed by the webhook's secret. */
export function signature(secret: string, body: string, unixSeconds: number) {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The headers of a delivery: JSON, its event id, its signature. */
export function deliveryHeaders(opts: { secret: string; body: string; eventId: string; now?: number }) {
  return {
    'content-type': 'application/json',
    'user-agent': 'SwipeLP-Webhooks/1',
    [WEBHOOK_EVENT_HEADER]: opts.eventId,
    [WEBHOOK_SIGNATURE_HEADER]: signature(
      opts.secret,
      opts.body,
      Math.floor((opts.now ?? Date.now()) / 1000),
    ),
  };
}

/** The addresses `host` stands for: itself when it is an address, else what the resolver says. */
async function addressesOf(host: string, resolve: TResolve) {
  if (parseIp(host)) return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  return resolve(host);
}

export async function sendWebhook(
  target: { url: string; secret: string; eventId: string; body: string },
  opts: TSendOptions = {},
): Promise<TSendResult> {
  const problem = webhookUrlProblem(target.url);
  if (problem) return { ok: false, status: null, error: `refused: ${problem}` };
  const url = new URL(target.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allow = opts.allow ?? isPublicAddress;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await addressesOf(host, opts.resolve ?? systemResolve);
  } catch (error) {
    return { ok: false, status: null, error: `could not resolve ${host}: ${(error as Error).message}` };
  }
  if (addresses.length === 0) return { ok: false, status: null, error: `could not resolve ${host}` };
  const refused = addresses.find((a) => !allow(a.address));
  if (refused)
    return { ok: false, status: null, error: `refused: ${host} is ${refused.address}, not a public address` };
  const pinned = addresses[0]!;
  // Every connection of this request goes to the address checked above, whatever DNS says now.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: typeof addresses) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const headers = deliveryHeaders({ ...target, now: opts.now });
  return new Promise<TSendResult>((done) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(target.body) },
        lookup,
        agent: false,
        timeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        ...(opts.ca ? { ca: opts.ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not needed: read and dropped.
        res.resume();
        res.on('end', () => {
          if (status >= 200 && status < 300) done({ ok: true, status, error: null });
          else if (status >= 300 && status < 400)
            done({ ok: false, status, error: `redirect to ${res.headers.location ?? '?'} not followed` });
          else done({ ok: false, status, error: `HTTP ${status}` });
        });
        res.on('error', (error) => done({ ok: false, status, error: error.message }));
        res.on('aborted', () => done({ ok: false, status, error: 'timed out' }));
      },
    );
    // `timeout` is the socket's idle time; the deadline bounds the whole attempt, so a receiver
    // that answers a byte at a time cannot hold a delivery worker.
    const deadline = setTimeout(
      () => req.destroy(new Error('timed out')),
      opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => done({ ok: false, status: null, error: error.message }));
    req.end(target.body);
  });
}
