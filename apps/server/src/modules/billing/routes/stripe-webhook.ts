import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { readLimitedBody } from '../../../platform/raw-body';
import { defineRoute } from '../../../platform/route';
import { paymentProvider } from '../billing.service';
import { applyPaymentEvent } from '../payment-events';
import { WebhookSignatureError } from '../payment-provider';

// Stripe signs the exact bytes it sends: the body is read raw, never parsed before the check.
const WEBHOOK_MAX_BYTES = 256 * 1024;
const readRaw = readLimitedBody(
  WEBHOOK_MAX_BYTES,
  () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'common.payloadTooLarge'),
);

export default defineRoute({
  method: 'POST',
  url: '/api/billing/webhooks/stripe',
  summary:
    "Stripe's payment events, accepted only with a valid Stripe-Signature; a replayed or out-of-order event is acknowledged and moves nothing",
  tags: ['billing'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  bodyParsers: [
    { contentTypes: ['application/json', '*'], parse: (req, payload, ctx) => readRaw(req, payload, ctx) },
  ],
  response: z.object({ data: z.object({ received: z.boolean(), moved: z.boolean() }) }),
  handler: async ({ ctx, req }) => {
    const provider = paymentProvider(ctx);
    if (provider.kind !== 'STRIPE') throw new AppError(404, 'NOT_FOUND', 'common.notFound');
    let event: ReturnType<typeof provider.parseWebhook>;
    try {
      event = provider.parseWebhook(
        req.body as Buffer,
        req.headers['stripe-signature'] as string | undefined,
      );
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new AppError(400, 'VALIDATION_FAILED', 'billing.webhookInvalid');
      throw error;
    }
    const moved = event ? await applyPaymentEvent(ctx, event) : false;
    return { data: { received: true, moved } };
  },
});
