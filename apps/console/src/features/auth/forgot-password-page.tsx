import { Anchor, Button, Center, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { ZForgotPasswordRequest } from '@swipe/contracts/auth';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../app/auth-api';
import { reportFormError, useZodForm } from '../../app/forms';
import { usePageTitle } from '../../app/use-page-title';
import { AuthFormHeader } from './auth-layout';

/** /reset-pass: ask for a reset link. The server answers alike for any address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('forgot.title'));
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(ZForgotPasswordRequest, { email: '' });
  const request = useMutation({
    mutationFn: (body: { email: string }) => authApi.forgotPassword(body, { toast: false }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await request.mutateAsync(ZForgotPasswordRequest.parse(values));
      setSent(message ?? '');
    } catch (error) {
      reportFormError(form, error);
    }
  });

  if (sent !== null)
    return (
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconMailCheck size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          {t('forgot.sentTitle')}
        </Title>
        <Text data-testid="forgot-success" role="status">
          {sent}
        </Text>
        <Text size="sm" c="dimmed">
          {t('forgot.sentHint')}
        </Text>
        <Button
          component={Link}
          to="/login"
          variant="light"
          fullWidth
          leftSection={<IconArrowLeft size={18} />}
        >
          {t('forgot.backToLogin')}
        </Button>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthFormHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
        <TextInput
          label={t('forgot.email')}
          placeholder={t('login.loginIdPlaceholder')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus
          withAsterisk
          data-testid="forgot-email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
        <Center>
          <Anchor component={Link} to="/login" size="sm">
            {t('forgot.backToLogin')}
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
