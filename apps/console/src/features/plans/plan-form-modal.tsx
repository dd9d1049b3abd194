import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  OVER_LIMIT_PV_UNIT,
  PLAN_CODE_MAX,
  PLAN_FLAGS,
  PLAN_NAME_MAX,
  PLAN_TIERS,
  type TPlan,
  ZCreatePlanRequest,
  ZUpdatePlanRequest,
} from '@swipe/contracts/plans';
import { IconGitBranch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../app/format';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { planKeys, plansApi } from './plans-api';

type TNumber = number | '';
type TValues = {
  code: string;
  tier: string;
  name: string;
  price: TNumber;
  quantitySwipe: TNumber;
  quantitySite: TNumber;
  limitAccess: TNumber;
  limitAccessPrice: TNumber;
  flags: Record<(typeof PLAN_FLAGS)[number], boolean>;
};

const blank = (): TValues => ({
  code: '',
  tier: 'standard',
  name: '',
  price: '',
  quantitySwipe: '',
  quantitySite: '',
  limitAccess: '',
  limitAccessPrice: '',
  flags: { ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])), swipe: true } as TValues['flags'],
});

const fromPlan = (p: TPlan): TValues => ({
  code: p.code,
  tier: p.tier,
  name: p.name,
  price: p.price,
  quantitySwipe: p.quantitySwipe,
  quantitySite: p.quantitySite,
  limitAccess: p.limitAccess,
  limitAccessPrice: p.limitAccessPrice,
  flags: { ...p.flags },
});

/** Create (plan null) or edit a plan; an edit is saved as the next version. */
export function PlanFormModal({
  opened,
  plan,
  onClose,
}: {
  opened: boolean;
  plan: TPlan | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      title={
        <Text fw={650}>
          {plan ? t('plans.form.editTitle', { name: plan.name }) : t('plans.form.createTitle')}
        </Text>
      }
      size="lg"
      centered
      data-testid="plan-form-modal"
    >
      {opened && <PlanForm key={plan?.id ?? 'new'} plan={plan} onClose={onClose} />}
    </Modal>
  );
}

function PlanForm({ plan, onClose }: { plan: TPlan | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const editing = plan !== null;
  const schema = editing ? ZUpdatePlanRequest : ZCreatePlanRequest;
  const form = useZodForm<TValues>(schema, plan ? fromPlan(plan) : blank());

  const save = useMutation({
    mutationFn: (values: TValues) =>
      plan
        ? plansApi.update(plan.id, ZUpdatePlanRequest.parse(values), { toast: false })
        : plansApi.create(ZCreatePlanRequest.parse(values), { toast: false }),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('plans.form.saved'));
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      onClose();
    },
    onError: (error) => reportFormError(form, error),
  });

  const number = (
    field: keyof TValues,
    label: string,
    opts: { yen?: boolean; description?: string } = {},
  ) => (
    <NumberInput
      size="md"
      label={label}
      description={opts.description}
      withAsterisk
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      prefix={opts.yen ? '¥' : undefined}
      hideControls
      inputMode="numeric"
      {...form.getInputProps(field)}
      data-testid={`plan-form-${field}`}
    />
  );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        {plan && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconGitBranch size={18} />}
            data-testid="plan-form-versioning"
          >
            <Text size="sm">
              {plan.contractCount
                ? t('plans.form.versioning', {
                    next: plan.version + 1,
                    version: plan.version,
                    count: plan.contractCount,
                  })
                : t('plans.form.versioningNone', { next: plan.version + 1, version: plan.version })}
            </Text>
          </Alert>
        )}
        {!editing && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('plans.fields.code')}
              description={t('plans.form.codeHint', { max: PLAN_CODE_MAX })}
              withAsterisk
              maxLength={PLAN_CODE_MAX + 10}
              ff="monospace"
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('code')}
              data-testid="plan-form-code"
            />
            <NativeSelect
              size="md"
              label={t('plans.fields.tier')}
              withAsterisk
              data={PLAN_TIERS.map((tier) => ({ value: tier, label: t(`plans.tiers.${tier}`) }))}
              {...form.getInputProps('tier')}
              data-testid="plan-form-tier"
            />
          </SimpleGrid>
        )}
        <TextInput
          label={t('plans.fields.name')}
          description={t('plans.form.nameHint', { max: PLAN_NAME_MAX })}
          withAsterisk
          data-autofocus={editing || undefined}
          {...form.getInputProps('name')}
          data-testid="plan-form-name"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {number('price', t('plans.fields.price'), { yen: true })}
          {number('quantitySite', t('plans.fields.quantitySite'))}
          {number('quantitySwipe', t('plans.fields.quantitySwipe'))}
          {number('limitAccess', t('plans.fields.limitAccess'))}
          {number('limitAccessPrice', t('plans.fields.limitAccessPrice'), {
            yen: true,
            description: t('plans.form.overHint', { unit: formatCount(OVER_LIMIT_PV_UNIT, i18n.language) }),
          })}
        </SimpleGrid>
        {/* Not a Checkbox.Group: a group owns its boxes' state, these are separate boolean fields. */}
        <Input.Wrapper
          labelElement="div"
          label={t('plans.featuresHeading')}
          description={t('plans.form.flagsHint')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {PLAN_FLAGS.map((f) => (
              <Checkbox
                key={f}
                label={t(`plans.flags.${f}`)}
                {...form.getInputProps(`flags.${f}`, { type: 'checkbox' })}
                data-testid={`plan-form-flag-${f}`}
              />
            ))}
          </SimpleGrid>
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('plans.cancel')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={editing && !form.isDirty()}
            data-testid="plan-form-submit"
          >
            {editing
              ? t('plans.form.saveVersion', { next: (plan?.version ?? 0) + 1 })
              : t('plans.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
