import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  BANK_ACCOUNT_TYPES,
  type TBillingSettings,
  type TBillingSettingsState,
  ZBillingSettings,
} from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconAlertCircle, IconCalendarPlus, IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { translateMessage } from '../../app/catalogue';
import { todayJst } from '../../app/format';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { WriteButton } from '../../app/write-control';
import { billingApi, billingKeys } from './billing-api';
import { formatMonth, monthOfPicked, pickedOfMonth, previousMonth } from './billing-format';

// MASTER's billing tools: bill an ended month now (the monthly run does it on the 1st; a month
// is never billed twice), the settings printed on every invoice, and the alert saying that
// bank-transfer bills are held while those settings are incomplete.

export function RunBillingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const latest = previousMonth(todayJst());
  const [month, setMonth] = useState<string | undefined>(latest);
  const run = useMutation({
    mutationFn: (m: string) => billingApi.run(m, { toast: false }),
    onSuccess: ({ data, message }) => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.bills });
      notifySuccess(
        message ?? t('billing.run.done', { created: data.created, month: formatMonth(data.month, lang) }),
      );
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts afresh
  useEffect(() => {
    if (opened) {
      setMonth(latest);
      run.reset();
    }
  }, [opened]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (month && !run.isPending) run.mutate(month);
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !run.isPending && onClose()}
      centered
      title={
        <Group gap="xs">
          <IconCalendarPlus size={20} />
          <Text fw={650}>{t('billing.run.title')}</Text>
        </Group>
      }
    >
      <form onSubmit={submit} noValidate data-testid="billing-run-modal">
        <Stack gap="md">
          <Text size="sm">{t('billing.run.intro')}</Text>
          <MonthPickerInput
            label={t('billing.run.month')}
            required
            value={pickedOfMonth(month)}
            onChange={(value) => setMonth(monthOfPicked(value))}
            maxDate={pickedOfMonth(latest) ?? undefined}
            valueFormat="YYYY-MM"
            error={!month ? translateMessage('billing.monthInvalid', lang) : undefined}
            data-autofocus
            data-testid="billing-run-month"
          />
          {run.error && !(run.error instanceof ApiError && run.error.kind === 'aborted') && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {run.error instanceof ApiError ? run.error.message : t('billing.actionFailed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={run.isPending}>
              {t('billing.cancel')}
            </Button>
            <Button type="submit" loading={run.isPending} disabled={!month} data-testid="billing-run-submit">
              {t('billing.run.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function BillingSettingsModal(props: {
  opened: boolean;
  onClose: () => void;
  locked: boolean;
  reason: string;
}) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: billingKeys.settings,
    queryFn: ({ signal }) => billingApi.settings({ signal }),
    enabled: props.opened,
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      title={
        <Group gap="xs">
          <IconSettings size={20} />
          <Text fw={650}>{t('billing.settings.title')}</Text>
        </Group>
      }
    >
      <div data-testid="billing-settings-modal">
        {settings.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={80} />
          </Stack>
        ) : settings.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('billing.settings.loadFailed')}</Text>
              <Button size="xs" variant="white" onClick={() => void settings.refetch()}>
                {t('billing.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <SettingsForm
            initial={storedSettings(settings.data.data)}
            onClose={props.onClose}
            locked={props.locked}
            reason={props.reason}
          />
        )}
      </div>
    </Modal>
  );
}

/** The form's values: the stored settings without what the server adds about them. */
function storedSettings(state: TBillingSettingsState): TBillingSettings {
  const { missing: _missing, held: _held, ...settings } = state;
  return settings;
}

/**
 * MASTER's alert on the billing screen while bank-transfer bills cannot be issued: what is
 * missing from the settings, the months held for them, and the way to the settings.
 */
