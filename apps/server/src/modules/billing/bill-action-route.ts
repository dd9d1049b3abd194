import { ZIdParams } from '@swipe/contracts/accounts';
import { ZBillActionBody, ZBillResponse, ZForceCompleteBody } from '@swipe/contracts/billing';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../platform/route';
import { operatorMove } from './billing.service';

/**
 * MASTER's three moves of a bill differ only in path, move, body and message; each keeps its
 * own file under routes/ and builds itself here.
 */
export function defineBillActionRoute(opts: {
  move: 'MARK_PAID' | 'FORCE_COMPLETE' | 'VOID';
  path: string;
  summary: string;
  message: 'billing.markedPaid' | 'billing.forceCompleted' | 'billing.voided';
}) {
  return defineRoute({
    method: 'POST',
    url: `/api/bills/:id/${opts.path}`,
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
