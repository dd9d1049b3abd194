import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first: in the app (`shouldBlock` decides each navigation,
 * read when it happens) and, while `dirty`, when the tab closes. Show the blocker's question
 * with `LeaveModal`.
 */
export function useLeaveGuard(dirty: boolean | (() => boolean), shouldBlock: BlockerFunction): Blocker {
  const blocker = useBlocker(shouldBlock);
  // `dirty` as a function is asked when the tab closes (the editor's store: no re-render for it).
  useEffect(() => {
    if (dirty === false) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty === true || dirty()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** "Leave without saving?": stay (the navigation is dropped) or discard the changes and go. */
export function LeaveModal(props: {
  blocker: Blocker;
  title: string;
  body: string;
  stayLabel: string;
  discardLabel: string;
  discardTestId: string;
  stayTestId?: string;
  /** Focus "Stay" when it opens (else the modal's first control). */
  focusStay?: boolean;
}) {
  const { blocker } = props;
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={<Text fw={650}>{props.title}</Text>}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{props.body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => blocker.reset?.()}
            data-autofocus={props.focusStay || undefined}
            data-testid={props.stayTestId}
          >
            {props.stayLabel}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()} data-testid={props.discardTestId}>
            {props.discardLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
