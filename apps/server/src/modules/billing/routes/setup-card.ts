import { ZCardSetup } from '@swipe/contracts/billing';
import { envelope } from '@swipe/contracts/envelope';
import { defineRoute } from '../../../platform/route';
import { cardSetup } from '../billing-cards.service';

export default defineRoute({
  method: 'POST',
  url: '/api/billing/cards/setup',
  summary:
    'Starts adding a card: with Stripe a SetupIntent (the card goes from the browser to Stripe), in test mode the test tokenizer',
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  response: envelope(ZCardSetup),
  handler: async ({ ctx, caller }) => ({ data: await cardSetup(ctx, caller) }),
});
