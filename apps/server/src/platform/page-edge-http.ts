import type { IncomingMessage } from 'node:http';
import type { TCachedPage, TSplit } from './page-cache';

// What the page edge (page-edge.ts) and its thread (page-edge-thread.ts) say to each other, and
// how the edge passes a request it does not answer to the main thread and the answer back.

/** The variation the edge drew for a new visitor whose page it did not hold (the main thread renders that one). */
export const DRAWN_VARIATION_HEADER = 'x-swipe-drawn-variation';
/**
 * The secret of this start that the edge sends with every request it passes on: the main thread
 * trusts a request's X-Forwarded-* and drawn variation only with it (another process on the
 * machine may connect to its loopback port too).
 */
export const EDGE_SECRET_HEADER = 'x-swipe-edge';

export type TEdgeSettings = {
  /** Where visitors connect. */
  port: number;
  host: string;
  /** The main thread's server, on loopback. */
  upstreamPort: number;
  /** Sent with every request passed on (EDGE_SECRET_HEADER). */
  secret: string;
  /** How long a drain waits for the requests under way. */
  drainTimeoutMs: number;
  consoleHost: string | null;
  /** Proxies in front of the edge whose X-Forwarded-* headers are trusted. */
  trustProxyHops: number;
  /** The main thread's server's timeouts, so a connection lives as long on either. */
  keepAliveTimeout: number;
  headersTimeout: number;
  requestTimeout: number;
};

/** Main thread to edge. */
export type TToEdge =
  | { op: 'put'; key: string; entry: TCachedPage }
  | { op: 'split'; key: string; split: TSplit | null }
  | { op: 'invalidate'; siteId: string }
  | { op: 'invalidateAll' }
  | { op: 'listening'; value: boolean }
  | { op: 'stamp'; id: number; stamp: string | null; failed?: boolean }
  | { op: 'drain' };

/** Edge to main thread. */
export type TFromEdge =
  | { op: 'ready'; port: number }
  | { op: 'failed'; message: string; code?: string }
  | { op: 'stamp'; id: number; siteId: string }
  | { op: 'drained' };

/** Headers of one connection only, never passed on (RFC 9110, Connection). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'transfer-encoding',
]);
/** The names a Connection header lists are of that connection only too. */
function connectionNames(raw: string[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === 'connection')
      for (const name of raw[i + 1]!.split(',')) names.add(name.trim().toLowerCase());
  return names;
}
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

/**
 * The request's headers as the main thread gets them (raw, in order). The edge is one more proxy
 * hop, trusted by the main thread: it adds the address it saw to X-Forwarded-For. When no proxy
 * in front is trusted, what the client claimed is dropped first, so the main thread reads the
 * same client address, protocol and host as it would with the connection itself.
 */
export function forwardedRequestHeaders(
  req: IncomingMessage,
  opts: { trustProxyHops: number; secret: string; drawnVariation?: string },
): string[] {
  const trusted = opts.trustProxyHops > 0;
  const raw = req.rawHeaders;
  const listed = connectionNames(raw);
  const out: string[] = [];
  let forwardedFor: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    // A chunked body is passed on chunked again by node:http (Transfer-Encoding is re-added).
    if (lower === 'transfer-encoding') {
      out.push(name, raw[i + 1]!);
      continue;
    }
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    if (lower === DRAWN_VARIATION_HEADER || lower === EDGE_SECRET_HEADER) continue;
    if (FORWARDED.has(lower)) {
      if (!trusted) continue;
      if (lower === 'x-forwarded-for') {
        forwardedFor = forwardedFor === null ? raw[i + 1]! : `${forwardedFor}, ${raw[i + 1]}`;
        continue;
      }
    }
    out.push(name, raw[i + 1]!);
  }
  const peer = req.socket.remoteAddress ?? '';
  out.push('x-forwarded-for', forwardedFor === null ? peer : `${forwardedFor}, ${peer}`);
  if (!trusted) out.push('x-forwarded-proto', 'http');
  if (opts.drawnVariation !== undefined) out.push(DRAWN_VARIATION_HEADER, opts.drawnVariation);
  out.push(EDGE_SECRET_HEADER, opts.secret);
  return out;
}

/**
 * The main thread's answer headers (raw) without those of its connection to the edge: node:http
 * frames the body for the client itself (chunked for HTTP/1.1, to the close for HTTP/1.0).
 */
export function answerHeaders(raw: string[]): string[] {
  const listed = connectionNames(raw);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}
