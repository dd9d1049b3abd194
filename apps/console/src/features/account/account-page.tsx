import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TAuthUser } from '@swipe/contracts/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS } from '../../app/language';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { UserAvatar } from '../../app/user-avatar';
import { ApiAccessCard } from '../api-access/api-access-card';
import { ChangePasswordCard } from './change-password-card';

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} className="break-anywhere" data-testid={testId} component="div">
        {value}
      </Text>
    </Stack>
  );
}

function ProfileCard({ user }: { user: TAuthUser }) {
  const { t } = useTranslation();
  const none = (
    <Text span c="dimmed" size="sm">
      {t('account.none')}
    </Text>
  );
  return (
    <Card component="section" aria-label={t('account.profile')}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={56} testId="account-avatar" />
          <Stack gap={2} miw={0}>
            <Text fw={650} fz="lg" className="break-anywhere" data-testid="account-name">
              {user.name}
            </Text>
            <Text size="sm" c="dimmed" className="break-anywhere" data-testid="account-email">
              {user.email}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <Field label={t('account.role')} value={t(`roles.${user.role}`)} testId="account-role" />
          <Field
            label={t('account.authority')}
            testId="account-authority"
            value={
              <Badge variant="light" color={user.authority === 'EDIT' ? 'brand' : 'gray'}>
                {t(`authority.${user.authority}`)}
              </Badge>
            }
          />
          <Field
            label={t('account.adminRoleLabel')}
            testId="account-admin-role"
            value={user.adminRoleLabel ? t(`adminRoleLabels.${user.adminRoleLabel}`) : none}
          />
          <Field label={t('account.accountName')} value={user.accountName} testId="account-account-name" />
          <Field label={t('account.email')} value={user.email} testId="account-email-field" />
          <Field
            label={t('account.language')}
            value={LANGUAGE_LABELS[user.language]}
            testId="account-language"
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** /{prefix}: the landing page for now; the signed-in user's own details and password. */
export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const { user } = useShell();
  return (
    <Stack gap="lg" data-testid="account-page">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('account.title')}
        </Title>
        <Text c="dimmed">{t('account.subtitle')}</Text>
      </Stack>
      <ProfileCard user={user} />
      <ChangePasswordCard />
      <ApiAccessCard />
    </Stack>
  );
}
