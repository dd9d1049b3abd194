import type { TWebhookDelivery } from '@swipe/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import {
  DELIVERY_STATUS_COLOURS,
  deliveriesPollMs,
  IDLE_POLL_MS,
  IN_FLIGHT_POLL_MS,
  latestDelivery,
  maskSecret,
  payloadText,
  typedTestHost,
  urlErrorOf,
  visibleRows,
  webhooksPollMs,
} from './webhook-values';

const delivery = (over: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id: '5b1f0c3e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
  eventId: '6c2a1d4f-2e3b-4d4c-9f5a-1b2c3d4e5f60',
  kind: 'TEST',
  status: 'DELIVERED',
  attempts: 1,
  responseStatus: 200,
  error: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  deliveredAt: '2026-10-01T00:00:01.000Z',
  nextAttemptAt: null,
  body: '{"type":"test"}',
  ...over,
});

describe('polling', () => {
  it('asks every few seconds while a delivery is pending or retrying, slowly otherwise', () => {
    expect(deliveriesPollMs(undefined)).toBe(IDLE_POLL_MS);
    expect(deliveriesPollMs([])).toBe(IDLE_POLL_MS);
    expect(deliveriesPollMs([{ status: 'DELIVERED' }, { status: 'FAILED' }])).toBe(IDLE_POLL_MS);
    expect(deliveriesPollMs([{ status: 'DELIVERED' }, { status: 'PENDING' }])).toBe(IN_FLIGHT_POLL_MS);
    expect(deliveriesPollMs([{ status: 'RETRYING' }])).toBe(IN_FLIGHT_POLL_MS);
    expect(IN_FLIGHT_POLL_MS).toBeLessThanOrEqual(5_000);
  });

  it('refreshes the list only while a newest delivery is under way', () => {
    const at = '2026-10-01T00:00:00Z';
    expect(webhooksPollMs(undefined)).toBe(false);
    expect(webhooksPollMs([{ lastDelivery: null }])).toBe(false);
    expect(webhooksPollMs([{ lastDelivery: { status: 'FAILED', at, responseStatus: 500 } }])).toBe(false);
    expect(
      webhooksPollMs([
        { lastDelivery: null },
        { lastDelivery: { status: 'RETRYING', at, responseStatus: 503 } },
      ]),
    ).toBe(IN_FLIGHT_POLL_MS);
  });
});

describe('the newest delivery of a webhook', () => {
  const summary = { status: 'FAILED' as const, at: '2026-09-30T00:00:00Z', responseStatus: 500 };

  it("comes from the log once it is loaded (it is fresher), else from the list's summary", () => {
    expect(latestDelivery({ lastDelivery: summary }, undefined)).toEqual(summary);
    expect(latestDelivery({ lastDelivery: null }, [])).toBeNull();
    expect(latestDelivery({ lastDelivery: summary }, [delivery(), delivery({ status: 'FAILED' })])).toEqual({
      status: 'DELIVERED',
      at: '2026-10-01T00:00:01.000Z',
      responseStatus: 200,
    });
    // Not delivered yet: the time it was made.
    expect(
      latestDelivery({ lastDelivery: null }, [
        delivery({ status: 'PENDING', deliveredAt: null, responseStatus: null }),
      ]),
    ).toEqual({ status: 'PENDING', at: '2026-10-01T00:00:00.000Z', responseStatus: null });
  });

  it('has a colour for every status', () => {
    expect(Object.keys(DELIVERY_STATUS_COLOURS).sort()).toEqual([
      'DELIVERED',
      'FAILED',
      'PENDING',
      'RETRYING',
    ]);
  });
});

describe('maskSecret', () => {
  it('keeps the prefix and the last four characters only', () => {
    const secret = `whsec_${'0123456789abcdef'.repeat(4)}`;
    const masked = maskSecret(secret);
    expect(masked).toBe(`whsec_${'•'.repeat(12)}cdef`);
    expect(masked).not.toContain('0123');
  });

  it('shows nothing of a short secret and no prefix that is not one', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret('abc')).toBe('•'.repeat(12));
    expect(maskSecret('0123456789abcdef0123')).toBe(`${'•'.repeat(12)}0123`);
    expect(maskSecret('averyveryverylongprefix_0123456789abcdef')).toBe(`${'•'.repeat(12)}cdef`);
  });
});

describe('urlErrorOf', () => {
  it("puts the server's field error and the conflicts at the URL field", () => {
    const field = new ApiError('Use https', 'http', 400, 'VALIDATION_FAILED', { url: 'Use https' });
    expect(urlErrorOf(field)).toBe('Use https');
    expect(urlErrorOf(new ApiError('Already registered', 'http', 409, 'CONFLICT'))).toBe(
      'Already registered',
    );
  });

  it('leaves everything else to the form (a toast)', () => {
    expect(urlErrorOf(new ApiError('No answer', 'network'))).toBeNull();
    expect(urlErrorOf(new ApiError('Forbidden', 'http', 403, 'FORBIDDEN'))).toBeNull();
    expect(urlErrorOf(new ApiError('Bad', 'http', 400, 'VALIDATION_FAILED', { other: 'x' }))).toBeNull();
    expect(urlErrorOf(new Error('boom'))).toBeNull();
  });
});

describe('small readings', () => {
  it('indents the body as it was sent, and shows what is no JSON as it is', () => {
    expect(payloadText('{"a":1,"b":{"c_d":"e"}}')).toBe('{\n  "a": 1,\n  "b": {\n    "c_d": "e"\n  }\n}');
    expect(payloadText('not json')).toBe('not json');
  });

  it('shows the newest rows unless all are asked for', () => {
    const rows = [1, 2, 3, 4, 5];
    expect(visibleRows(rows, 3, false)).toEqual([1, 2, 3]);
    expect(visibleRows(rows, 3, true)).toEqual(rows);
    expect(visibleRows([1], 3, false)).toEqual([1]);
  });

  it('tells a typed URL on the .test domain (test mode)', () => {
    expect(typedTestHost('https://inbox.test/orders')).toBe(true);
    expect(typedTestHost('  https://INBOX.TEST/x ')).toBe(true);
    expect(typedTestHost('https://test/x')).toBe(true);
    expect(typedTestHost('https://contest.com/x')).toBe(false);
    expect(typedTestHost('https://example.test.com/x')).toBe(false);
    expect(typedTestHost('inbox.test')).toBe(false);
  });
});
