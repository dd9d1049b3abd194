import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { answerHeaders, DRAWN_VARIATION_HEADER, forwardedRequestHeaders } from './page-edge-http';

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
      ]),
      { trustProxyHops: 0 },
    );
    expect(asObject(raw)).toEqual({
      host: ['lp.example'],
      cookie: ['a=1'],
      'x-forwarded-for': ['198.51.100.7'],
      'x-forwarded-proto': ['http'],
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
      { trustProxyHops: 1, drawnVariation: 'v2' },
    );
    expect(asObject(raw)).toEqual({
      host: ['lp.example'],
      'x-forwarded-proto': ['https'],
      'x-forwarded-for': ['203.0.113.1, 10.0.0.2, 10.0.0.3'],
      [DRAWN_VARIATION_HEADER]: ['v2'],
    });
  });

  it('drops the headers of the client connection itself', () => {
    const raw = forwardedRequestHeaders(
      request([
        'Connection',
        'keep-alive',
        'Keep-Alive',
        'timeout=5',
        'Expect',
        '100-continue',
        'Content-Length',
        '3',
      ]),
      { trustProxyHops: 0 },
    );
    expect(Object.keys(asObject(raw))).toEqual(['content-length', 'x-forwarded-for', 'x-forwarded-proto']);
  });
});

describe('the answer the edge passes back', () => {
  it('keeps every header but those of its own connection to the main thread, repeated ones included', () => {
    expect(
      answerHeaders([
        'Set-Cookie',
        'a=1',
        'Connection',
        'keep-alive',
        'Set-Cookie',
        'b=2',
        'Keep-Alive',
        'timeout=72',
        'Transfer-Encoding',
        'chunked',
      ]),
    ).toEqual(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2', 'Transfer-Encoding', 'chunked']);
  });
});
