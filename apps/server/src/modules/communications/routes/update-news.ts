import { ZIdParams } from '@swipe/contracts/accounts';
import { ZNewsInput, ZNewsResponse } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { updateNews } from '../news.service';
import { NEWS_ROLES } from '../news-roles';

export default defineRoute({
  method: 'PUT',
  url: '/api/latest-information/:id',
  summary: 'Saves latest information; its sites show the change without a republish',
  tags: ['communications'],
  guard: { roles: NEWS_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZNewsInput,
  response: ZNewsResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateNews(ctx, { caller, id: params.id, input: body, ip: req.ip }),
    message: translate('communications.saved', req.lang),
  }),
});
