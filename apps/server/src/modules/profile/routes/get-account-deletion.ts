import { ZGetAccountDeletionResponse } from '@swipe/contracts/profile';
import { defineRoute } from '../../../platform/route';
import { deletionSummary } from '../account-deletion.service';

export default defineRoute({
  method: 'GET',
  url: '/api/account/deletion',
  summary: 'What deleting the own account would take away: contract, accounts below, people',
  tags: ['profile'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'USER'], authority: 'VIEW', holderOnly: true },
  response: ZGetAccountDeletionResponse,
  handler: async ({ ctx, caller }) => ({ data: await deletionSummary(ctx, { caller }) }),
});
