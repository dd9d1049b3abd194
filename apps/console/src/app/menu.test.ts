import { NO_PLAN_FLAGS, PLAN_FLAGS } from '@swipe/contracts/plans';
import type { TActingRole } from '@swipe/contracts/roles';
import { describe, expect, it } from 'vitest';
import {
  isMenuEntryActive,
  landingPageOf,
  MENU,
  menuFor,
  menuForUser,
  menuHref,
  type TMenuEntry,
} from './menu';
import { landingPathOf } from './use-session';

const ALL_FLAGS = { ...NO_PLAN_FLAGS, ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) };

const keys = (entries: TMenuEntry[]) => entries.map((e) => e.key);

// Every entry per acting role, in the side menu's order.
const PLAN: Record<TActingRole, string[]> = {
  MASTER: [
    'my-account',
    'summary',
    'user-list',
    'site-production',
    'effect-measurement',
    'plan-management',
    'latest-information',
    'system-notification',
    'billing',
    'admin-settings',
    'profile-picture',
    'sign-out',
  ],
  MASTER_USER: [
    'my-account',
    'site-production',
    'effect-measurement',
    'system-notification',
    'check-plan',
    'admin-settings',
    'profile-picture',
    'delete-account',
    'sign-out',
  ],
  OEM_MASTER: [
    'my-account',
    'summary',
    'user-list',
    'site-production',
    'effect-measurement',
    'latest-information',
    'system-notification',
    'check-plan',
    'billing',
    'admin-settings',
    'profile-picture',
    'delete-account',
    'sign-out',
  ],
  OEM_ADMIN: [
    'my-account',
    'summary',
    'user-list',
    'site-production',
    'effect-measurement',
    'latest-information',
    'system-notification',
    'check-plan',
    'billing',
    'admin-settings',
    'profile-picture',
    'sign-out',
  ],
  USER: [
    'my-account',
    'site-production',
    'effect-measurement',
    'system-notification',
    'check-plan',
    'admin-settings',
    'profile-picture',
    'delete-account',
    'sign-out',
  ],
};

describe('side menu registry', () => {
  it.each(Object.entries(PLAN))('plans the entries of %s', (role, expected) => {
    expect(keys(menuFor(role as TActingRole))).toEqual(expected);
  });

  it('shows My account first and Sign Out last, for every role', () => {
    for (const role of Object.keys(PLAN) as TActingRole[]) {
      const shown = keys(menuFor(role));
      expect(shown[0]).toBe('my-account');
      expect(shown.at(-1)).toBe('sign-out');
    }
  });

  it('shows an entry only to the roles it lists', () => {
    expect(keys(menuFor('MASTER'))).toContain('plan-management');
    expect(keys(menuFor('OEM_MASTER'))).not.toContain('plan-management');
  });

  it('shows a SUB_ADMIN the menu of the role it acts as', () => {
    expect(keys(menuFor('OEM_MASTER'))).toContain('delete-account');
    expect(keys(menuFor('OEM_ADMIN'))).not.toContain('delete-account');
    expect(keys(menuForUser({ role: 'OEM_MASTER', actingRole: 'OEM_MASTER', planFlags: ALL_FLAGS }))).toEqual(
      keys(menuFor('OEM_MASTER')),
    );
  });

  it('never offers a SUB_ADMIN to delete the account it assists', () => {
    const subAdmin = { role: 'SUB_ADMIN', actingRole: 'OEM_MASTER', planFlags: ALL_FLAGS } as const;
    expect(keys(menuFor('OEM_MASTER'))).toContain('delete-account');
    expect(keys(menuForUser(subAdmin))).not.toContain('delete-account');
    expect(keys(menuForUser(subAdmin))).toContain('admin-settings');
  });

  it('hides entries whose feature the plan lacks', () => {
    expect(keys(menuForUser({ role: 'USER', actingRole: 'USER', planFlags: ALL_FLAGS }))).toContain(
      'effect-measurement',
    );
    expect(
      keys(
        menuForUser({
          role: 'USER',
          actingRole: 'USER',
          planFlags: { ...ALL_FLAGS, analyticsEffect: false },
        }),
      ),
    ).not.toContain('effect-measurement');
  });

  it('builds links under the prefix, absolute paths untouched', () => {
    const byKey = (key: string) => MENU.find((e) => e.key === key)!;
    expect(menuHref(byKey('my-account'), 'admin')).toBe('/admin/my-account');
    expect(menuHref(byKey('summary'), 'master')).toBe('/master/summary');
    expect(menuHref(byKey('user-list'), 'master')).toBe('/master/user-list');
    expect(menuHref(byKey('sign-out'), 'admin-user')).toBe('/log-out');
  });
});

describe('the highlighted entry', () => {
  const entry = (key: string) => MENU.find((e) => e.key === key)!;
  it('stays on Site production across its pages, and on nothing else', () => {
    for (const path of [
      'site-list',
      'site/abc',
      'create-site',
      'site-member/abc',
      'site-survey/abc',
      'site/list/x',
    ])
      expect(isMenuEntryActive(entry('site-production'), 'admin-user', `/admin-user/${path}`), path).toBe(
        true,
      );
    expect(isMenuEntryActive(entry('site-production'), 'admin-user', '/admin-user/sites-x')).toBe(false);
    expect(isMenuEntryActive(entry('user-list'), 'admin', '/admin/user/abc')).toBe(true);
    expect(isMenuEntryActive(entry('my-account'), 'admin', '/admin/user/abc')).toBe(false);
    expect(isMenuEntryActive(entry('my-account'), 'admin', '/admin/my-account')).toBe(true);
    expect(isMenuEntryActive(entry('my-account'), 'admin', '/admin/summary')).toBe(false);
  });
});

describe('the landing page', () => {
  it('is the summary for the platform and OEM staff, the site list for creators', () => {
    expect(landingPageOf('MASTER')).toBe('summary');
    expect(landingPageOf('OEM_MASTER')).toBe('summary');
    expect(landingPageOf('OEM_ADMIN')).toBe('summary');
    expect(landingPageOf('USER')).toBe('site-list');
    expect(landingPageOf('MASTER_USER')).toBe('site-list');
  });

  it('comes after a pending password change, under the user’s prefix (a SUB_ADMIN acts as its parent)', () => {
    const user = (
      actingRole: TActingRole,
      routePrefix: 'master' | 'admin' | 'admin-user' | 'master-user',
    ) => ({
      actingRole,
      routePrefix,
      mustChangePassword: false,
    });
    expect(landingPathOf(user('MASTER', 'master'))).toBe('/master/summary');
    expect(landingPathOf(user('OEM_ADMIN', 'admin'))).toBe('/admin/summary');
    expect(landingPathOf(user('USER', 'admin-user'))).toBe('/admin-user/site-list');
    expect(landingPathOf(user('MASTER_USER', 'master-user'))).toBe('/master-user/site-list');
    expect(landingPathOf({ ...user('MASTER', 'master'), mustChangePassword: true })).toBe(
      '/first-time-change-password',
    );
  });
});
