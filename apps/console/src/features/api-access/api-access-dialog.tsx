import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  type useModalsStack,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  API_AUTH_METHODS,
  type TApiAuthMethod,
  type TApiSettings,
  ZUpdateApiSettingsRequest,
} from '@swipe/contracts/api-access';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconApi, IconEye, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { useZodForm } from '../../app/forms';
import { notifyError, notifySuccess } from '../../app/notify';
import { useWriteAccess } from '../../app/write-access';
import { API_SETTINGS_QUERY_KEY, apiAccessApi } from './api-access-api';
import { checkAgainstStored, formValuesOf, requestOf, type TApiFormValues } from './api-access-form';
import { ApiKeyPanel } from './api-key-panel';
import { CopyField } from './copy-field';
import { curlExample } from './curl-example';
import { IpListField } from './ip-list-field';

// The API issuance dialog: enable switch, authentication method and its credentials,
// key issue and revoke (each confirmed when it ends a key), and how to call the read API.

export type TApiModalId = 'settings' | 'issue' | 'revoke';
export type TApiModalsStack = ReturnType<typeof useModalsStack<TApiModalId>>;

export function ApiAccessDialog({ stack, settings }: { stack: TApiModalsStack; settings: TApiSettings }) {
  const { t, i18n } = useTranslation();
  // Read-only for view authority and under a suspended contract, as the server refuses both.
  const { locked: readOnly, reason } = useWriteAccess();
  const lang = i18n.language as TUiLanguage;
  const phone = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const form = useZodForm<TApiFormValues>(ZUpdateApiSettingsRequest, formValuesOf(settings));
  const [freshKey, setFreshKey] = useState<string | null>(null);
  const opened = stack.state.settings;

  const applySettings = (next: TApiSettings) =>
    queryClient.setQueryData(API_SETTINGS_QUERY_KEY, { data: next });

  // Each opening starts from what is stored; a key shown once is gone after closing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!opened) {
      setFreshKey(null);
      return;
    }
    const values = formValuesOf(settings);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened]);

  const save = useMutation({
    mutationFn: (values: TApiFormValues) => apiAccessApi.update(requestOf(values), { toast: false }),
  });
  const issue = useMutation({
    mutationFn: () => apiAccessApi.issueKey(),
    onSuccess: ({ data, message }) => {
      applySettings(data.settings);
      setFreshKey(data.key);
      form.clearFieldError('method');
      if (message) notifySuccess(message);
      stack.close('issue');
    },
  });
  const revoke = useMutation({
    mutationFn: () => apiAccessApi.revokeKey(),
    onSuccess: ({ data, message }) => {
      applySettings(data);
      setFreshKey(null);
      if (message) notifySuccess(message);
      stack.close('revoke');
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!checkAgainstStored(form, settings, lang)) return;
    try {
      const { data, message } = await save.mutateAsync(values);
      applySettings(data);
      const next = formValuesOf(data);
      form.setValues(next);
      form.resetDirty(next);
      if (message) notifySuccess(message);
    } catch (error) {
      if (!(error instanceof ApiError)) return notifyError(t('apiError.request'));
      // Field errors (ip_list.2, basic_id ...) go next to their fields; anything else is a toast.
      const fields = Object.entries(error.fieldErrors).filter(([f]) => f.split('.')[0]! in values);
      if (fields.length > 0) form.setErrors(Object.fromEntries(fields));
      else notifyError(error.message);
    }
  });

  const values = form.getValues();
  const method = values.method;
  const onIssue = () => (settings.key ? stack.open('issue') : issue.mutate());
  const prefix = settings.key ? `slp_${settings.key.prefix}_…` : '';

  return (
    <Modal.Stack>
      <Modal
        {...stack.register('settings')}
        title={
          <Group gap="xs" wrap="nowrap">
            <IconApi size={22} stroke={1.6} />
            <Text fw={650} fz="lg">
              {t('apiAccess.dialogTitle')}
            </Text>
          </Group>
        }
        size="lg"
        fullScreen={phone}
        centered={!phone}
        data-testid="api-access-dialog"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {readOnly && (
              <Alert
                color="gray"
                variant="light"
                icon={<IconEye size={18} />}
                data-testid="api-access-readonly"
              >
                {reason}
              </Alert>
            )}

            <Switch
              size="md"
              label={t('apiAccess.enable')}
              description={t('apiAccess.enableHint')}
              disabled={readOnly}
              data-testid="api-access-enabled"
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />

            <Stack gap={6}>
              <Text size="sm" fw={500} id="api-method-label">
                {t('apiAccess.method')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="api-method-label"
                readOnly={readOnly}
                data={API_AUTH_METHODS.map((m) => ({ value: m, label: t(`apiAccess.methods.${m}`) }))}
                value={method}
                onChange={(m) => {
                  form.setFieldValue('method', m as TApiAuthMethod);
                  form.clearErrors();
                }}
                data-testid="api-access-method"
              />
              <Text size="xs" c="dimmed">
                {t(`apiAccess.methodHints.${method}`)}
              </Text>
            </Stack>

            {method === 'IP' && (
              <Stack gap="md">
                <IpListField form={form} readOnly={readOnly} />
                <Stack gap={4}>
                  {settings.clientId ? (
                    <CopyField
                      label={t('apiAccess.ip.clientId')}
                      value={settings.clientId}
                      testId="api-client-id"
                    />
                  ) : (
                    <>
                      <Text size="sm" fw={500}>
                        {t('apiAccess.ip.clientId')}
                      </Text>
                      <Text size="sm" c="dimmed" data-testid="api-client-id-pending">
                        {t('apiAccess.ip.clientIdPending')}
                      </Text>
                    </>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('apiAccess.ip.clientIdHint')}
                  </Text>
                </Stack>
              </Stack>
            )}

            {method === 'BASIC' && (
              <Stack gap="md">
                <TextInput
                  label={t('apiAccess.basic.id')}
                  description={t('apiAccess.basic.idHint')}
                  autoComplete="off"
                  spellCheck={false}
                  readOnly={readOnly}
                  withAsterisk={values.enabled}
                  data-testid="api-basic-id"
                  {...form.getInputProps('basicId')}
                />
                <PasswordInput
                  label={t('apiAccess.basic.password')}
                  description={
                    settings.hasBasicPassword
                      ? t('apiAccess.basic.passwordKeep')
                      : t('apiAccess.basic.passwordHint')
                  }
                  placeholder={settings.hasBasicPassword ? '••••••••' : undefined}
                  autoComplete="new-password"
                  readOnly={readOnly}
                  withAsterisk={values.enabled && !settings.hasBasicPassword}
                  data-testid="api-basic-password"
                  {...form.getInputProps('basicPassword')}
                />
              </Stack>
            )}

            {method === 'API_KEY' && (
              <ApiKeyPanel
                settings={settings}
                freshKey={freshKey}
                readOnly={readOnly}
                busy={issue.isPending || revoke.isPending}
                error={form.errors.method as string | undefined}
                onIssue={onIssue}
                onRevoke={() => stack.open('revoke')}
              />
            )}

            <Divider label={t('apiAccess.connect.title')} labelPosition="left" />
            <Stack gap="sm">
              <CopyField
                label={t('apiAccess.connect.baseUrl')}
                value={settings.baseUrl}
                testId="api-base-url"
              />
              <CopyField
                label={t('apiAccess.connect.example')}
                value={curlExample({
                  method,
                  baseUrl: settings.baseUrl,
                  clientId: settings.clientId,
                  basicId: values.basicId,
                })}
                testId="api-curl-example"
                multiline
              />
              <Text size="xs" c="dimmed">
                {t('apiAccess.connect.endpoints')}{' '}
                <Anchor href="/api/docs" target="_blank" rel="noopener" size="xs">
                  {t('apiAccess.connect.docs')}
                </Anchor>
              </Text>
            </Stack>

            <Group justify="flex-end" gap="sm" pt="xs">
              <Button
                variant="default"
                onClick={() => stack.close('settings')}
                data-testid="api-access-close"
              >
                {t('apiAccess.close')}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={save.isPending} data-testid="api-access-save">
                  {t('apiAccess.save')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        {...stack.register('issue')}
        title={
          <Group gap="xs">
            <IconRefresh size={20} color="var(--mantine-color-orange-7)" />
            <Text fw={650}>{t('apiAccess.key.reissueTitle')}</Text>
          </Group>
        }
        centered
        data-testid="api-key-reissue-modal"
      >
        <Stack gap="md">
          <Text size="sm">{t('apiAccess.key.reissueBody', { prefix })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => stack.close('issue')} disabled={issue.isPending}>
              {t('apiAccess.cancel')}
            </Button>
            <Button
              color="orange"
              onClick={() => issue.mutate()}
              loading={issue.isPending}
              data-autofocus
              data-testid="api-key-reissue-confirm"
            >
              {t('apiAccess.key.reissueConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        {...stack.register('revoke')}
        title={
          <Group gap="xs">
            <IconTrash size={20} color="var(--mantine-color-red-7)" />
            <Text fw={650}>{t('apiAccess.key.revokeTitle')}</Text>
          </Group>
        }
        centered
        data-testid="api-key-revoke-modal"
      >
        <Stack gap="md">
          <Text size="sm">{t('apiAccess.key.revokeBody', { prefix })}</Text>
          {settings.enabled && settings.method === 'API_KEY' && (
            <Alert color="red" variant="light">
              {t('apiAccess.key.revokeInUse')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => stack.close('revoke')} disabled={revoke.isPending}>
              {t('apiAccess.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => revoke.mutate()}
              loading={revoke.isPending}
              data-autofocus
              data-testid="api-key-revoke-confirm"
            >
              {t('apiAccess.key.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal.Stack>
  );
}
