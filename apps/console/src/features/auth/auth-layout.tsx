import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand } from '../../app/brand';
import { LanguageSwitcher } from '../../app/language-switcher';

/** The frame of the sign-in pages: language on the top right, one centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(1200px 500px at 50% -10%, var(--mantine-color-brand-0), var(--mantine-color-gray-0) 70%)',
      }}
    >
      <Group justify="flex-end" px={{ base: 'sm', sm: 'lg' }} py="sm">
        <LanguageSwitcher />
      </Group>
      {/* Top-aligned rather than centred: an error appearing in the card must not move it. */}
      <Box style={{ flex: 1 }} px="md" pt={{ base: 'md', sm: '8vh' }} pb="xl">
        <Stack w="100%" maw={440} gap="lg" mx="auto">
          <Stack align="center" gap={6}>
            <Brand size={40} />
            <Text size="sm" c="dimmed" ta="center">
              {t('app.tagline')}
            </Text>
          </Stack>
          <Card shadow="sm" padding="xl" radius="lg" withBorder component="main">
            <Outlet />
          </Card>
        </Stack>
      </Box>
      <Text component="footer" ta="center" size="xs" c="dimmed" pb="md">
        {t('app.copyright')}
      </Text>
    </Box>
  );
}

/** The heading of every sign-in form: a title, a line of explanation, and anything after it. */
export function AuthFormHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" className="break-anywhere">
        {subtitle}
      </Text>
      {children}
    </Stack>
  );
}
