import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { type TExperiment, ZCreateVariationRequest } from '@swipe/contracts/experiments';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, ConfirmDialog } from '../../app/confirm-delete-modal';
import { FormButtons } from '../../app/form-parts';
import { useZodForm } from '../../app/forms';
import type { TExperimentActions } from './use-experiment-actions';

// The experiments page's own dialogs: a question before a change that visitors see (start, end,
// declare a winner), which waits for the change before it closes, and the name of a variation
// (adding one, renaming one), both in the shared dialogs' frame; deleting an experiment is the
// shared ConfirmDeleteModal.

/** A change waiting for a yes: what the dialog says, and what runs on confirming. */
export type TAsk = {
  title: string;
  intro: string;
  /** What happens, one line each. */
  points: string[];
  confirm: string;
  /** The confirm button's colour (teal to start, red to end). */
  color?: string;
  icon?: ReactNode;
  testId: string;
  run: () => Promise<unknown>;
};

export function AskModal({ ask, onClose }: { ask: TAsk | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  // The modal keeps its words while it fades out.
  const [shown, setShown] = useState(ask);
  useEffect(() => {
    if (ask) setShown(ask);
  }, [ask]);
  const confirm = async () => {
    if (!ask) return;
    setPending(true);
    try {
      await ask.run();
      onClose();
    } catch {
      // The toast said why; the question stays for another try or a cancel.
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      opened={ask !== null}
      icon={shown?.icon}
      title={shown?.title}
      intro={shown?.intro ?? ''}
      introTestId={`${shown?.testId}-intro`}
      points={shown?.points ?? []}
      confirmLabel={shown?.confirm}
      confirmColor={shown?.color ?? 'brand'}
      cancelLabel={t('experiments.cancel')}
      pending={pending}
      onConfirm={() => void confirm()}
      onClose={onClose}
      testId={`${shown?.testId}`}
    />
  );
}

type TName = { name: string };

/** A variation's name: a new one's (adding), or a new name for one (renaming). */
export function VariationNameModal(props: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm<TName>(ZCreateVariationRequest, { name: props.initial });
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!props.opened) return;
    form.setValues({ name: props.initial });
    form.resetDirty({ name: props.initial });
    form.clearErrors();
  }, [props.opened]);
  const submit = form.onSubmit(async ({ name }) => {
    setPending(true);
    try {
      await props.onSubmit(name.trim());
      props.onClose();
    } catch {
      // The toast said why.
    } finally {
      setPending(false);
    }
  });
  return (
    <Modal
      opened={props.opened}
      onClose={() => !pending && props.onClose()}
      title={<Text fw={650}>{props.title}</Text>}
      centered
      closeButtonProps={{ 'aria-label': t('experiments.cancel') }}
    >
      <form onSubmit={submit} noValidate data-testid="variation-name-form">
        <Stack gap="md">
          <TextInput
            label={t('experiments.nameModal.name')}
            description={t('experiments.nameModal.hint')}
            withAsterisk
            maxLength={50}
            data-autofocus
            data-testid="variation-name"
            {...form.getInputProps('name')}
          />
          <FormButtons
            cancelLabel={t('experiments.cancel')}
            submitLabel={props.submitLabel}
            pending={pending}
            onCancel={props.onClose}
            submitTestId="variation-name-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Deleting an experiment (a draft, or an ended one with its results): `consequences` says what goes. */
export function DeleteExperimentModal(props: {
  experiment: TExperiment | null;
  consequences: string[];
  remove: TExperimentActions['remove'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { remove, onClose } = props;
  return (
    <ConfirmDeleteModal
      item={props.experiment}
      title={t('experiments.delete.title')}
      intro={(x) => t('experiments.delete.intro', { name: x.name })}
      consequences={props.consequences}
      confirmLabel={t('experiments.delete.confirm')}
      cancelLabel={t('experiments.cancel')}
      pending={remove.isPending}
      onConfirm={(x) => remove.mutate(x.id, { onSuccess: onClose })}
      onClose={onClose}
      onItemChange={remove.reset}
      testId="delete-experiment"
    />
  );
}
