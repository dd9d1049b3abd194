import { ZTestCardBody, ZTestCardTokenResponse } from '@swipe/contracts/billing';
import { AppError, fieldError, notFound } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { paymentProvider } from '../billing.service';
import { CardRejectedError } from '../payment-provider';
import { isTestProvider } from '../payment-providers';

export default defineRoute({
  method: 'POST',
  url: '/api/billing/test-cards',
  summary:
    'Test mode only (404 with Stripe): turns a test card into a token; 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. The number is never stored',
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  body: ZTestCardBody,
  response: ZTestCardTokenResponse,
  handler: async ({ ctx, body }) => {
    const provider = paymentProvider(ctx);
    if (!isTestProvider(provider)) throw notFound();
    try {
      return { data: { token: provider.tokenize(body) } };
    } catch (error) {
      if (error instanceof CardRejectedError)
        throw error.messageKey === 'billing.cardExpired'
          ? fieldError('exp_month', 'billing.cardExpired')
          : new AppError(400, 'VALIDATION_FAILED', error.messageKey);
      throw error;
    }
  },
});
