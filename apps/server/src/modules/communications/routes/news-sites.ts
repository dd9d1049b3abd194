import { ZNewsSiteOptionsResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { newsSiteOptions } from '../news.service';
import { NEWS_ROLES } from '../news-roles';

export default defineRoute({
  method: 'GET',
  url: '/api/latest-information/sites',
  summary: 'The sites the caller may publish latest information to (its subtree)',
  tags: ['communications'],
  guard: { roles: NEWS_ROLES, authority: 'VIEW' },
  response: ZNewsSiteOptionsResponse,
  handler: async ({ ctx, caller }) => ({ data: await newsSiteOptions(ctx, caller) }),
});
