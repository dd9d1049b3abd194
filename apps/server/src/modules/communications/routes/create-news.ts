import { ZNewsInput, ZNewsResponse } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { createNews } from '../news.service';
import { NEWS_ROLES } from '../news-roles';

export default defineRoute({
  method: 'POST',
  status: 201,
  url: '/api/latest-information',
  summary:
    "Creates latest information for sites of the caller's subtree (a draft, or published at once or from its start)",
  tags: ['communications'],
  guard: { roles: NEWS_ROLES, authority: 'EDIT' },
  body: ZNewsInput,
  response: ZNewsResponse,
  handler: async ({ ctx, body, caller, req }) => ({
    data: await createNews(ctx, { caller, input: body, ip: req.ip }),
    message: translate('communications.created', req.lang),
  }),
});
