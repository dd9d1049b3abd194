import './full-styles';
import { Alert, AppShell, Badge, Box, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TAuthUser } from '@swipe/contracts/auth';
import type { TRoutePrefix } from '@swipe/contracts/roles';
import { IconEye, IconLogout, IconPlayerPause } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { NotificationBell } from '../features/system-notifications/notification-bell';
import { authApi } from './auth-api';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { QueryProvider } from './query-provider';
import { storeUser } from './session';
import { SideMenu } from './side-menu';
import type { TShellContext } from './use-shell';
import { UserAvatar } from './user-avatar';

type TProps = {
  prefix: TRoutePrefix;
  /** Who is shown: the signed-in user, or the last one while a lapsed session goes to /login. */
  user: TAuthUser;
  /** The signed-in user's id, null once the session has ended. */
  sessionUserId: string | null;
};

/** The signed-in shell for /{prefix}/*: header, side menu (a drawer on phones), content. */
export function SignedInLayout(props: TProps) {
  return (
    <QueryProvider>
      <Shell {...props} />
    </QueryProvider>
  );
}

function Shell({ prefix, user, sessionUserId }: TProps) {
  const { t } = useTranslation();
  // Pick up changes made elsewhere (role, authority, name) once per visit of the shell.
  useQuery({
    queryKey: ['auth', 'user-info', sessionUserId],
    queryFn: async ({ signal }) => {
      const { data } = await authApi.userInfo({ signal });
      storeUser(data);
      return data;
    },
    enabled: sessionUserId !== null,
  });
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // On a phone the menu covers the page: close it once the user has picked a destination.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => close(), [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header px={{ base: 'sm', sm: 'lg' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('layout.toggleMenu')}
              aria-expanded={opened}
            />
            <Link to={`/${prefix}`} style={{ textDecoration: 'none' }} aria-label={t('app.name')}>
              <Brand size={28} textProps={{ visibleFrom: 'xs' }} />
            </Link>
          </Group>
          <Group gap={6} wrap="nowrap" miw={0}>
            {user.authority === 'VIEW' && (
              <Badge
                variant="light"
                color="gray"
                leftSection={<IconEye size={12} />}
                data-testid="header-view-only"
                style={{ flexShrink: 0 }}
              >
                {t('layout.viewOnly')}
              </Badge>
            )}
            <NotificationBell prefix={prefix} />
            <UserAvatar user={user} size={34} testId="header-avatar" style={{ flexShrink: 0 }} />
            <Stack gap={0} miw={0} maw={{ base: 110, sm: 240 }} mx={4} align="flex-end">
              <Text size="sm" fw={600} truncate="end" maw="100%" data-testid="header-user-name">
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end" maw="100%" visibleFrom="sm">
                {user.accountName}
              </Text>
            </Stack>
            <LanguageSwitcher compact />
            <Button
              component={Link}
              to="/log-out"
              variant="default"
              px={{ base: 'xs', sm: 'md' }}
              data-testid="header-sign-out"
              aria-label={t('layout.signOut')}
            >
              {/* A flex gap, not leftSection: with the label hidden on phones no stray gap remains. */}
              <Group gap={8} wrap="nowrap">
                <IconLogout size={18} stroke={1.7} />
                <Box component="span" visibleFrom="sm">
                  {t('layout.signOut')}
                </Box>
              </Group>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" data-testid="side-menu">
        <SideMenu prefix={prefix} user={user} />
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Box p={{ base: 'md', sm: 'xl' }} maw={1200} mx="auto">
          {user.contractStatus === 'SUSPENDED' && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconPlayerPause size={18} />}
              title={t('layout.suspendedTitle')}
              mb="lg"
              data-testid="contract-suspended-banner"
            >
              {t('layout.suspendedBody')}
            </Alert>
          )}
          <Outlet context={{ user, prefix } satisfies TShellContext} />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
