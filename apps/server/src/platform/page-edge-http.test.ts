import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  answerHeaders,
  DRAWN_VARIATION_HEADER,
  EDGE_SECRET_HEADER,
  forwardedRequestHeaders,
} from './page-edge-http';

// What the page edge tells the main thread about a request, and what it keeps of the answer.

const request = (rawHeaders: string[], remoteAddress = '198.51.100.7') =>
  ({ rawHeaders, socket: { remoteAddress } }) as unknown as IncomingMessage;

const asObject = (raw: string[]) => {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = [...(out[name] ?? []), raw[i + 1]!];
  }
  return out;
};

describe('the request the edge passes on', () => {
  it('replaces what a client claims about itself when no proxy in front is trusted', () => {
    const raw = forwardedRequestHeaders(
      request([
        'Host',
        'lp.example',
        'X-Forwarded-For',
        '203.0.113.1',
        'X-Forwarded-Host',
        'evil.example',
        'X-Forwarded-Proto',
        'https',
        'Cookie',
        'a=1',
        DRAWN_VARIATION_HEADER,
        'mine',
        EDGE_SECRET_HEADER,
        'guessed',
      ]),
      { trustProxyHops: 0, secret: 's3cret' },
    );
    expect(asObject(raw)).toEqual({
      host: ['lp.example'],
      cookie: ['a=1'],
      'x-forwarded-for': ['198.51.100.7'],
      'x-forwarded-proto': ['http'],
      [EDGE_SECRET_HEADER]: ['s3cret'],
    });
  });

  it('adds its peer to the chain of trusted proxies and keeps what they said', () => {
    const raw = forwardedRequestHeaders(
      request(
        [
          'Host',
          'lp.example',
          'X-Forwarded-For',
          '203.0.113.1',
          'x-forwarded-for',
          '10.0.0.2',
          'X-Forwarded-Proto',
          'https',
        ],
        '10.0.0.3',
      ),
      { trustProxyHops: 1, secret: 's3cret', drawnVariation: 'v2' },
    );
    expect(asObject(raw)).toEqual({
      host: ['lp.example'],
      'x-forwarded-proto': ['https'],
      'x-forwarded-for': ['203.0.113.1, 10.0.0.2, 10.0.0.3'],
      [DRAWN_VARIATION_HEADER]: ['v2'],
      [EDGE_SECRET_HEADER]: ['s3cret'],
    });
  });

  it('drops the headers of the client connection itself, and passes a chunked body on chunked', () => {
    const raw = forwardedRequestHeaders(
      request([
        'Connection',
        'keep-alive, X-Hop',
        'X-Hop',
        '1',
        'Keep-Alive',
        'timeout=5',
        'Expect',
        '100-continue',
        'Transfer-Encoding',
        'chunked',
      ]),
      { trustProxyHops: 0, secret: 's3cret' },
    );
    expect(Object.keys(asObject(raw))).toEqual([
      'transfer-encoding',
      'x-forwarded-for',
      'x-forwarded-proto',
      EDGE_SECRET_HEADER,
    ]);
  });
});

describe('the answer the edge passes back', () => {
  it('keeps every header but those of its own connection, repeated ones included, and leaves framing to node', () => {
    expect(
      answerHeaders([
        'Set-Cookie',
        'a=1',
        'Connection',
        'keep-alive, X-Hop',
        'Set-Cookie',
        'b=2',
        'X-Hop',
        '1',
        'Keep-Alive',
        'timeout=72',
        'Transfer-Encoding',
        'chunked',
        'Content-Type',
        'text/plain',
      ]),
    ).toEqual(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2', 'Content-Type', 'text/plain']);
  });
});
