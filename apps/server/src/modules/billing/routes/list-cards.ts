import { ZCardsResponse } from '@swipe/contracts/billing';
import { defineRoute } from '../../../platform/route';
import { listCards } from '../billing-cards.service';

export default defineRoute({
  method: 'GET',
  url: '/api/billing/cards',
  summary:
    "The account's saved cards (brand, last four digits, expiry), its payment method and whether payments run in test mode",
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'VIEW' },
  response: ZCardsResponse,
  handler: async ({ ctx, caller }) => ({ data: await listCards(ctx, caller) }),
});
