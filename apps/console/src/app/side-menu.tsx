import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import type { TAuthUser } from '@swipe/contracts/auth';
import type { TRoutePrefix } from '@swipe/contracts/roles';
import {
  IconAlertTriangle,
  IconBell,
  IconChartBar,
  IconChartLine,
  IconCoinYen,
  IconFileDescription,
  IconLayoutDashboard,
  IconLogout,
  IconNews,
  IconPhotoCircle,
  IconReceipt,
  IconSettings,
  IconUserCircle,
  IconUsers,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isMenuEntryActive, menuForUser, menuHref, type TMenuEntry, type TMenuKey } from './menu';

// Icons are presentation only, so they live here rather than in the registry (menu.ts).
const ICONS: Record<TMenuKey, ComponentType<{ size?: number; stroke?: number }>> = {
  'my-account': IconUserCircle,
  summary: IconLayoutDashboard,
  'user-list': IconUsers,
  'site-production': IconWorldWww,
  'effect-measurement': IconChartLine,
  'plan-management': IconFileDescription,
  'latest-information': IconNews,
  'system-notification': IconBell,
  'check-plan': IconReceipt,
  billing: IconCoinYen,
  'admin-settings': IconSettings,
  'profile-picture': IconPhotoCircle,
  'delete-account': IconAlertTriangle,
  'sign-out': IconLogout,
};

// Kept for entries flipped on later that have no icon of their own yet.
const FALLBACK_ICON = IconChartBar;

function MenuLink({
  entry,
  prefix,
  pathname,
}: {
  entry: TMenuEntry;
  prefix: TRoutePrefix;
  pathname: string;
}) {
  const { t } = useTranslation();
  const href = menuHref(entry, prefix);
  const Icon = ICONS[entry.key] ?? FALLBACK_ICON;
  const active = isMenuEntryActive(entry, prefix, pathname);
  return (
    <NavLink
      component={Link}
      to={href}
      label={t(entry.label as 'menu.myAccount')}
      leftSection={<Icon size={20} stroke={1.6} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-testid={`menu-${entry.key}`}
      variant="light"
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontSize: 15 } }}
      py={10}
    />
  );
}

/** The side menu: the registry filtered by the user's acting role; Sign Out pinned at the end. */
export function SideMenu({ prefix, user }: { prefix: TRoutePrefix; user: TAuthUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = menuForUser(user);
  const main = entries.filter((e) => e.key !== 'sign-out');
  const signOut = entries.find((e) => e.key === 'sign-out');
  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="scroll" mx={-4} px={4}>
        <nav aria-label={t('layout.navigation')}>
          {main.map((entry) => (
            <MenuLink key={entry.key} entry={entry} prefix={prefix} pathname={pathname} />
          ))}
        </nav>
      </AppShell.Section>
      {signOut && (
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <MenuLink entry={signOut} prefix={prefix} pathname={pathname} />
        </AppShell.Section>
      )}
    </>
  );
}
