import type { TModule } from '../platform/module';
import { accountsModule } from './accounts/accounts.module';
import { adminsModule } from './admins/admins.module';
import { analyticsModule } from './analytics/analytics.module';
import { apiAccessModule } from './api-access/api-access.module';
import { apiV1Module } from './api-v1/api-v1.module';
import { authModule } from './auth/auth.module';
import { billingModule } from './billing/billing.module';
import { campaignsModule } from './campaigns/campaigns.module';
import { communicationsModule } from './communications/communications.module';
import { dashboardModule } from './dashboard/dashboard.module';
import { devModule } from './dev/dev.module';
import { endUserModule } from './end-user/end-user.module';
import { experimentsModule } from './experiments/experiments.module';
import { formsModule } from './forms/forms.module';
import { healthModule } from './health/health.module';
import { membersModule } from './members/members.module';
import { plansModule } from './plans/plans.module';
import { previewCommentsModule } from './preview-comments/preview-comments.module';
import { previewShareModule } from './preview-share/preview-share.module';
import { profileModule } from './profile/profile.module';
import { publishedSitesModule } from './published-sites/published-sites.module';
import { siteTemplatesModule } from './site-templates/site-templates.module';
import { sitesModule } from './sites/sites.module';
import { submissionsModule } from './submissions/submissions.module';
import { surveysModule } from './surveys/surveys.module';
import { uploadsModule } from './uploads/uploads.module';
import { userImportModule } from './user-import/user-import.module';
import { usersModule } from './users/users.module';
import { visitsModule } from './visits/visits.module';
import { webhooksModule } from './webhooks/webhooks.module';

/**
 * Every server module, in the order their demo seeds run (the site before its survey and
 * visitor data). A new module is one folder with a `<name>.module.ts` and one line here.
 */
export const MODULES: readonly TModule[] = [
  healthModule,
  accountsModule,
  usersModule,
  plansModule,
  authModule,
  adminsModule,
  apiAccessModule,
  apiV1Module,
  profileModule,
  userImportModule,
  uploadsModule,
  sitesModule,
  siteTemplatesModule,
  visitsModule,
  analyticsModule,
  webhooksModule,
  experimentsModule,
  billingModule,
  endUserModule,
  formsModule,
  membersModule,
  surveysModule,
  submissionsModule,
  previewShareModule,
  previewCommentsModule,
  campaignsModule,
  communicationsModule,
  publishedSitesModule,
  dashboardModule,
  devModule,
];
