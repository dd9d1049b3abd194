import { Anchor, Button, Center, PasswordInput, Stack, Text } from '@mantine/core';
import { ZFirstTimeChangePasswordRequest } from '@swipe/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../app/auth-api';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { NewPasswordFields } from '../../app/password-fields';
import { usePageTitle } from '../../app/use-page-title';
import { completeSignIn, useSession } from '../../app/use-session';
import { AuthFormHeader } from './auth-layout';

type TValues = { currentPassword: string; password: string; passwordConfirmation: string };

/** /first-time-change-password: replaces the password an operator was issued. */
export function FirstTimeChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('firstTime.title'));
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useZodForm<TValues>(ZFirstTimeChangePasswordRequest, {
    currentPassword: '',
    password: '',
    passwordConfirmation: '',
  });
  const change = useMutation({
    mutationFn: (values: TValues) => authApi.firstTimeChangePassword(values, { toast: false }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { data, message } = await change.mutateAsync(values);
      if (message) notifySuccess(message);
      void navigate(completeSignIn(data), { replace: true });
    } catch (error) {
      reportFormError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthFormHeader title={t('firstTime.title')} subtitle={t('firstTime.subtitle')}>
          {user && (
            <Text size="sm" fw={500} className="break-anywhere">
              {user.email}
            </Text>
          )}
        </AuthFormHeader>
        <PasswordInput
          label={t('firstTime.current')}
          autoComplete="current-password"
          withAsterisk
          autoFocus
          data-testid="first-current-password"
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          form={form}
          passwordTestId="first-password"
          confirmationTestId="first-password-confirmation"
        />
        <Button type="submit" size="md" fullWidth loading={change.isPending} data-testid="first-submit">
          {t('firstTime.submit')}
        </Button>
        <Center>
          <Anchor component={Link} to="/log-out" size="sm" c="dimmed">
            {t('firstTime.signOut')}
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
