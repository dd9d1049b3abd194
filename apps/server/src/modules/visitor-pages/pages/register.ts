import { registerMember } from '../../members/members.service';
import { one, type TVisitorPageHandler } from '../visitor-page-kit';

/** Member registration: the creator's membership fields; a confirmation mail on success. */
export const registerPage: TVisitorPageHandler = {
  get: (kit, req, reply, where) => kit.render(req, reply, where, 'register', kit.formView(where, 'register')),
  post: async (kit, req, reply, where, form) => {
    const agreed = one(form.agree) === 'true';
    try {
      await registerMember(kit.ctx, {
        siteId: where.site.id,
        data: form,
        lang: where.lang,
        agree: agreed,
        ip: req.ip,
        variationId: where.variationId,
      });
      return kit.redirect(reply, where, 'register-success');
    } catch (error) {
      const r = kit.refusal(error, where.lang);
      const view = kit.formView(where, 'register', { values: form, agreed, ...r });
      return kit.render(req, reply, where, 'register', view, r.status);
    }
  },
};
