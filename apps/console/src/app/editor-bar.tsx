import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type TLock, WriteButton } from './write-control';

/** An editor's save button: locked with its reason when the account may not write. */
export function SaveButton(props: {
  write: TLock;
  saving: boolean;
  onSave: () => void;
  label: string;
  testId: string;
}) {
  return (
    <WriteButton
      locked={props.write.locked}
      reason={props.write.reason}
      leftSection={<IconDeviceFloppy size={18} />}
      loading={props.saving}
      onClick={props.onSave}
      data-testid={props.testId}
    >
      {props.label}
    </WriteButton>
  );
}

/** The bar above an editor: the way back on the left; `tools` and the save button on the right. */
export function EditorBar(props: {
  backLabel: string;
  onBack: () => void;
  backTestId: string;
  tools?: ReactNode;
  save: Parameters<typeof SaveButton>[0];
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button
        variant="subtle"
        size="compact-md"
        leftSection={<IconArrowLeft size={16} />}
        onClick={props.onBack}
        data-testid={props.backTestId}
      >
        {props.backLabel}
      </Button>
      <Group gap={6} wrap="nowrap">
        {props.tools}
        <SaveButton {...props.save} />
      </Group>
    </Group>
  );
}
