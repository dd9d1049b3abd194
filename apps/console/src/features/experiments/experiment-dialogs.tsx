import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZCreateVariationRequest } from '@swipe/contracts/experiments';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../app/forms';

// The experiments page's own dialogs: a question before a change that visitors see (start, end,
// declare a winner), which waits for the change before it closes, and the name of a variation
// (adding one, renaming one). Deleting goes through the shared ConfirmDeleteModal.

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
    <Modal
      opened={ask !== null}
      onClose={() => !pending && onClose()}
      title={
        <Group gap="xs" wrap="nowrap">
          {shown?.icon}
          <Text fw={650}>{shown?.title}</Text>
        </Group>
      }
      centered
      closeButtonProps={{ 'aria-label': t('experiments.cancel') }}
    >
      <Stack gap="md" data-testid={`${shown?.testId}-modal`}>
        <Text size="sm" className="break-anywhere" data-testid={`${shown?.testId}-intro`}>
          {shown?.intro}
        </Text>
        {shown && shown.points.length > 0 && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
            <List size="sm" spacing={4}>
              {shown.points.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onClose}
            disabled={pending}
            data-autofocus
            data-testid={`${shown?.testId}-cancel`}
          >
            {t('experiments.cancel')}
          </Button>
          <Button
            color={shown?.color ?? 'brand'}
            loading={pending}
            onClick={() => void confirm()}
            data-testid={`${shown?.testId}-confirm`}
          >
            {shown?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={pending}>
              {t('experiments.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="variation-name-submit">
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
