import { submitForm } from '../../forms/forms.service';
import { recordConversion } from '../../visits/visits.service';
import { one, type TVisitorPageHandler } from '../visitor-page-kit';

/** The contact form or the homepage form: stored once per request key, then the success page. */
const formPage = (page: 'contact' | 'forms'): TVisitorPageHandler => ({
  get: (kit, req, reply, where) => kit.render(req, reply, where, page, kit.formView(where, page)),
  post: async (kit, req, reply, where, form) => {
    const agreed = one(form.agree) === 'true';
    try {
      const { duplicate } = await submitForm(kit.ctx, {
        siteId: where.site.id,
        kind: page === 'contact' ? 'CONTACT' : 'HOMEPAGE',
        data: form,
        lang: where.lang,
        agree: agreed,
        requestKey: one(form.request_key) || undefined,
        ip: req.ip,
        variationId: where.variationId,
      });
      // A post sent again is answered as the first was, but only the one stored is a conversion.
      if (!duplicate)
        recordConversion(kit.ctx, {
          siteId: where.site.id,
          lang: where.lang,
          token: one(form._v),
          kind: page === 'contact' ? 'CONTACT' : 'FORM',
        });
      return kit.redirect(reply, where, page === 'contact' ? 'contact-success' : 'form-success');
    } catch (error) {
      const r = kit.refusal(error, where.lang);
      return kit.render(
        req,
        reply,
        where,
        page,
        kit.formView(where, page, { values: form, agreed, ...r }),
        r.status,
      );
    }
  },
});

export const contactPage = formPage('contact');
export const homepageFormPage = formPage('forms');

/** "We will contact you within 24 hours." */
const successPage = (page: 'contact-success' | 'form-success'): TVisitorPageHandler => ({
  get: (kit, req, reply, where) => kit.render(req, reply, where, page, { kind: page }),
});

export const contactSuccessPage = successPage('contact-success');
export const formSuccessPage = successPage('form-success');
