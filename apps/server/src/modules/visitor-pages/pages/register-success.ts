import { translate } from '@swipe/contracts/messages';
import { resendConfirmation } from '../../members/members.service';
import { one, type TVisitorPageHandler } from '../visitor-page-kit';

/** After registering: check your mail, with a form that sends the confirmation again. */
export const registerSuccessPage: TVisitorPageHandler = {
  get: (kit, req, reply, where) =>
    kit.render(req, reply, where, 'register-success', { kind: 'register-success', email: '', errors: {} }),
  post: async (kit, req, reply, where, form) => {
    const email = one(form.email).trim().slice(0, 256);
    const { lang } = where;
    try {
      await resendConfirmation(kit.ctx, { siteId: where.site.id, email, lang, ip: req.ip });
      return kit.render(req, reply, where, 'register-success', {
        kind: 'register-success',
        email,
        notice: translate('visitors.resent', kit.uiLang(lang)),
        errors: {},
      });
    } catch (error) {
      const r = kit.refusal(error, lang);
      return kit.render(
        req,
        reply,
        where,
        'register-success',
        { kind: 'register-success', email, ...r },
        r.status,
      );
    }
  },
};
