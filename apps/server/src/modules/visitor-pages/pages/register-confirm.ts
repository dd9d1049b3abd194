import { translate } from '@swipe/contracts/messages';
import { confirmMember } from '../../members/members.service';
import { recordConversion } from '../../visits/visits.service';
import { one, queryOf, type TVisitorPageHandler } from '../visitor-page-kit';

/**
 * The mailed confirmation link: a GET only shows a button, so a mail scanner that opens the link
 * does not use it up; the POST completes the registration.
 */
export const registerConfirmPage: TVisitorPageHandler = {
  get: (kit, req, reply, where) => {
    const token = queryOf(req).token;
    return kit.render(req, reply, where, 'register-confirm', {
      kind: 'register-confirm',
      token: String(token ?? '').slice(0, 200),
      state: token ? 'ASK' : 'INVALID',
      message: token ? undefined : translate('visitors.confirmInvalid', kit.uiLang(where.lang)),
    });
  },
  post: async (kit, req, reply, where, form) => {
    const ok = await confirmMember(kit.ctx, { siteId: where.site.id, token: one(form.token).slice(0, 200) });
    if (ok)
      recordConversion(kit.ctx, {
        siteId: where.site.id,
        lang: where.lang,
        token: one(form._v),
        kind: 'MEMBER',
      });
    const view = {
      kind: 'register-confirm' as const,
      token: '',
      state: ok ? ('DONE' as const) : ('INVALID' as const),
      message: translate(ok ? 'visitors.confirmed' : 'visitors.confirmInvalid', kit.uiLang(where.lang)),
    };
    return kit.render(req, reply, where, 'register-confirm', view, ok ? 200 : 400);
  },
};
