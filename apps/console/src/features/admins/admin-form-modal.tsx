import { Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_NAME_MAX, type TAdmin, type TAdminInput, ZAdminInput } from '@swipe/contracts/admins';
import { ADMIN_ROLE_LABELS, type TAdminRoleLabel, type TAuthority } from '@swipe/contracts/roles';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons, RadioCardOption } from '../../app/form-parts';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { adminsApi, adminsKey } from './admins-api';

type TValues = { name: string; email: string; adminRoleLabel: TAdminRoleLabel; authority: TAuthority };

const EMPTY: TValues = { name: '', email: '', adminRoleLabel: 'VIEWER', authority: 'VIEW' };

const valuesOf = (admin: TAdmin | null): TValues =>
  admin
    ? {
        name: admin.name,
        email: admin.email,
        adminRoleLabel: admin.adminRoleLabel ?? 'VIEWER',
        authority: admin.authority,
      }
    : EMPTY;

/** Adds a sub-admin (admin null) or edits one; nobody edits their own authority or role. */
export function AdminFormModal({
  opened,
  admin,
  onClose,
}: {
  opened: boolean;
  admin: TAdmin | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm<TValues>(ZAdminInput, valuesOf(admin));
  const ownRow = Boolean(admin?.isSelf);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(admin));
    form.resetDirty(valuesOf(admin));
    form.clearErrors();
  }, [opened, admin?.id]);

  const save = useMutation({
    mutationFn: (values: TAdminInput) =>
      admin
        ? adminsApi.update(admin.id, values, { toast: false })
        : adminsApi.create(values, { toast: false }),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: adminsKey });
      if (message) notifySuccess(message);
      onClose();
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      reportFormError(form, error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} fz="lg">
          {admin ? t('admins.form.editTitle') : t('admins.form.createTitle')}
        </Text>
      }
      size="lg"
      centered
      data-testid="admin-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('admins.form.name')}
            placeholder={t('admins.form.namePlaceholder')}
            withAsterisk
            maxLength={ADMIN_NAME_MAX}
            data-autofocus
            data-testid="admin-form-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            type="email"
            label={t('admins.form.email')}
            description={admin ? t('admins.form.emailEditHint') : t('admins.form.emailCreateHint')}
            withAsterisk
            autoComplete="off"
            data-testid="admin-form-email"
            {...form.getInputProps('email')}
          />
          <Select
            label={t('admins.form.role')}
            withAsterisk
            allowDeselect={false}
            disabled={ownRow}
            data={ADMIN_ROLE_LABELS.map((value) => ({ value, label: t(`adminRoleLabels.${value}`) }))}
            data-testid="admin-form-role"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('adminRoleLabel')}
          />
          <Radio.Group label={t('admins.form.authority')} withAsterisk {...form.getInputProps('authority')}>
            <Stack gap="xs" mt={6}>
              {(['EDIT', 'VIEW'] as const).map((value) => (
                <RadioCardOption
                  key={value}
                  value={value}
                  disabled={ownRow}
                  label={value === 'EDIT' ? t('admins.form.authorityEdit') : t('admins.form.authorityView')}
                  hint={
                    value === 'EDIT' ? t('admins.form.authorityEditHint') : t('admins.form.authorityViewHint')
                  }
                  testId={`admin-form-authority-${value}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          {ownRow && (
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconLock size={14} />
              <Text size="xs">{t('admins.form.ownLocked')}</Text>
            </Group>
          )}
          <FormButtons
            cancelLabel={t('admins.form.cancel')}
            submitLabel={admin ? t('admins.form.save') : t('admins.form.create')}
            pending={save.isPending}
            onCancel={onClose}
            submitTestId="admin-form-submit"
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
