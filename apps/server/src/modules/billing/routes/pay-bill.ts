import { ZIdParams } from '@swipe/contracts/accounts';
import { ZBillResponse } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { payBill } from '../billing.service';

export default defineRoute({
  method: 'POST',
  url: '/api/bills/:id/pay',
  summary: "The holder pays an unpaid or failed bill now with the account's default card",
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  params: ZIdParams,
  response: ZBillResponse,
  handler: async ({ ctx, params, caller, req }) => {
    const data = await payBill(ctx, { caller, id: params.id });
    return {
      data,
      message: translate(
        data.status === 'PAID' ? 'billing.paymentStarted' : 'billing.cardDeclined',
        req.lang,
      ),
    };
  },
});
