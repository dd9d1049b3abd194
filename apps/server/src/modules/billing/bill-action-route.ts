import { ZIdParams } from '@swipe/contracts/accounts';
import { ZBillActionBody, ZBillResponse, ZForceCompleteBody } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../platform/route';
import { operatorMove } from './billing.service';

/**
 * MASTER's three moves of a bill differ only in address, move, body and message; each keeps its
 * own file under routes/, naming its address, and builds itself here.
 */
export function defineBillActionRoute(opts: {
  url: `/api/bills/:id/${string}`;
  move: 'MARK_PAID' | 'FORCE_COMPLETE' | 'VOID';
  summary: string;
  message: 'billing.markedPaid' | 'billing.forceCompleted' | 'billing.voided';
}) {
  return defineRoute({
    method: 'POST',
    url: opts.url,
    summary: opts.summary,
    tags: ['billing'],
    guard: { roles: ['MASTER'], authority: 'EDIT' },
    params: ZIdParams,
    body: opts.move === 'FORCE_COMPLETE' ? ZForceCompleteBody : ZBillActionBody,
    response: ZBillResponse,
    handler: async ({ ctx, params, caller, body, req }) => {
      const data = await operatorMove(ctx, { caller, id: params.id, move: opts.move, reason: body.reason });
      return { data, message: translate(opts.message, req.lang) };
    },
  });
}
