import { ZIdParams } from '@swipe/contracts/accounts';
import { paymentFailureKey, ZPayBillBody } from '@swipe/contracts/bill-payment';
import { ZBillResponse } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { payBill } from '../billing.service';

export default defineRoute({
  method: 'POST',
  url: '/api/bills/:id/pay',
  summary:
    "The holder pays an unpaid or failed bill now with the account's default card, or the saved card it chooses (card_id; make_default keeps it for the bills to come)",
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'EDIT' },
  params: ZIdParams,
  body: ZPayBillBody,
  response: ZBillResponse,
  handler: async ({ ctx, params, body, caller, req }) => {
    const data = await payBill(ctx, { caller, id: params.id, ...(body ?? {}) });
    // A failure reads as the text of its code in the caller's language, never the provider's words.
    const message =
      data.status === 'PAID'
        ? translate('billing.billPaid', req.lang)
        : data.status === 'FAILED'
          ? translate('billing.paymentFailed', req.lang, {
              reason: translate(paymentFailureKey(data.failureCode), req.lang),
            })
          : translate('billing.paymentStarted', req.lang);
    return { data, message };
  },
});
