import { memberCookie } from '../../members/member-cookie';
import { logoutMember, memberTokenOf } from '../../members/members.service';
import type { TVisitorPageHandler } from '../visitor-page-kit';

/** Sign-out ends the member's session and clears the cookie; a GET just goes back to the site. */
export const logoutPage: TVisitorPageHandler = {
  get: async (kit, _req, reply, where) => kit.redirect(reply, where, ''),
  post: async (kit, req, reply, where) => {
    await logoutMember(kit.ctx, { siteId: where.site.id, token: memberTokenOf(req, where.site.id) });
    reply.header('set-cookie', memberCookie(where.site.id, null, { secure: kit.secure }));
    return kit.redirect(reply, where, '');
  },
};
