import type { TAuthUser } from '@swipe/contracts/auth';
import type { TPlanFlag } from '@swipe/contracts/plans';
import type { TActingRole, TRoutePrefix } from '@swipe/contracts/roles';

// The side menu in one declarative list: who sees each entry (role, plan feature, holder only),
// where it leads and which pages belong to it.

export type TMenuKey =
  | 'my-account'
  | 'summary'
  | 'user-list'
  | 'site-production'
  | 'effect-measurement'
  | 'plan-management'
  | 'latest-information'
  | 'system-notification'
  | 'check-plan'
  | 'billing'
  | 'admin-settings'
  | 'profile-picture'
  | 'delete-account'
  | 'sign-out';

export type TMenuEntry = {
  key: TMenuKey;
  /** i18n key of the label. */
  label: `menu.${string}`;
  /** Relative to /{prefix} ('' is the landing page); a leading slash makes it absolute. */
  path: string;
  roles: 'all' | readonly TActingRole[];
  /** Shown only when the user's plan grants this feature (plan flags gate features). */
  planFlag?: TPlanFlag;
  /** Not for a SUB_ADMIN, who assists the account holder but may not act as the holder. */
  holderOnly?: boolean;
  /** Other pages of the same section (relative to /{prefix}): the entry stays highlighted there. */
  section?: readonly string[];
};

const PLATFORM_STAFF = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'] as const;

export const MENU: readonly TMenuEntry[] = [
  { key: 'my-account', label: 'menu.myAccount', path: 'my-account', roles: 'all' },
  { key: 'summary', label: 'menu.summary', path: 'summary', roles: PLATFORM_STAFF },
  {
    key: 'user-list',
    label: 'menu.userList',
    path: 'user-list',
    roles: PLATFORM_STAFF,
    section: ['user', 'create-user', 'update-user', 'user-import'],
  },
  {
    key: 'site-production',
    label: 'menu.siteProduction',
    path: 'site-list',
    roles: 'all',
    section: [
      'site',
      'create-site',
      'site-member',
      'site-contact',
      'site-form',
      'site-survey',
      'site-campaign',
      'site-webhooks',
      'site-experiments',
      'notification-delivery',
    ],
  },
  {
    key: 'effect-measurement',
    label: 'menu.effectMeasurement',
    path: 'analytics',
    roles: 'all',
    planFlag: 'analyticsEffect',
  },
  {
    key: 'plan-management',
    label: 'menu.planManagement',
    path: 'plan-management',
    roles: ['MASTER'],
  },
  {
    key: 'latest-information',
    label: 'menu.latestInformation',
    path: 'latest-information',
    roles: PLATFORM_STAFF,
    section: ['latest-information'],
  },
  {
    key: 'system-notification',
    label: 'menu.systemNotification',
    path: 'system-notification',
    roles: 'all',
    section: ['create-notification', 'notification'],
  },
  {
    key: 'check-plan',
    label: 'menu.checkPlan',
    path: 'check-plan',
    roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'],
  },
  { key: 'billing', label: 'menu.billing', path: 'billing', roles: PLATFORM_STAFF },
  { key: 'admin-settings', label: 'menu.adminSettings', path: 'admin-list', roles: 'all' },
  {
    key: 'profile-picture',
    label: 'menu.profilePicture',
    path: 'profile-picture',
    roles: 'all',
  },
  {
    key: 'delete-account',
    label: 'menu.deleteAccount',
    path: 'delete-account',
    roles: ['MASTER_USER', 'OEM_MASTER', 'USER'],
    holderOnly: true,
  },
  { key: 'sign-out', label: 'menu.signOut', path: '/log-out', roles: 'all' },
];

/** The entries a role may see. */
export function menuFor(role: TActingRole, opts: { entries?: readonly TMenuEntry[] } = {}): TMenuEntry[] {
  return (opts.entries ?? MENU).filter((entry) => entry.roles === 'all' || entry.roles.includes(role));
}

/**
 * The server names the role a user acts as (a SUB_ADMIN acts as its parent's role) and the
 * features its plan grants; entries of features the plan lacks are not offered.
 */
export const menuForUser = (
  user: Pick<TAuthUser, 'role' | 'actingRole' | 'planFlags'>,
  opts: { entries?: readonly TMenuEntry[] } = {},
) =>
  menuFor(user.actingRole, opts).filter(
    (entry) =>
      (!entry.planFlag || user.planFlags[entry.planFlag]) && !(entry.holderOnly && user.role === 'SUB_ADMIN'),
  );

export const menuHref = (entry: TMenuEntry, prefix: TRoutePrefix) =>
  entry.path.startsWith('/') ? entry.path : `/${prefix}${entry.path ? `/${entry.path}` : ''}`;

/** Whether the page at `pathname` belongs to the entry (its own page or one of its section). */
export function isMenuEntryActive(entry: TMenuEntry, prefix: TRoutePrefix, pathname: string): boolean {
  const href = menuHref(entry, prefix);
  if (href === `/${prefix}`) return pathname === href || pathname === `${href}/`;
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return under(href) || (entry.section ?? []).some((p) => under(`/${prefix}/${p}`));
}

/**
 * The page `/{prefix}` opens (and sign-in lands on): the summary for the platform and OEM staff,
 * who may see it, the site list for creators. My account stays in the menu.
 */
export function landingPageOf(actingRole: TActingRole): string {
  const summary = MENU.find((e) => e.key === 'summary');
  const staff = summary && (summary.roles === 'all' || summary.roles.includes(actingRole));
  return staff ? 'summary' : 'site-list';
}
