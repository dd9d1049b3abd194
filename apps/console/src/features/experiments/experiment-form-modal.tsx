import { Alert, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  ALLOCATIONS,
  EXPERIMENT_GOALS,
  goalButtonKey,
  goalButtonsOf,
  type TAllocation,
  type TExperiment,
  type TExperimentGoal,
  type TGoalButtonOption,
  ZCreateExperimentRequest,
} from '@swipe/contracts/experiments';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translateMessage } from '../../app/catalogue';
import { FormButtons, RadioCardOption } from '../../app/form-parts';
import { reportFormError, useZodForm } from '../../app/forms';
import { notifySuccess } from '../../app/notify';
import { goalButtonOf } from './experiment-values';
import { experimentsApi } from './experiments-api';
import { useReplaceExperiment } from './use-experiment-actions';

type TValues = { name: string; goal: TExperimentGoal; goalButton: string; allocation: TAllocation };

const EMPTY: TValues = { name: '', goal: 'CONTACT', goalButton: '', allocation: 'AUTO' };

const valuesOf = (e: TExperiment | null): TValues =>
  e
    ? {
        name: e.name,
        goal: e.goal,
        goalButton: e.goalButton ? goalButtonKey(e.goalButton) : '',
        allocation: e.allocation,
      }
    : EMPTY;

/** The form's values as the request: the button chosen in the select becomes the contract's object. */
const requestOf = (v: TValues) => ({
  name: v.name,
  goal: v.goal,
  goalButton: v.goal === 'BUTTON' ? goalButtonOf(v.goalButton) : null,
  allocation: v.allocation,
});
const ZForm = z.preprocess((v) => requestOf(v as TValues), ZCreateExperimentRequest);

/** How a goal button reads in the select: "A1 · link button “Buy now”". */
export function useGoalButtonLabel() {
  const { t } = useTranslation();
  return (o: TGoalButtonOption) =>
    o.target === 'LINK'
      ? t('experiments.form.buttonLink', { page: o.coordinate, text: o.text })
      : o.target === 'PRODUCT'
        ? o.text
          ? t('experiments.form.buttonProduct', { page: o.coordinate, n: o.n, text: o.text })
          : t('experiments.form.buttonProductUnnamed', { page: o.coordinate, n: o.n })
        : t('experiments.form.buttonCta', { name: t(`siteEditor.popup.kinds.${o.popup ?? 'timeLimit'}`) });
}

/**
 * Creates an experiment (experiment null) or changes a draft's settings: its name, its goal (a
 * button of the published site for BUTTON) and how visitors are split. Checked with the
 * contracts' schema as typed, then by the server.
 */
export function ExperimentFormModal(props: {
  opened: boolean;
  siteId: string;
  experiment: TExperiment | null;
  /** The published document, for the buttons a BUTTON goal may name (null while it loads). */
  document: TSiteDocument | null;
  onClose: () => void;
}) {
  const { opened, siteId, experiment, onClose } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const replace = useReplaceExperiment(siteId);
  const form = useZodForm<TValues>(ZForm, valuesOf(experiment));
  const buttonLabel = useGoalButtonLabel();
  const buttons = useMemo(() => (props.document ? goalButtonsOf(props.document) : []), [props.document]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(experiment));
    form.resetDirty(valuesOf(experiment));
    form.clearErrors();
  }, [opened, experiment?.id]);

  const save = useMutation({
    mutationFn: (values: TValues) =>
      experiment
        ? experimentsApi.update(siteId, experiment.id, requestOf(values), { toast: false })
        : experimentsApi.create(siteId, requestOf(values), { toast: false }),
    onSuccess: ({ data, message }) => {
      replace(data);
      notifySuccess(
        message ?? translateMessage(experiment ? 'experiments.updated' : 'experiments.created', lang),
      );
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

  const values = form.getValues();
  const goalHint = t(`experiments.goalHints.${values.goal}`);
  return (
    <Modal
      opened={opened}
      onClose={() => !save.isPending && onClose()}
      title={
        <Text fw={650} fz="lg">
          {experiment ? t('experiments.form.editTitle') : t('experiments.form.createTitle')}
        </Text>
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('experiments.cancel') }}
    >
      <form onSubmit={submit} noValidate data-testid="experiment-form">
        <Stack gap="md">
          <TextInput
            label={t('experiments.form.name')}
            placeholder={t('experiments.form.namePlaceholder')}
            withAsterisk
            maxLength={50}
            data-autofocus
            data-testid="experiment-name"
            {...form.getInputProps('name')}
          />
          <Select
            label={t('experiments.form.goal')}
            description={goalHint}
            withAsterisk
            allowDeselect={false}
            data={EXPERIMENT_GOALS.map((g) => ({ value: g, label: t(`experiments.goals.${g}`) }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="experiment-goal"
            {...form.getInputProps('goal')}
          />
          {values.goal === 'BUTTON' &&
            (props.document && buttons.length === 0 ? (
              <Alert
                color="orange"
                variant="light"
                icon={<IconInfoCircle size={18} />}
                data-testid="experiment-no-buttons"
              >
                {t('experiments.form.noButtons')}
              </Alert>
            ) : (
              <Select
                label={t('experiments.form.goalButton')}
                placeholder={
                  props.document
                    ? t('experiments.form.goalButtonPlaceholder')
                    : t('experiments.form.baseLoading')
                }
                description={t('experiments.form.goalButtonHint')}
                withAsterisk
                searchable
                disabled={!props.document}
                data={buttons.map((o) => ({ value: o.value, label: buttonLabel(o) }))}
                nothingFoundMessage={t('experiments.form.noButtonFound')}
                comboboxProps={{ withinPortal: true }}
                data-testid="experiment-goal-button"
                {...form.getInputProps('goalButton')}
                onChange={(v) => form.setFieldValue('goalButton', v ?? '')}
              />
            ))}
          <Radio.Group
            label={t('experiments.form.allocation')}
            withAsterisk
            {...form.getInputProps('allocation')}
          >
            <Stack gap="xs" mt={6}>
              {ALLOCATIONS.map((value) => (
                <RadioCardOption
                  key={value}
                  value={value}
                  label={t(`experiments.allocation.${value}`)}
                  hint={t(`experiments.allocationHints.${value}`)}
                  testId={`experiment-allocation-${value}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          {!experiment && (
            <Text size="xs" c="dimmed">
              {t('experiments.form.createNote')}
            </Text>
          )}
          <FormButtons
            cancelLabel={t('experiments.cancel')}
            submitLabel={experiment ? t('experiments.form.save') : t('experiments.form.create')}
            pending={save.isPending}
            onCancel={onClose}
            submitTestId="experiment-form-submit"
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
