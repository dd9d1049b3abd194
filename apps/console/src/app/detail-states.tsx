import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The states of an editor page whose record is still loading or does not exist (a survey, a
// campaign): shared so each editor shows them alike.

/** Placeholder blocks while the record loads. */
export function DetailLoading({ testId, heights }: { testId: string; heights: number[] }) {
  return (
    <Stack gap="md" data-testid={testId} aria-busy="true">
      {heights.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <Skeleton key={i} h={h} radius="md" />
      ))}
    </Stack>
  );
}

/** The record is gone (or another tenant's): say so, with the way back. */
export function DetailMissing(props: {
  testId: string;
  message: string;
  backLabel: string;
  onBack: () => void;
}) {
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid={props.testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{props.message}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconArrowLeft size={15} />}
          onClick={props.onBack}
        >
          {props.backLabel}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An editor of a record that may be new (`id` null): its loading or missing state, else `children`. */
export function DetailGate(props: {
  id: string | null;
  query: { isPending: boolean; isError: boolean };
  loadingTestId: string;
  heights: number[];
  missingTestId: string;
  message: string;
  backLabel: string;
  onBack: () => void;
  children: ReactNode;
}) {
  if (props.id !== null && props.query.isPending)
    return <DetailLoading testId={props.loadingTestId} heights={props.heights} />;
  if (props.id !== null && props.query.isError)
    return (
      <DetailMissing
        testId={props.missingTestId}
        message={props.message}
        backLabel={props.backLabel}
        onBack={props.onBack}
      />
    );
  return <>{props.children}</>;
}
