import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TCachedPage } from './page-cache';

// How a page of the page cache is answered: the few request headers a cached answer depends on,
// read without node:http building `req.headers`, and the entry written in the encoding asked for.

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string, name: string): string | null {
  let at = header.indexOf(`${name}=`);
  while (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';') at = header.indexOf(`${name}=`, at + 1);
  if (at < 0) return null;
  const start = at + name.length + 1;
  const end = header.indexOf(';', start);
  return header.slice(start, end < 0 ? undefined : end).trim();
}

/** The request headers a cached answer depends on. */
export type TSentHeaders = { host?: string; cookie?: string; acceptEncoding?: string; ifNoneMatch?: string };

/**
 * The headers a cached answer reads, found in one pass over the raw lines: node:http builds
 * `req.headers` (an object of every line) only when asked, and a hit need not ask. Repeated
 * lines are joined as node:http joins them (cookies with "; ", others with ", ").
 */
export function sentHeaders(req: IncomingMessage): TSentHeaders {
  const raw = req.rawHeaders;
  const out: TSentHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    // Names of these lengths only: most lines are skipped on their length alone.
    switch (name.length) {
      case 4:
        if (out.host === undefined && name.toLowerCase() === 'host') out.host = value;
        break;
      case 6:
        if (name.toLowerCase() === 'cookie')
          out.cookie = out.cookie === undefined ? value : `${out.cookie}; ${value}`;
        break;
      case 13:
        if (name.toLowerCase() === 'if-none-match')
          out.ifNoneMatch = out.ifNoneMatch === undefined ? value : `${out.ifNoneMatch}, ${value}`;
        break;
      case 15:
        if (name.toLowerCase() === 'accept-encoding')
          out.acceptEncoding = out.acceptEncoding === undefined ? value : `${out.acceptEncoding}, ${value}`;
        break;
    }
  }
  return out;
}

/**
 * Writes an entry in the encoding the client takes, or 304 when it holds this version, with
 * `setCookie` when given. The cookie goes into the headers written at once rather than through
 * res.setHeader, whose headers node:http then merges one by one with those given to writeHead.
 */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: TCachedPage,
  setCookie?: string,
  sent: TSentHeaders = sentHeaders(req),
) {
  const accept = sent.acceptEncoding ?? '';
  const body = accept.includes('br') ? entry.br : accept.includes('gzip') ? entry.gzip : entry.identity;
  let headers = body.headers;
  let notModified = body.notModified;
  if (setCookie !== undefined) {
    if (body.withCookie?.setCookie !== setCookie)
      body.withCookie = {
        setCookie,
        headers: { ...headers, 'set-cookie': setCookie },
        notModified: { ...notModified, 'set-cookie': setCookie },
      };
    headers = body.withCookie.headers;
    notModified = body.withCookie.notModified;
  }
  if (sent.ifNoneMatch === body.etag) {
    res.writeHead(304, notModified);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body.bytes);
}
