import Stripe from 'stripe';

// Tests only: Stripe events as Stripe sends them, signed the way Stripe signs them
// (`Stripe-Signature: t=...,v1=...`), for the provider's unit tests and the webhook route's.

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** The environment that makes the app use the Stripe provider with TEST_WEBHOOK_SECRET. */
export const TEST_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};

/** The JSON body of an event of `type` about `object`. */
export const stripeEvent = (type: string, object: Record<string, unknown>, id = 'evt_1') =>
  JSON.stringify({ id, object: 'event', type, data: { object }, api_version: Stripe.API_VERSION });

/** The Stripe-Signature header of `payload`. */
export const signStripe = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? TEST_WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
