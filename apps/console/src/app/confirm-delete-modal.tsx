import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

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
    <Modal
      opened={item !== null}
      onClose={() => !props.pending && props.onClose()}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconTrash size={20} color="var(--mantine-color-red-7)" />
          <Text fw={650}>{props.title}</Text>
        </Group>
      }
      centered
      // Closing is cancelling: the × says so to screen readers.
      closeButtonProps={{ 'aria-label': props.cancelLabel }}
    >
      <Stack gap="md" data-testid={`${testId}-modal`}>
        <Text size="sm" className="break-anywhere" data-testid={`${testId}-name`}>
          {shown ? props.intro(shown) : ''}
        </Text>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          <List size="sm" spacing={4}>
            {(typeof props.consequences === 'function'
              ? shown
                ? props.consequences(shown)
                : []
              : props.consequences
            ).map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Alert>
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
            // The darkest red: white text on it reads at 5.4:1 (the theme's red-7 is under 4.5:1).
            color="red.9"
            loading={props.pending}
            onClick={() => item && props.onConfirm(item)}
            data-testid={`${testId}-confirm`}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
