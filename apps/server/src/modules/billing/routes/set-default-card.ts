import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { setDefaultCard } from '../billing-cards.service';

export default defineRoute({
  method: 'POST',
  url: '/api/billing/cards/:id/default',
  summary: 'Makes a saved card the one card bills are charged to',
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, caller, params, req }) => {
    await setDefaultCard(ctx, { caller, id: params.id });
    return { data: null, message: translate('billing.cardDefaultSet', req.lang) };
  },
});
