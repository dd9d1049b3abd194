import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ZLoginRequest } from '@swipe/contracts/auth';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/api-client';
import { authApi } from '../../app/auth-api';
import { useFocusAfterPaint } from '../../app/focus-after-paint';
import { useZodForm } from '../../app/forms';
import { usePageTitle } from '../../app/use-page-title';
import { completeSignIn } from '../../app/use-session';
import { AuthFormHeader } from './auth-layout';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // Plain state rather than a query mutation: the sign-in page ships without TanStack Query.
  const [pending, setPending] = useState(false);
  const form = useZodForm(ZLoginRequest, { loginId: '', password: '' });
  const loginIdRef = useFocusAfterPaint<HTMLInputElement>();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setPending(true);
    try {
      // The default toast stays on: the server's message shows as a toast, and we repeat
      // it above the form so it is still there after the toast closes.
      const { data } = await authApi.login(ZLoginRequest.parse(values));
      void navigate(completeSignIn(data), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind === 'aborted') return;
      const fields = Object.entries(error.fieldErrors).filter(([f]) => f === 'loginId' || f === 'password');
      if (fields.length > 0) form.setErrors(Object.fromEntries(fields));
      setFailure(error.message);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthFormHeader title={t('login.title')} subtitle={t('login.subtitle')} />
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={t('login.failedTitle')}
            data-testid="login-error"
            role="alert"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('login.loginId')}
          placeholder={t('login.loginIdPlaceholder')}
          type="email"
          inputMode="email"
          autoComplete="username"
          ref={loginIdRef}
          withAsterisk
          data-testid="login-id"
          {...form.getInputProps('loginId')}
        />
        <Stack gap={6}>
          <PasswordInput
            label={t('login.password')}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            withAsterisk
            data-testid="login-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/reset-pass" size="sm" data-testid="login-forgot">
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" fullWidth loading={pending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
