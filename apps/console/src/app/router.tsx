import { ROUTE_PREFIXES } from '@swipe/contracts/roles';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AuthLayout } from '../features/auth/auth-layout';
import { LoginPage } from '../features/auth/login-page';
import {
  ForbiddenIpPage,
  ForbiddenPage,
  GatewayTimeoutPage,
  NotFoundPage,
  ShellNotFoundPage,
} from '../features/errors/error-pages';
import { RouteErrorBoundary, ShellRouteErrorBoundary } from '../features/errors/route-error-boundary';
import { loadFeatureTexts } from '../i18n/i18n';
import { loadCatalogue } from './catalogue';
import { FullPageLoader } from './full-page-loader';
import { NavigationProgress } from './navigation-progress';
import {
  GuestOnly,
  LandingRedirect,
  PendingPasswordChangeOnly,
  PrefixGate,
  RootRedirect,
} from './route-guards';

// Layouts, guards and error screens are in the main bundle (they must work when a chunk does
// not load); every page is its own lazy chunk except sign-in, where every first visit lands: it
// comes with the main bundle so it paints without waiting for one more download.

// A page renders once the message catalogue, every component's styles, the features' texts and
// the query cache (all of which the first screen does without) are there too.
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => {
    const [module, { QueryProvider }] = await Promise.all([
      load(),
      import('./query-provider'),
      loadCatalogue(),
      import('./full-styles'),
      loadFeatureTexts().catch(() => undefined),
    ]);
    const Page = module[name] as ComponentType;
    return {
      Component: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  };

const forgotPage = page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const resetPage = page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const newPasswordPage = page(() => import('../features/auth/new-password-page'), 'NewPasswordPage');
const firstTimePage = page(
  () => import('../features/auth/first-time-change-password-page'),
  'FirstTimeChangePasswordPage',
);
const logoutPage = page(() => import('../features/auth/logout-page'), 'LogoutPage');
const accountPage = page(() => import('../features/account/account-page'), 'AccountPage');
const adminListPage = page(() => import('../features/admins/admin-list-page'), 'AdminListPage');
const profilePicturePage = page(
  () => import('../features/profile/profile-picture-page'),
  'ProfilePicturePage',
);
const deleteAccountPage = page(() => import('../features/profile/delete-account-page'), 'DeleteAccountPage');
const userImportPage = page(() => import('../features/user-import/user-import-page'), 'UserImportPage');
const userListPage = page(() => import('../features/users/user-list-page'), 'UserListPage');
const userDetailPage = page(() => import('../features/users/user-detail-page'), 'UserDetailPage');
const createUserPage = page(() => import('../features/users/create-user-page'), 'CreateUserPage');
const updateUserPage = page(() => import('../features/users/update-user-page'), 'UpdateUserPage');
const planCataloguePage = page(() => import('../features/plans/plan-catalogue-page'), 'PlanCataloguePage');
const planManagementPage = page(() => import('../features/plans/plan-management-page'), 'PlanManagementPage');
const checkPlanPage = page(() => import('../features/plans/check-plan-page'), 'CheckPlanPage');
const billingPage = page(() => import('../features/billing/billing-page'), 'BillingPage');
const siteListPage = page(() => import('../features/sites/site-list-page'), 'SiteListPage');
const analyticsPage = page(() => import('../features/analytics/analytics-page'), 'AnalyticsPage');
const summaryPage = page(() => import('../features/summary/summary-page'), 'SummaryPage');
// The editor checks SEO tags as the server does, with an HTML parser that only it loads.
const siteEditorPage = page(
  () =>
    Promise.all([
      import('../features/site-editor/site-editor-page'),
      import('@swipe/contracts/site-seo-rules').then((rules) => rules.loadSeoTagRules()),
    ]).then(([editor]) => editor),
  'SiteEditorPage',
);
const submissionsPage = (name: 'SiteMemberPage' | 'SiteContactPage' | 'SiteFormPage') =>
  page(() => import('../features/submissions/submission-list-page'), name);
const surveysPage = page(() => import('../features/surveys/surveys-page'), 'SurveysPage');
// The campaign pages check SCRIPT items as the server does, with a JavaScript parser only they load.
const campaignsModule = () =>
  Promise.all([
    import('../features/campaigns/campaigns-page'),
    import('@swipe/contracts/campaigns').then((rules) => rules.loadScriptRules()),
  ]).then(([campaigns]) => campaigns);
const campaignsPage = page(campaignsModule, 'CampaignsPage');
const campaignDesignerPage = page(campaignsModule, 'CampaignDesignerPage');
const webhooksPage = page(() => import('../features/webhooks/webhooks-page'), 'WebhooksPage');
const experimentsPage = page(() => import('../features/experiments/experiments-page'), 'ExperimentsPage');
const variationEditorPage = page(
  () =>
    Promise.all([
      import('../features/experiments/variation-editor-page'),
      import('@swipe/contracts/site-seo-rules').then((rules) => rules.loadSeoTagRules()),
    ]).then(([editor]) => editor),
  'VariationEditorPage',
);

const systemNotificationPage = page(
  () => import('../features/system-notifications/system-notification-page'),
  'SystemNotificationPage',
);
const createNotificationPage = page(
  () => import('../features/system-notifications/notification-pages'),
  'CreateNotificationPage',
);
const notificationPage = page(
  () => import('../features/system-notifications/notification-pages'),
  'NotificationPage',
);

const newsPage = (name: 'NewsListPage' | 'NewsCreatePage' | 'NewsEditPage' | 'NewsDetailPage') =>
  page(() => import('../features/communications/news-pages'), name);
const deliveryPage = (
  name: 'DeliveryListPage' | 'DeliveryCreatePage' | 'DeliveryEditPage' | 'DeliveryDetailPage',
) => page(() => import('../features/communications/delivery-pages'), name);

function Root() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** /{prefix}/*: what exists behind each route prefix. Later features add their routes here. */
const signedInRoutes = (): RouteObject[] => [
  {
    errorElement: <ShellRouteErrorBoundary />,
    children: [
      { index: true, Component: LandingRedirect },
      { path: 'my-account', lazy: accountPage },
      { path: 'summary', lazy: summaryPage },
      { path: 'admin-list', lazy: adminListPage },
      { path: 'profile-picture', lazy: profilePicturePage },
      { path: 'delete-account', lazy: deleteAccountPage },
      { path: 'user-import', lazy: userImportPage },
      { path: 'user-list', lazy: userListPage },
      { path: 'user/:id', lazy: userDetailPage },
      { path: 'create-user/:id', lazy: createUserPage },
      { path: 'update-user/:type/:id', lazy: updateUserPage },
      { path: 'plan', lazy: planCataloguePage },
      { path: 'plan-management', lazy: planManagementPage },
      { path: 'check-plan', lazy: checkPlanPage },
      { path: 'billing', lazy: billingPage },
      { path: 'site-list', lazy: siteListPage },
      { path: 'analytics', lazy: analyticsPage },
      { path: 'site/list/:accountId', lazy: siteListPage },
      { path: 'create-site', lazy: siteEditorPage },
      { path: 'site/:id', lazy: siteEditorPage },
      { path: 'site-member/:id', lazy: submissionsPage('SiteMemberPage') },
      { path: 'site-contact/:id', lazy: submissionsPage('SiteContactPage') },
      { path: 'site-form/:id', lazy: submissionsPage('SiteFormPage') },
      { path: 'site-survey/:id', lazy: surveysPage },
      { path: 'site-campaign/:id', lazy: campaignsPage },
      { path: 'site-campaign/:id/:campaignId', lazy: campaignDesignerPage },
      { path: 'site-webhooks/:id', lazy: webhooksPage },
      { path: 'site-experiments/:id', lazy: experimentsPage },
      { path: 'site-experiments/:id/:experimentId/:variationId', lazy: variationEditorPage },
      { path: 'latest-information', lazy: newsPage('NewsListPage') },
      { path: 'latest-information/create', lazy: newsPage('NewsCreatePage') },
      { path: 'latest-information/edit/:id', lazy: newsPage('NewsEditPage') },
      { path: 'latest-information/:id', lazy: newsPage('NewsDetailPage') },
      { path: 'notification-delivery/:siteId', lazy: deliveryPage('DeliveryListPage') },
      { path: 'notification-delivery/:siteId/create', lazy: deliveryPage('DeliveryCreatePage') },
      { path: 'notification-delivery/:siteId/edit/:id', lazy: deliveryPage('DeliveryEditPage') },
      { path: 'notification-delivery/:siteId/detail/:id', lazy: deliveryPage('DeliveryDetailPage') },
      { path: 'system-notification', lazy: systemNotificationPage },
      { path: 'create-notification', lazy: createNotificationPage },
      { path: 'notification/:id', lazy: notificationPage },
      { path: '*', Component: ShellNotFoundPage },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, Component: RootRedirect },
      {
        Component: AuthLayout,
        children: [
          { Component: GuestOnly, children: [{ path: 'login', Component: LoginPage }] },
          { path: 'reset-pass', lazy: forgotPage },
          { path: 'reset-password', lazy: resetPage },
          { path: 'new-password', lazy: newPasswordPage },
          {
            Component: PendingPasswordChangeOnly,
            children: [{ path: 'first-time-change-password', lazy: firstTimePage }],
          },
        ],
      },
      { path: 'log-out', lazy: logoutPage },
      { path: 'errors/403', Component: ForbiddenPage },
      { path: 'errors/404', Component: NotFoundPage },
      { path: 'errors/504', Component: GatewayTimeoutPage },
      { path: 'errors/403-ip', Component: ForbiddenIpPage },
      ...ROUTE_PREFIXES.map(
        (prefix): RouteObject => ({
          path: prefix,
          element: <PrefixGate prefix={prefix} />,
          children: signedInRoutes(),
        }),
      ),
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
