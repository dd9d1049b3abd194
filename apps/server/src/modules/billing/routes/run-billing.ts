import { ZRunBillingBody, ZRunBillingResponse } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { fieldError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { databaseNow } from '../../../platform/schedule';
import { monthIsOver, runMonth } from '../bill-run';

export default defineRoute({
  method: 'POST',
  url: '/api/billing/run',
  summary:
    'Bills a month that has ended now, as the run on the 1st does (MASTER); contracts billed for it already get nothing twice',
  tags: ['billing'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  body: ZRunBillingBody,
  response: ZRunBillingResponse,
  handler: async ({ ctx, body, req }) => {
    const now = await databaseNow(ctx.db);
    if (!monthIsOver(body.month, now)) throw fieldError('month', 'billing.monthNotOver');
    const { created, held } = await runMonth(ctx.db, body.month, now);
    ctx.nudgeJobs();
    return {
      data: { month: body.month, created, held },
      message:
        held > 0
          ? translate('billing.runHeld', req.lang, { held: String(held) })
          : translate('billing.runDone', req.lang),
    };
  },
});
