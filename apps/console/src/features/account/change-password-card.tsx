import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { ZChangePasswordRequest } from '@swipe/contracts/auth';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../app/auth-api';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { NewPasswordFields } from '../../app/password-fields';
import { storeSignIn } from '../../app/session';

type TValues = { currentPassword: string; password: string; passwordConfirmation: string };

const EMPTY: TValues = { currentPassword: '', password: '', passwordConfirmation: '' };

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const form = useZodForm<TValues>(ZChangePasswordRequest, EMPTY);
  const change = useMutation({
    mutationFn: (values: TValues) => authApi.changePassword(values, { toast: false }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { data, message } = await change.mutateAsync(values);
      // The server revoked every other session and issued this one a fresh pair.
      storeSignIn(data);
      form.reset();
      if (message) notifySuccess(message);
    } catch (error) {
      reportFormError(form, error);
    }
  });

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <Stack gap={4}>
            <Group gap="xs">
              <IconKey size={20} stroke={1.7} />
              <Title order={2} fz="lg" id="change-password-title">
                {t('account.changePasswordTitle')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('account.changePasswordHint')}
            </Text>
          </Stack>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            withAsterisk
            data-testid="change-current-password"
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            form={form}
            passwordTestId="change-password"
            confirmationTestId="change-password-confirmation"
          />
          <Group>
            <Button type="submit" loading={change.isPending} data-testid="change-submit">
              {t('account.changePasswordSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
