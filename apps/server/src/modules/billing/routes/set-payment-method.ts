import { ZPaymentMethodBody } from '@swipe/contracts/billing';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { setPaymentMethod } from '../billing-cards.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/billing/method',
  summary: 'How the next bills are paid: CARD (needs a default card) or BANK_TRANSFER',
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  body: ZPaymentMethodBody,
  response: ZMessageOnly,
  handler: async ({ ctx, caller, body, req }) => {
    await setPaymentMethod(ctx, { caller, method: body.method });
    return { data: null, message: translate('billing.methodChanged', req.lang) };
  },
});
