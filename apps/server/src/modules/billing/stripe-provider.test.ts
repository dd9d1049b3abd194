import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardRejectedError, type TPaymentProvider, WebhookSignatureError } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import {
  stripeEvent as event,
  signStripe as signed,
  TEST_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from './stripe-test-kit';

// A fake Stripe API on 127.0.0.1: it records every request and answers like Stripe would.

type TRecorded = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};
type TAnswer = { status?: number; body: unknown; headers?: Record<string, string> };

const requests: TRecorded[] = [];
let answer: (req: TRecorded) => TAnswer | undefined = () => undefined;

const paymentMethod = (id: string, customer: string | null) => ({
  id,
  object: 'payment_method',
  type: 'card',
  customer,
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
});
const paymentIntent = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'pi_1',
  object: 'payment_intent',
  amount: 11000,
  currency: 'jpy',
  status,
  metadata: { bill_id: 'bill-1' },
  ...extra,
});
const declined = {
  status: 402,
  body: {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: 'pi_x', object: 'payment_intent', status: 'requires_payment_method' },
    },
  },
};

/** What the fake answers when a test does not say otherwise. */
function defaultAnswer(req: TRecorded): TAnswer {
  const { method, path } = req;
  if (method === 'POST' && path === '/v1/customers')
    return { body: { id: 'cus_1', object: 'customer', name: req.form.name, email: req.form.email } };
  if (method === 'POST' && path === '/v1/setup_intents')
    return {
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_abc',
        status: 'requires_payment_method',
      },
    };
  let m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
  if (method === 'GET' && m) return { body: paymentMethod(m[1]!, null) };
  m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
  if (method === 'POST' && m) return { body: paymentMethod(m[1]!, req.form.customer ?? null) };
  m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
  if (method === 'POST' && m) return { body: paymentMethod(m[1]!, null) };
  if (method === 'POST' && path === '/v1/payment_intents') return { body: paymentIntent('succeeded') };
  return {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    },
  };
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: TRecorded = {
      method: req.method ?? '',
      path: url.pathname,
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
    };
    requests.push(recorded);
    const a = answer(recorded) ?? defaultAnswer(recorded);
    res.writeHead(a.status ?? 200, {
      'content-type': 'application/json',
      'request-id': `req_${requests.length}`,
      ...a.headers,
    });
    res.end(JSON.stringify(a.body));
  });
});

let provider: TPaymentProvider;
let port: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  provider = createStripeProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  answer = () => undefined;
});

const charge = (over: Partial<Parameters<TPaymentProvider['charge']>[0]> = {}) =>
  provider.charge({
    customerId: 'cus_1',
    providerCardId: 'pm_1',
    amount: 11_000,
    billId: 'bill-1',
    description: 'Invoice INV-2026-04-0001',
    idempotencyKey: 'charge-bill-1-1',
    ...over,
  });

