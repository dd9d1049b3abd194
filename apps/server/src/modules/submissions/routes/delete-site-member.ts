import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { ZSiteMemberParams } from '@swipe/contracts/submissions';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { deleteMember } from '../submissions.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/site-member/:id/:memberId',
  summary: 'Delete a member of a site: its sessions end at once',
  tags: ['submissions'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZSiteMemberParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteMember(ctx, { caller, siteId: params.id, memberId: params.memberId, ip: req.ip });
    return { data: null, message: translate('visitors.memberDeleted', req.lang) };
  },
});
