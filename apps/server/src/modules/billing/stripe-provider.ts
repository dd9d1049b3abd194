import Stripe from 'stripe';
import {
  CardRejectedError,
  type TChargeResult,
  type TPaymentEvent,
  type TPaymentProvider,
  WebhookSignatureError,
} from './payment-provider';

// The Stripe payment provider (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET).
// Cards are collected by Stripe.js in the browser against a SetupIntent, so a card number never
// reaches this server; bills are charged off-session with a PaymentIntent whose idempotency key
// is the caller's, so a retried call never charges twice. `host`, `port` and `protocol` point
// the SDK elsewhere (tests run a fake API on 127.0.0.1).

export type TStripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** How often the SDK retries a network failure or a 5xx itself, with the same idempotency key (2). */
  maxNetworkRetries?: number;
};

const { StripeCardError, StripeInvalidRequestError } = Stripe.errors;

/**
 * Why Stripe refused a charge, as one code: the issuer's `decline_code` (insufficient_funds,
 * expired_card, ...) when it gives one other than the catch-all, else the error's `code`.
 */
export function failureCode(error: { code?: string | null; decline_code?: string | null }): string {
  const decline = error.decline_code;
  if (decline && decline !== 'generic_decline') return decline;
  return error.code || 'card_declined';
}

export function createStripeProvider(opts: TStripeProviderOptions): TPaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    // Network failures and 5xx answers are retried by the SDK with the same idempotency key.
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    timeout: 30_000,
    telemetry: false,
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
  });

  /** A refusal the person adding the card can act on; anything else (outage, bad key) throws as is. */
  function rejected(err: unknown): never {
    if (err instanceof StripeCardError)
      throw new CardRejectedError(
        err.message,
        err.code === 'card_declined' ? 'billing.cardDeclined' : 'billing.cardAddFailed',
      );
    if (err instanceof StripeInvalidRequestError)
      throw new CardRejectedError(err.message, 'billing.cardAddFailed');
    throw err;
  }

  return {
    kind: 'STRIPE',
    testMode: /^(sk|rk)_test_/.test(opts.secretKey),

    async ensureCustomer(account, existing) {
      if (existing) return existing;
      const customer = await stripe.customers.create(
        { name: account.name, email: account.email, metadata: { account_id: account.id } },
        // Two processes (or a retry) making the account's customer at once make one customer.
        { idempotencyKey: `customer-${account.id}` },
      );
      return customer.id;
    },

    async cardSetup(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        // Called `payment_method_types` before API version 2026-09-30 (stripe-node 23).
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
      });
      if (!intent.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret');
      return { provider: 'STRIPE', publishableKey: opts.publishableKey, clientSecret: intent.client_secret };
    },

    async attachCard(customerId, paymentMethodId) {
      if (!/^pm_[A-Za-z0-9_]+$/.test(paymentMethodId))
        throw new CardRejectedError('Not a Stripe PaymentMethod id.', 'billing.cardAddFailed');
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
        // A confirmed SetupIntent has attached it already; one of another customer cannot be taken.
        if (owner !== customerId)
          pm = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      } catch (err) {
        rejected(err);
      }
      const card = pm.card;
      if (pm.type !== 'card' || !card)
        throw new CardRejectedError('The payment method is not a card.', 'billing.cardAddFailed');
      return {
        providerCardId: pm.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },

    async detachCard(_customerId, providerCardId) {
      await stripe.paymentMethods.detach(providerCardId);
    },

    async charge(o): Promise<TChargeResult> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: o.amount,
            currency: 'jpy',
            customer: o.customerId,
            payment_method: o.providerCardId,
            // Cards only: with automatic payment methods, confirming without a return_url is refused.
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: o.description,
            metadata: { bill_id: o.billId },
          },
          { idempotencyKey: o.idempotencyKey },
        );
      } catch (err) {
        // A decline (or a card that needs its holder, authentication_required) ends this attempt;
        // so does a request Stripe refuses for good (the card was removed): the same key would
        // only be refused again. Network failures, 5xx and rate limits throw: the caller retries.
        if (err instanceof StripeCardError)
          return {
            status: 'failed',
            paymentId: err.payment_intent?.id ?? null,
            code: failureCode(err),
            message: err.message,
          };
        if (err instanceof StripeInvalidRequestError)
          return {
            status: 'failed',
            paymentId: err.payment_intent?.id ?? null,
            code: 'card_unavailable',
            message: err.message,
          };
        throw err;
      }
      switch (intent.status) {
        case 'succeeded':
          return { status: 'succeeded', paymentId: intent.id };
        case 'requires_payment_method':
        case 'canceled':
          return {
            status: 'failed',
            paymentId: intent.id,
            code: intent.last_payment_error ? failureCode(intent.last_payment_error) : 'card_declined',
            message: intent.last_payment_error?.message ?? 'The payment was not completed.',
          };
        default:
          // processing, requires_action, ...: the webhook says how it ends.
          return { status: 'pending', paymentId: intent.id };
      }
    },

    parseWebhook(rawBody, signature): TPaymentEvent | null {
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid webhook signature.');
      }
      if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
        return null;
      const pi = event.data.object;
      const billId = pi.metadata?.bill_id;
      if (!billId) return null;
      // What the billing module compares with the bill before it moves anything.
      const payment = {
        id: event.id,
        billId,
        paymentId: pi.id,
        customerId: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null),
        amount: pi.amount,
        currency: pi.currency,
      };
      if (event.type === 'payment_intent.succeeded') return { ...payment, type: 'payment.succeeded' };
      const error = pi.last_payment_error;
      return {
        ...payment,
        type: 'payment.failed',
        ...(error?.message ? { message: error.message } : {}),
        ...(error ? { code: failureCode(error) } : {}),
      };
    },
  };
}
