import {
  Button,
  Card,
  Group,
  Input,
  NativeSelect,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { UI_LANGUAGES } from '@swipe/contracts/i18n';
import { CONTRACT_MINIMUM_MONTHS, minimumContractEnd, type TUserKind } from '@swipe/contracts/users';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../app/format';
import { LANGUAGE_LABELS } from '../../app/language';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { planLabel, usePlans } from './change-plan-modal';
import { followStartDate, type TCreateValues, type TUpdateValues } from './user-form-values';
import { selectablePlans } from './users-api';

// Help under the field, not between label and input, so fields side by side stay aligned.
const AFTER_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

// The sections of the create and update forms. Both pages pass their form; `mode` decides
// which fields exist (no kind, plan or start date on update).

export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

export function KindSection({
  form,
  kinds,
  parentName,
}: {
  form: UseFormReturnType<TCreateValues>;
  kinds: TUserKind[];
  parentName: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('users.form.kindSection')} hint={t('users.form.kindHint', { account: parentName })}>
      <Radio.Group {...form.getInputProps('kind')} aria-label={t('users.fields.accountType')}>
        <SimpleGrid cols={{ base: 1, sm: kinds.length > 1 ? 2 : 1 }} spacing="sm">
          {kinds.map((kind) => (
            <Radio.Card key={kind} value={kind} p="md" radius="md" data-testid={`kind-${kind}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {t(`users.kind.${kind}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`users.form.kindHelp.${kind}`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Section>
  );
}

type TPeopleValues = Pick<
  TCreateValues,
  'companyName' | 'email' | 'contactName' | 'managerName' | 'authority'
>;

export function PeopleSection({
  form,
  withCompany,
  joinsAccount,
  disabled,
  editing = false,
}: {
  form: UseFormReturnType<TPeopleValues>;
  /** On the edit page the email is an existing sign-in ID, no first password is sent. */
  editing?: boolean;
  withCompany: boolean;
  /** The name of the account an OEM admin joins, shown instead of a company field. */
  joinsAccount?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('users.form.peopleSection')}
      hint={joinsAccount && t('users.form.joinsAccount', { account: joinsAccount })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {withCompany && (
          <TextInput
            label={t('users.fields.companyName')}
            withAsterisk
            maxLength={60}
            disabled={disabled}
            data-testid="form-company-name"
            {...form.getInputProps('companyName')}
          />
        )}
        <TextInput
          label={t('users.fields.email')}
          description={t(editing ? 'users.form.emailHelpUpdate' : 'users.form.emailHelp')}
          inputWrapperOrder={AFTER_INPUT}
          type="email"
          inputMode="email"
          autoComplete="off"
          withAsterisk
          disabled={disabled}
          data-testid="form-email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('users.fields.contactName')}
          withAsterisk
          disabled={disabled}
          data-testid="form-contact-name"
          {...form.getInputProps('contactName')}
        />
        <TextInput
          label={t('users.fields.managerName')}
          description={t('users.form.managerHelp')}
          inputWrapperOrder={AFTER_INPUT}
          disabled={disabled}
          data-testid="form-manager-name"
          {...form.getInputProps('managerName')}
        />
      </SimpleGrid>
      <Input.Wrapper
        size="md"
        label={t('users.fields.authority')}
        description={t('users.form.authorityHelp')}
      >
        <SegmentedControl
          mt={6}
          disabled={disabled}
          data={[
            { value: 'EDIT', label: t('users.authority.EDIT') },
            { value: 'VIEW', label: t('users.authority.VIEW') },
          ]}
          data-testid="form-authority"
          {...form.getInputProps('authority')}
        />
      </Input.Wrapper>
    </Section>
  );
}

function OptionSwitches({
  form,
  withLicense,
  disabled,
}: {
  form: UseFormReturnType<Pick<TCreateValues, 'licenseIssued' | 'logoEnabled'>>;
  withLicense: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {withLicense && (
        <Switch
          label={t('users.fields.licenseIssued')}
          description={t('users.form.licenseHelp')}
          disabled={disabled}
          data-testid="form-license"
          {...form.getInputProps('licenseIssued', { type: 'checkbox' })}
        />
      )}
      <Switch
        label={t('users.fields.logoEnabled')}
        description={t('users.form.logoHelp')}
        disabled={disabled}
        data-testid="form-logo"
        {...form.getInputProps('logoEnabled', { type: 'checkbox' })}
      />
    </Stack>
  );
}

/** Create: plan, start and end (prefilled to the 12-month minimum), license and logo. */
export function NewContractSection({ form }: { form: UseFormReturnType<TCreateValues> }) {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const options = selectablePlans(plans.data?.data ?? []);
  const start = form.values.contractStartDate;
  const min = /^\d{4}-\d{2}-\d{2}$/.test(start) ? minimumContractEnd(start) : undefined;
  const startProps = form.getInputProps('contractStartDate');
  return (
    <Section
      title={t('users.form.contractSection')}
      hint={t('users.form.minimumRule', { months: CONTRACT_MINIMUM_MONTHS })}
    >
      {plans.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : (
        <NativeSelect
          label={t('users.fields.plan')}
          withAsterisk
          data={[
            { value: '', label: t('users.form.planPlaceholder') },
            ...options.map((p) => ({
              value: p.id,
              label: planLabel(p, i18n.language, t('users.form.perMonth')),
            })),
          ]}
          data-testid="form-plan"
          {...form.getInputProps('planId')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="date"
          label={t('users.fields.contractStartDate')}
          withAsterisk
          data-testid="form-start"
          {...startProps}
          onChange={(e) => {
            const next = e.currentTarget.value;
            form.setFieldValue('contractEndDate', followStartDate(form.getValues(), next));
            startProps.onChange(next);
          }}
        />
        <TextInput
          type="date"
          label={t('users.fields.contractEndDate')}
          description={min ? t('users.form.minimumEnd', { date: formatDate(min, i18n.language) }) : undefined}
          inputWrapperOrder={AFTER_INPUT}
          min={min}
          withAsterisk
          data-testid="form-end"
          {...form.getInputProps('contractEndDate')}
        />
      </SimpleGrid>
      <OptionSwitches form={form as never} withLicense />
    </Section>
  );
}

/** Update: the plan and start stay as they are; the end date may move (not below the minimum). */
export function ExistingContractSection({
  form,
  planName,
  startDate,
  disabled,
}: {
  form: UseFormReturnType<TUpdateValues>;
  planName: string;
  startDate: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const min = minimumContractEnd(startDate);
  return (
    <Section title={t('users.form.contractSection')} hint={t('users.form.updateContractHint')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label={t('users.fields.plan')}
          value={planName}
          readOnly
          variant="filled"
          disabled={disabled}
        />
        <TextInput
          label={t('users.fields.contractStartDate')}
          value={formatDate(startDate, i18n.language)}
          readOnly
          variant="filled"
          disabled={disabled}
        />
        <TextInput
          type="date"
          label={t('users.fields.contractEndDate')}
          description={t('users.form.minimumEnd', { date: formatDate(min, i18n.language) })}
          inputWrapperOrder={AFTER_INPUT}
          min={min}
          disabled={disabled}
          data-testid="form-end"
          {...form.getInputProps('contractEndDate')}
        />
      </SimpleGrid>
      <OptionSwitches form={form as never} withLicense disabled={disabled} />
    </Section>
  );
}

export function LogoOnlySection({
  form,
  disabled,
}: {
  form: UseFormReturnType<TUpdateValues>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('users.form.optionsSection')}>
      <OptionSwitches form={form as never} withLicense={false} disabled={disabled} />
    </Section>
  );
}

export function LanguageSection({ form }: { form: UseFormReturnType<TCreateValues> }) {
  const { t } = useTranslation();
  return (
    <Section title={t('users.form.mailSection')} hint={t('users.form.mailHint')}>
      <NativeSelect
        label={t('users.fields.language')}
        maw={320}
        data={UI_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
        data-testid="form-language"
        {...form.getInputProps('language')}
      />
    </Section>
  );
}

/** The foot of the create and update forms: a way back, and the submit (inert while writes are locked). */
export function FormActions({
  cancelTo,
  cancelLabel,
  submitLabel,
  submitIcon,
  withSubmit = true,
  loading,
}: {
  cancelTo: string;
  cancelLabel: string;
  submitLabel: string;
  submitIcon: ReactNode;
  withSubmit?: boolean;
  loading: boolean;
}) {
  const { locked, reason } = useWriteAccess();
  return (
    <Group justify="flex-end" gap="sm">
      <Button component={Link} to={cancelTo} variant="default">
        {cancelLabel}
      </Button>
      {withSubmit && (
        <WriteButton
          locked={locked}
          reason={reason}
          type="submit"
          loading={loading}
          leftSection={submitIcon}
          data-testid="form-submit"
        >
          {submitLabel}
        </WriteButton>
      )}
    </Group>
  );
}
