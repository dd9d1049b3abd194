import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/use-page-title';

/** /new-password: the end of the reset flow. */
export function NewPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('newPassword.title'));
  return (
    <Stack gap="md" align="center" ta="center" data-testid="new-password-done">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={32} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={22}>
        {t('newPassword.title')}
      </Title>
      <Text c="dimmed">{t('newPassword.body')}</Text>
      <Button component={Link} to="/login" size="md" fullWidth data-testid="new-password-login" autoFocus>
        {t('newPassword.login')}
      </Button>
    </Stack>
  );
}
