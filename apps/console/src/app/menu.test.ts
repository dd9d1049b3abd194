import type { TActingRole } from '@swipe/contracts/roles';
import { describe, expect, it } from 'vitest';
import { MENU, menuFor, menuForUser, menuHref, type TMenuEntry } from './menu';

const keys = (entries: TMenuEntry[]) => entries.map((e) => e.key);

// The full plan (every entry, ready or not) per acting role, as proposed for SPEC 2 and 6.
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
    expect(keys(menuFor(role as TActingRole, { includeUnready: true }))).toEqual(expected);
  });

  it('shows only ready entries: today My account first and Sign Out last, for every role', () => {
    for (const role of Object.keys(PLAN) as TActingRole[])
      expect(keys(menuFor(role))).toEqual(['my-account', 'sign-out']);
  });

  it('hides an entry until it is ready, and then only from roles not listed', () => {
    const entries = MENU.map((e) => (e.key === 'plan-management' ? { ...e, ready: true } : e));
    expect(keys(menuFor('MASTER', { entries }))).toEqual(['my-account', 'plan-management', 'sign-out']);
    expect(keys(menuFor('OEM_MASTER', { entries }))).toEqual(['my-account', 'sign-out']);
    const hidden = MENU.map((e) => (e.key === 'my-account' ? { ...e, ready: false } : e));
    expect(keys(menuFor('USER', { entries: hidden }))).toEqual(['sign-out']);
  });

  it('shows a SUB_ADMIN the menu of the role it acts as', () => {
    const entries = MENU.map((e) => (e.key === 'delete-account' ? { ...e, ready: true } : e));
    expect(keys(menuFor('OEM_MASTER', { entries }))).toContain('delete-account');
    expect(keys(menuFor('OEM_ADMIN', { entries }))).not.toContain('delete-account');
    expect(keys(menuForUser({ actingRole: 'OEM_MASTER' }))).toEqual(['my-account', 'sign-out']);
  });

  it('builds links under the prefix, absolute paths untouched', () => {
    const byKey = (key: string) => MENU.find((e) => e.key === key)!;
    expect(menuHref(byKey('my-account'), 'admin')).toBe('/admin');
    expect(menuHref(byKey('user-list'), 'master')).toBe('/master/user-list');
    expect(menuHref(byKey('sign-out'), 'admin-user')).toBe('/log-out');
  });
});