describe('Stripe payment provider', () => {
  it('is the STRIPE kind; test mode follows the key', () => {
    expect(provider.kind).toBe('STRIPE');
    expect(provider.testMode).toBe(true);
    const live = createStripeProvider({
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
    });
    expect(live.testMode).toBe(false);
  });

  describe('customers and cards', () => {
    it('makes a customer once per account, with an idempotency key of the account', async () => {
      const account = { id: 'acc-1', name: 'Acme', email: 'billing@acme.test' };
      expect(await provider.ensureCustomer(account, null)).toBe('cus_1');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        method: 'POST',
        path: '/v1/customers',
        form: { name: 'Acme', email: 'billing@acme.test', 'metadata[account_id]': 'acc-1' },
        idempotencyKey: 'customer-acc-1',
        authorization: 'Bearer sk_test_fake',
      });
      expect(await provider.ensureCustomer(account, 'cus_old')).toBe('cus_old');
      expect(requests).toHaveLength(1);
    });

    it('sets a card up off-session and hands the console the publishable key', async () => {
      expect(await provider.cardSetup('cus_1')).toEqual({
        provider: 'STRIPE',
        publishableKey: 'pk_test_fake',
        clientSecret: 'seti_1_secret_abc',
      });
      expect(requests[0]).toMatchObject({
        path: '/v1/setup_intents',
        form: { customer: 'cus_1', 'allowed_payment_method_types[0]': 'card', usage: 'off_session' },
      });
    });

    it('attaches a payment method that is not yet the customer’s, and reads the card', async () => {
      expect(await provider.attachCard('cus_1', 'pm_1')).toEqual({
        providerCardId: 'pm_1',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /v1/payment_methods/pm_1',
        'POST /v1/payment_methods/pm_1/attach',
      ]);
      expect(requests[1]!.form).toEqual({ customer: 'cus_1' });
    });

    it('does not attach again one the SetupIntent attached already', async () => {
      answer = (r) => (r.method === 'GET' ? { body: paymentMethod('pm_1', 'cus_1') } : undefined);
      await provider.attachCard('cus_1', 'pm_1');
      expect(requests.map((r) => r.method)).toEqual(['GET']);
    });

    it('turns Stripe refusals into CardRejectedError', async () => {
      answer = (r) => (r.path.endsWith('/attach') ? declined : undefined);
      await expect(provider.attachCard('cus_1', 'pm_1')).rejects.toMatchObject({
        constructor: CardRejectedError,
        messageKey: 'billing.cardDeclined',
      });
      answer = (r) =>
        r.method === 'GET'
          ? {
              status: 404,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  message: 'No such PaymentMethod',
                },
              },
            }
          : undefined;
      await expect(provider.attachCard('cus_1', 'pm_missing')).rejects.toMatchObject({
        constructor: CardRejectedError,
        messageKey: 'billing.cardAddFailed',
      });
      await expect(provider.attachCard('cus_1', 'tok_test_abc')).rejects.toBeInstanceOf(CardRejectedError);
    });

    it('detaches a card', async () => {
      await provider.detachCard('cus_1', 'pm_1');
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_methods/pm_1/detach']);
    });
  });

  describe('charge', () => {
    it('charges yen off-session with the caller’s idempotency key', async () => {
      expect(await charge()).toEqual({ status: 'succeeded', paymentId: 'pi_1' });
      expect(requests).toHaveLength(1);
      const r = requests[0]!;
      expect(r).toMatchObject({
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: 'charge-bill-1-1',
      });
      expect(r.form).toMatchObject({
        amount: '11000',
        currency: 'jpy',
        customer: 'cus_1',
        payment_method: 'pm_1',
        off_session: 'true',
        confirm: 'true',
        description: 'Invoice INV-2026-04-0001',
        'metadata[bill_id]': 'bill-1',
        'allowed_payment_method_types[0]': 'card',
      });
    });

    it('leaves processing and requires_action to the webhook', async () => {
      answer = () => ({ body: paymentIntent('processing') });
      expect(await charge()).toEqual({ status: 'pending', paymentId: 'pi_1' });
      answer = () => ({ body: paymentIntent('requires_action') });
      expect(await charge()).toEqual({ status: 'pending', paymentId: 'pi_1' });
    });

    it('fails a declined card with Stripe’s message and the PaymentIntent', async () => {
      answer = () => declined;
      expect(await charge()).toEqual({
        status: 'failed',
        paymentId: 'pi_x',
        code: 'card_declined',
        message: 'Your card was declined.',
      });
      // The issuer's reason when Stripe gives one.
      answer = () => ({
        status: 402,
        body: {
          error: {
            ...declined.body.error,
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        },
      });
      expect(await charge()).toMatchObject({ status: 'failed', code: 'insufficient_funds' });
      answer = () => ({
        status: 402,
        body: {
          error: { type: 'card_error', code: 'authentication_required', message: 'Authentication required.' },
        },
      });
      expect(await charge()).toEqual({
        status: 'failed',
        paymentId: null,
        code: 'authentication_required',
        message: 'Authentication required.',
      });
    });

    it('throws on a 500 or a network failure, so the caller retries with the same key', async () => {
      answer = () => ({
        status: 500,
        body: { error: { type: 'api_error', message: 'Something went wrong.' } },
      });
      await expect(charge()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
      const unreachable = createStripeProvider({
        secretKey: 'sk_test_fake',
        publishableKey: 'pk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: 1,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      await expect(
        unreachable.charge({
          customerId: 'cus_1',
          providerCardId: 'pm_1',
          amount: 1,
          billId: 'b',
          description: 'd',
          idempotencyKey: 'k',
        }),
      ).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    });

    it('retries a 5xx itself with the same idempotency key when allowed to', async () => {
      const retrying = createStripeProvider({
        secretKey: 'sk_test_fake',
        publishableKey: 'pk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 1,
      });
      answer = () =>
        requests.length === 1
          ? { status: 503, body: { error: { type: 'api_error', message: 'Try again.' } } }
          : undefined;
      expect(
        await retrying.charge({
          customerId: 'cus_1',
          providerCardId: 'pm_1',
          amount: 11_000,
          billId: 'bill-1',
          description: 'd',
          idempotencyKey: 'charge-bill-1-2',
        }),
      ).toEqual({ status: 'succeeded', paymentId: 'pi_1' });
      expect(requests.map((r) => r.idempotencyKey)).toEqual(['charge-bill-1-2', 'charge-bill-1-2']);
    });
  });

  describe('webhooks', () => {
    it('reads a signed payment_intent.succeeded', () => {
      const payload = event('payment_intent.succeeded', paymentIntent('succeeded'));
      expect(provider.parseWebhook(Buffer.from(payload), signed(payload))).toEqual({
        id: 'evt_1',
        type: 'payment.succeeded',
        billId: 'bill-1',
        paymentId: 'pi_1',
        customerId: null,
        amount: 11000,
        currency: 'jpy',
      });
    });

    it("reads the payment's customer, whether an id or an expanded object", () => {
      for (const customer of ['cus_1', { id: 'cus_1', object: 'customer' }]) {
        const payload = event('payment_intent.succeeded', paymentIntent('succeeded', { customer }));
        expect(provider.parseWebhook(Buffer.from(payload), signed(payload))).toMatchObject({
          customerId: 'cus_1',
        });
      }
    });

    it('reads a signed payment_intent.payment_failed with the reason', () => {
      const payload = event(
        'payment_intent.payment_failed',
        paymentIntent('requires_payment_method', {
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'expired_card',
            message: 'Your card has expired.',
          },
        }),
      );
      expect(provider.parseWebhook(Buffer.from(payload), signed(payload))).toEqual({
        id: 'evt_1',
        type: 'payment.failed',
        billId: 'bill-1',
        paymentId: 'pi_1',
        customerId: null,
        amount: 11000,
        currency: 'jpy',
        message: 'Your card has expired.',
        code: 'expired_card',
      });
    });

    it('refuses a wrong secret, an altered body, a missing header and an old timestamp', () => {
      const payload = event('payment_intent.succeeded', paymentIntent('succeeded'));
      const body = Buffer.from(payload);
      expect(() => provider.parseWebhook(body, signed(payload, { secret: 'whsec_other' }))).toThrow(
        WebhookSignatureError,
      );
      const altered = Buffer.from(payload.replace('bill-1', 'bill-2'));
      expect(() => provider.parseWebhook(altered, signed(payload))).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, '')).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, 'not a signature')).toThrow(WebhookSignatureError);
      const oneMinuteAgo = Math.floor(Date.now() / 1000) - 60;
      expect(provider.parseWebhook(body, signed(payload, { timestamp: oneMinuteAgo }))).not.toBeNull();
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
      expect(() => provider.parseWebhook(body, signed(payload, { timestamp: tenMinutesAgo }))).toThrow(
        WebhookSignatureError,
      );
    });

    it('ignores other events and payments of no bill', () => {
      const other = event('customer.created', { id: 'cus_1', object: 'customer' });
      expect(provider.parseWebhook(Buffer.from(other), signed(other))).toBeNull();
      const noBill = event('payment_intent.succeeded', paymentIntent('succeeded', { metadata: {} }));
      expect(provider.parseWebhook(Buffer.from(noBill), signed(noBill))).toBeNull();
    });
  });
});
