import { translate } from '@swipe/contracts/messages';
import { ZCreateSiteRequest, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { createSiteFromTemplate } from '../site-from-template';
import { createSite } from '../sites.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site',
  summary:
    'Create a site (a draft) from a whole site document, or from a starter site (template_id, see GET /api/site-templates), within the plan',
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  bodyLimit: 8 * 1024 * 1024,
  body: ZCreateSiteRequest,
  response: ZSiteDetailResponse,
  status: 201,
  handler: async ({ ctx, body, caller, req }) => {
    const { accountId, templateId } = body;
    if (templateId) {
      const { detail, templateName } = await createSiteFromTemplate(ctx, {
        caller,
        accountId,
        templateId,
        defaultLanguage: body.defaultLanguage,
        lang: req.lang,
        ip: req.ip,
      });
      return { data: detail, message: translate('siteTemplates.created', req.lang, { name: templateName }) };
    }
    // The request schema lets exactly one of the two through.
    const document = body.document!;
    return {
      data: await createSite(ctx, { caller, accountId, document, lang: req.lang, ip: req.ip }),
      message: translate('sites.created', req.lang),
    };
  },
});
