import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPreviewLinkResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { ownerPreviewLink } from '../../site-core/preview-link';
import { loadSite, SITE_VIEW_ROLES } from '../../site-core/site-access';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/preview-link',
  summary: "A signed address of the draft as visitors would see it (the editor's preview pane)",
  tags: ['sites'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZPreviewLinkResponse,
  handler: async ({ ctx, params, caller }) => {
    const { site } = await loadSite(ctx.db, caller, params.id);
    return { data: ownerPreviewLink(ctx, site.id) };
  },
});
