import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Confirms deleting one thing (a site, a member): it names the thing, lists what deleting it
 * does, and waits for the deletion before it closes. `item` null closes it; the modal keeps
 * naming the item while it fades out.
 */
export function ConfirmDeleteModal<T extends { id: string }>(props: {
  item: T | null;
  title: string;
  /** The sentence naming the item. */
  intro: (item: T) => string;
  /** What deleting it does, one line each (may depend on the item: how many answers go too). */
  consequences: string[] | ((item: T) => string[]);
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: (item: T) => void;
  onClose: () => void;
  /** Test ids: `${testId}-modal`, `-name`, `-cancel`, `-confirm`. */
  testId: string;
  /** Called when another item is shown (to forget an earlier attempt's error). */
  onItemChange?: () => void;
}) {
  const { item, testId } = props;
  const [shown, setShown] = useState(item);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item starts without an old error
  useEffect(() => {
    if (item) setShown(item);
    props.onItemChange?.();
  }, [item?.id]);

  return (
    <ConfirmDialog
      opened={item !== null}
      icon={<IconTrash size={20} color="var(--mantine-color-red-7)" />}
      title={props.title}
      intro={shown ? props.intro(shown) : ''}
      introTestId={`${testId}-name`}
      points={
        typeof props.consequences === 'function'
          ? shown
            ? props.consequences(shown)
            : []
          : props.consequences
      }
      danger
      confirmLabel={props.confirmLabel}
      // The darkest red: white text on it reads at 5.4:1 (the theme's red-7 is under 4.5:1).
      confirmColor="red.9"
      cancelLabel={props.cancelLabel}
      pending={props.pending}
      onConfirm={() => item && props.onConfirm(item)}
      onClose={props.onClose}
      testId={testId}
    />
  );
}

/**
 * A question before a change: its title with an icon, a sentence about it, what it does (a list in
 * a red box for a deletion, a grey one otherwise), and cancel or confirm. It stays open, its
 * buttons inert, while `pending`. Test ids: `${testId}-modal`, `-cancel`, `-confirm`, and the
 * sentence's `introTestId`.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  icon: ReactNode;
  title: ReactNode;
  intro: string;
  introTestId: string;
  points: string[];
  /** A deletion: the list in red, with a warning sign. */
  danger?: boolean;
  confirmLabel: ReactNode;
  confirmColor: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { testId } = props;
  return (
    <Modal
      opened={props.opened}
      onClose={() => !props.pending && props.onClose()}
      title={
        <Group gap="xs" wrap="nowrap">
          {props.icon}
          <Text fw={650}>{props.title}</Text>
        </Group>
      }
      centered
      // Closing is cancelling: the × says so to screen readers.
      closeButtonProps={{ 'aria-label': props.cancelLabel }}
    >
      <Stack gap="md" data-testid={`${testId}-modal`}>
        <Text size="sm" className="break-anywhere" data-testid={props.introTestId}>
          {props.intro}
        </Text>
        {(props.danger || props.points.length > 0) && (
          <Alert
            color={props.danger ? 'red' : 'gray'}
            variant="light"
            icon={props.danger ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
            p="sm"
          >
            <List size="sm" spacing={4}>
              {props.points.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={props.onClose}
            disabled={props.pending}
            data-autofocus
            data-testid={`${testId}-cancel`}
          >
            {props.cancelLabel}
          </Button>
          <Button
            color={props.confirmColor}
            loading={props.pending}
            onClick={props.onConfirm}
            data-testid={`${testId}-confirm`}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