export function BillingSettingsAlert({ onOpen }: { onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const settings = useQuery({
    queryKey: billingKeys.settings,
    queryFn: ({ signal }) => billingApi.settings({ signal, toast: false }),
  });
  const state = settings.data?.data;
  if (!state || (state.missing.length === 0 && state.held.length === 0)) return null;
  const fields = state.missing
    .map((f) => t(`billing.settings.missing.fields.${f}`))
    .join(lang === 'en' ? ', ' : '、');
  const months = state.held
    .map((h) =>
      t('billing.settings.missing.heldMonth', { month: formatMonth(h.month, lang), count: h.contracts }),
    )
    .join(lang === 'en' ? ', ' : '、');
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={20} />}
      title={
        <Text fw={650} size="sm" c="var(--mantine-color-text)">
          {t('billing.settings.missing.title')}
        </Text>
      }
      data-testid="billing-settings-incomplete"
    >
      <Stack gap="xs" align="flex-start">
        {state.missing.length > 0 && <Text size="sm">{t('billing.settings.missing.body', { fields })}</Text>}
        {state.held.length > 0 && (
          <Text size="sm" data-testid="billing-held-months">
            {t('billing.settings.missing.held', { months })}
          </Text>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconSettings size={16} />}
          onClick={onOpen}
          data-testid="billing-settings-complete"
        >
          {t('billing.settings.missing.complete')}
        </Button>
      </Stack>
    </Alert>
  );
}

function SettingsForm(props: {
  initial: TBillingSettings;
  onClose: () => void;
  locked: boolean;
  reason: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const form = useZodForm<TBillingSettings>(ZBillingSettings, props.initial);
  const save = useMutation({
    mutationFn: (values: TBillingSettings) =>
      billingApi.saveSettings(ZBillingSettings.parse(values), { toast: false }),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(billingKeys.settings, { data });
      // Held bank-transfer bills may just have been issued.
      void queryClient.invalidateQueries({ queryKey: billingKeys.bills });
      notifySuccess(message ?? translateMessage('billing.settingsSaved', lang));
      props.onClose();
    },
    onError: (error) => reportFormError(form, error),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      noValidate
      data-testid="billing-settings-form"
    >
      <Stack gap="md">
        <TextInput
          label={t('billing.settings.issuerName')}
          required
          maxLength={256}
          data-autofocus
          {...form.getInputProps('issuerName')}
          data-testid="settings-issuer-name"
        />
        <Textarea
          label={t('billing.settings.issuerAddress')}
          autosize
          minRows={2}
          maxLength={512}
          {...form.getInputProps('issuerAddress')}
          data-testid="settings-issuer-address"
        />
        <TextInput
          label={t('billing.settings.registrationNumber')}
          description={t('billing.settings.registrationHint')}
          required
          placeholder="T1234567890123"
          maxLength={14}
          {...form.getInputProps('registrationNumber')}
          data-testid="settings-registration-number"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('billing.settings.licenseFee')}
            required
            min={0}
            max={10_000_000}
            step={1000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            leftSection="¥"
            {...form.getInputProps('licenseFee')}
            data-testid="settings-license-fee"
          />
          <NumberInput
            label={t('billing.settings.paymentTermDays')}
            required
            min={0}
            max={120}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('paymentTermDays')}
            data-testid="settings-payment-term"
          />
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          {t('billing.settings.bankHeading')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('billing.settings.bankName')}
            required
            maxLength={128}
            {...form.getInputProps('bankName')}
            data-testid="settings-bank-name"
          />
          <TextInput
            label={t('billing.settings.bankBranch')}
            required
            maxLength={128}
            {...form.getInputProps('bankBranch')}
            data-testid="settings-bank-branch"
          />
          <Select
            label={t('billing.settings.bankAccountType')}
            size="md"
            required
            allowDeselect={false}
            data={BANK_ACCOUNT_TYPES.map((value) => ({
              value,
              label: t(`billing.settings.accountTypes.${value}`),
            }))}
            {...form.getInputProps('bankAccountType')}
            data-testid="settings-bank-account-type"
          />
          <TextInput
            label={t('billing.settings.bankAccountNumber')}
            description={t('billing.settings.bankAccountNumberHint')}
            required
            inputMode="numeric"
            placeholder="1234567"
            maxLength={7}
            {...form.getInputProps('bankAccountNumber')}
            data-testid="settings-bank-account-number"
          />
        </SimpleGrid>
        <TextInput
          label={t('billing.settings.bankAccountHolder')}
          required
          maxLength={128}
          {...form.getInputProps('bankAccountHolder')}
          data-testid="settings-bank-account-holder"
        />
        <Textarea
          label={t('billing.settings.notes')}
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('notes')}
          data-testid="settings-notes"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={save.isPending}>
            {t('billing.cancel')}
          </Button>
          <WriteButton
            locked={props.locked}
            reason={props.reason}
            type="submit"
            loading={save.isPending}
            data-testid="settings-save"
          >
            {t('billing.settings.save')}
          </WriteButton>
        </Group>
      </Stack>
    </form>
  );
}
