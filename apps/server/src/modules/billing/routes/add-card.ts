import { ZAddCardBody, ZPaymentCard } from '@swipe/contracts/billing';
import { envelope } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { addCard } from '../billing-cards.service';
import { CardRejectedError } from '../payment-provider';

export default defineRoute({
  method: 'POST',
  url: '/api/billing/cards',
  summary:
    'Saves a card the provider vouches for (a Stripe PaymentMethod id or a test-mode token); the first becomes the default',
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  body: ZAddCardBody,
  status: 201,
  response: envelope(ZPaymentCard),
  handler: async ({ ctx, caller, body, req }) => {
    try {
      const data = await addCard(ctx, { caller, token: body.token });
      return { data, message: translate('billing.cardAdded', req.lang) };
    } catch (error) {
      if (error instanceof CardRejectedError) throw new AppError(400, 'VALIDATION_FAILED', error.messageKey);
      throw error;
    }
  },
});
