import { MEMBER_SESSION_DAYS } from '@swipe/contracts/visitor-forms';
import { memberCookie } from '../../members/member-cookie';
import { loginMember } from '../../members/members.service';
import { COORDINATE, one, queryOf, siteAddress, type TVisitorPageHandler } from '../visitor-page-kit';

/** Member sign-in; back to the page the visitor came from (`?to=B2`) once signed in. */
export const loginPage: TVisitorPageHandler = {
  get: (kit, req, reply, where) => {
    const to = queryOf(req).to;
    return kit.render(req, reply, where, 'login', {
      kind: 'login',
      email: '',
      to: COORDINATE.test(to ?? '') ? to : undefined,
      errors: {},
    });
  },
  post: async (kit, req, reply, where, form) => {
    const email = one(form.email).trim().slice(0, 256);
    const queryTo = queryOf(req).to;
    const to = COORDINATE.test(queryTo ?? '') ? queryTo : undefined;
    try {
      const session = await loginMember(kit.ctx, {
        siteId: where.site.id,
        email,
        password: one(form.password).slice(0, 100),
        ip: req.ip,
      });
      reply.header(
        'set-cookie',
        memberCookie(where.site.id, session.token, {
          secure: kit.secure,
          maxAgeSeconds: MEMBER_SESSION_DAYS * 86_400,
        }),
      );
      return reply.redirect(`${siteAddress(where, '')}${to ? `#${to}` : ''}`, 303);
    } catch (error) {
      const r = kit.refusal(error, where.lang);
      return kit.render(req, reply, where, 'login', { kind: 'login', email, to, ...r }, r.status);
    }
  },
};
