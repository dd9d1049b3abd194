import { siteMembers, siteMemberTokens } from '../../db/schema/visitors';
import { defineModule } from '../../platform/module';
import { memberJobHandlers } from './members.service';
import confirmMember from './routes/confirm-member';
import getPagePrivate from './routes/get-page-private';
import getPageProductsPrivate from './routes/get-page-products-private';
import getSiteButtonsPrivate from './routes/get-site-buttons-private';
import loginMember from './routes/login-member';
import logoutMember from './routes/logout-member';
import registerMember from './routes/register-member';
import resendRegisterEmail from './routes/resend-register-email';

export const membersModule = defineModule({
  name: 'members',
  routes: [
    confirmMember,
    getPagePrivate,
    getPageProductsPrivate,
    getSiteButtonsPrivate,
    loginMember,
    logoutMember,
    registerMember,
    resendRegisterEmail,
  ],
  jobs: memberJobHandlers,
  tables: [siteMembers, siteMemberTokens],
});
