import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { deleteNews } from '../news.service';
import { NEWS_ROLES } from '../news-roles';

export default defineRoute({
  method: 'DELETE',
  url: '/api/latest-information/:id',
  summary: 'Deletes latest information; its sites stop showing it',
  tags: ['communications'],
  guard: { roles: NEWS_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteNews(ctx, { caller, id: params.id, ip: req.ip });
    return { data: null, message: translate('communications.deleted', req.lang) };
  },
});
