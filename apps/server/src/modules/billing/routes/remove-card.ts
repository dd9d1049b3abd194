import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { removeCard } from '../billing-cards.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/billing/cards/:id',
  summary:
    'Removes a saved card (also at the provider); the newest other card becomes the default, or bank transfer the method',
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, caller, params, req }) => {
    await removeCard(ctx, { caller, id: params.id });
    return { data: null, message: translate('billing.cardRemoved', req.lang) };
  },
});
