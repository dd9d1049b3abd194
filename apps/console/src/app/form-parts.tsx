import { Button, Group, type GroupProps, Radio, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// Pieces a modal's form is made of (an admin's, an experiment's): a choice as a card, and the
// row of cancel and submit at its foot.

/** One choice of a Radio.Group as a card: its name, and a line on what it means. */
export function RadioCardOption(props: {
  value: string;
  label: ReactNode;
  hint: ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  const { disabled } = props;
  return (
    <Radio.Card
      value={props.value}
      disabled={disabled}
      radius="md"
      p="sm"
      data-testid={props.testId}
      style={disabled === undefined ? undefined : { opacity: disabled ? 0.6 : 1 }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={disabled} />
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {props.label}
          </Text>
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** Cancel and submit at the foot of a modal's form; both wait while it is sent. */
export function FormButtons(props: {
  cancelLabel: string;
  submitLabel: ReactNode;
  pending: boolean;
  onCancel: () => void;
  submitTestId: string;
  mt?: GroupProps['mt'];
}) {
  return (
    <Group justify="flex-end" gap="sm" mt={props.mt}>
      <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
        {props.cancelLabel}
      </Button>
      <Button type="submit" loading={props.pending} data-testid={props.submitTestId}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
