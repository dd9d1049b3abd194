import { translate } from '@swipe/contracts/messages';
import {
  ZRestoreRevisionParams,
  ZRestoreRevisionRequest,
  ZSiteDetailResponse,
} from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { revisionDocument } from '../site-revisions';
import { updateSite } from '../sites.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/revisions/:revision/restore',
  summary:
    "Makes a saved revision's document the draft again, as a new revision (the published version is untouched)",
  tags: ['sites'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZRestoreRevisionParams,
  body: ZRestoreRevisionRequest,
  response: ZSiteDetailResponse,
  handler: async ({ ctx, params, body, caller, req }) => {
    const revision = /^\d+$/.test(params.revision) ? Number(params.revision) : -1;
    const document = await revisionDocument(ctx, { caller, siteId: params.id, revision });
    // Saved like any draft: the plan, media and contact-form rules of today apply to it.
    const { detail } = await updateSite(ctx, {
      caller,
      siteId: params.id,
      document,
      mode: 'DRAFT',
      revision: body.current,
      restoredFrom: revision,
      confirmContactReset: body.confirmContactReset,
      lang: req.lang,
      ip: req.ip,
    });
    return {
      data: await detail(),
      message: translate('sites.restored', req.lang, { revision }),
    };
  },
});
