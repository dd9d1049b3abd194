import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { type TContractAction, ZContractActionResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../platform/route';
import { transitionContract } from './contracts.service';

/**
 * The suspend/resume/terminate endpoints differ only in address, summary and action; each keeps
 * its own file under routes/ (one endpoint per file), naming its address, and builds itself here.
 */
export function defineContractActionRoute(opts: {
  url: `/api/users/:id/contract/${string}`;
  action: TContractAction;
  summary: string;
}) {
  return defineRoute({
    method: 'POST',
    url: opts.url,
    summary: opts.summary,
    tags: ['users'],
    guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'EDIT' },
    params: ZIdParams,
    response: ZContractActionResponse,
    handler: async ({ ctx, params, caller, req }) => {
      const { detail, messageKey } = await transitionContract(ctx, {
        caller,
        userId: params.id,
        action: opts.action,
        ip: req.ip,
      });
      return { data: detail, message: translate(messageKey, req.lang) };
    },
  });
}
