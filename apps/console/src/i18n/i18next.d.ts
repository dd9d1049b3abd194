import type adminsEn from '../features/admins/i18n/en.json';
import type analyticsEn from '../features/analytics/i18n/en.json';
import type apiAccessEn from '../features/api-access/i18n/en.json';
import type billingEn from '../features/billing/i18n/en.json';
import type campaignsEn from '../features/campaigns/i18n/en.json';
import type communicationsEn from '../features/communications/i18n/en.json';
import type experimentsEn from '../features/experiments/i18n/en.json';
import type plansEn from '../features/plans/i18n/en.json';
import type previewCommentsEn from '../features/preview-comments/i18n/en.json';
import type previewShareEn from '../features/preview-share/i18n/en.json';
import type profileEn from '../features/profile/i18n/en.json';
import type siteEditorEn from '../features/site-editor/i18n/en.json';
import type sitesEn from '../features/sites/i18n/en.json';
import type submissionsEn from '../features/submissions/i18n/en.json';
import type summaryEn from '../features/summary/i18n/en.json';
import type surveysEn from '../features/surveys/i18n/en.json';
import type userImportEn from '../features/user-import/i18n/en.json';
import type systemNotificationsEn from '../features/system-notifications/i18n/en.json';
import type usersEn from '../features/users/i18n/en.json';
import type webhooksEn from '../features/webhooks/i18n/en.json';
import type en from './en.json';

// Typed keys: a misspelt t('...') key fails the type check instead of showing the raw key.
// A feature with its own i18n folder adds its English file to this intersection.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof usersEn &
        typeof plansEn &
        typeof adminsEn &
        typeof profileEn &
        typeof userImportEn &
        typeof apiAccessEn &
        typeof sitesEn &
        typeof siteEditorEn &
        typeof previewShareEn &
        typeof surveysEn &
        typeof submissionsEn &
        typeof analyticsEn &
        typeof billingEn &
        typeof summaryEn &
        typeof campaignsEn &
        typeof communicationsEn &
        typeof systemNotificationsEn &
        typeof webhooksEn &
        typeof experimentsEn &
        typeof previewCommentsEn;
    };
  }
}
