import { Anchor, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ZResetPasswordRequest } from '@swipe/contracts/auth';
import { IconLinkOff, IconWifiOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { authApi } from '../../app/auth-api';
import { reportFormError, useZodForm } from '../../app/forms';
import { NewPasswordFields } from '../../app/password-fields';
import { usePageTitle } from '../../app/use-page-title';
import { AuthFormHeader } from './auth-layout';

/** /reset-password?token=…: the link from the reset mail. The token is checked before asking. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') || undefined;

  // Asked once per token; a used link stays used, so there is nothing to refetch.
  const verify = useQuery({
    queryKey: ['auth', 'verify-token', token ?? ''],
    queryFn: ({ signal }) => authApi.verifyToken(token, { signal, toast: false }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const form = useZodForm(ZResetPasswordRequest, { password: '', passwordConfirmation: '' });
  const reset = useMutation({
    mutationFn: (values: { password: string; passwordConfirmation: string }) =>
      authApi.resetPassword({ token, ...values }, { toast: false }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      void navigate('/new-password', { replace: true });
    } catch (error) {
      reportFormError(form, error);
    }
  });

  if (verify.isPending)
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" aria-busy="true">
          <Loader size="md" />
          <Text c="dimmed" size="sm">
            {t('reset.verifying')}
          </Text>
        </Stack>
      </Center>
    );

  if (verify.isError) {
    const error = verify.error;
    // A 400 means the token itself is missing or spent; anything else is worth retrying.
    const badLink = error instanceof ApiError && error.kind === 'http';
    return (
      <Stack gap="md" align="center" ta="center" data-testid="reset-invalid">
        <ThemeIcon size={56} radius="xl" variant="light" color={badLink ? 'orange' : 'gray'}>
          {badLink ? <IconLinkOff size={30} stroke={1.6} /> : <IconWifiOff size={30} stroke={1.6} />}
        </ThemeIcon>
        <Title order={1} fz={22}>
          {t('reset.invalidTitle')}
        </Title>
        <Text role="alert" data-testid="reset-error">
          {error.message}
        </Text>
        {badLink ? (
          <Button component={Link} to="/reset-pass" fullWidth data-testid="reset-request-new">
            {t('reset.requestNew')}
          </Button>
        ) : (
          <Button onClick={() => void verify.refetch()} fullWidth loading={verify.isFetching}>
            {t('reset.retry')}
          </Button>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthFormHeader
          title={t('reset.title')}
          subtitle={t('reset.subtitle', { email: verify.data.data.email })}
        />
        <NewPasswordFields
          form={form}
          passwordTestId="reset-password"
          confirmationTestId="reset-password-confirmation"
          autoFocus
        />
        <Button type="submit" size="md" fullWidth loading={reset.isPending} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
