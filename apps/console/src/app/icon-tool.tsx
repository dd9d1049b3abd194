import { ActionIcon, Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** An icon button named by `label` (its accessible name), with `hint` (or the label) as its tooltip. */
export function IconTool(props: {
  label: string;
  hint?: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  testId: string;
  /** default: an outlined tool of an editor's bar; subtle: a quiet one in a row or a card. */
  look?: 'default' | 'subtle';
  size?: number | 'lg';
}) {
  const subtle = props.look === 'subtle';
  return (
    <Tooltip label={props.hint ?? props.label} withArrow>
      <ActionIcon
        variant={subtle ? 'subtle' : 'default'}
        color={subtle ? 'gray' : undefined}
        size={props.size ?? (subtle ? undefined : 'lg')}
        aria-label={props.label}
        disabled={props.disabled}
        loading={props.loading}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * An action of a list row: a quiet icon with a tooltip in the table, a labelled button on a
 * phone's card (`labelled`). `label` names it for assistive technology in both.
 */
export function RowAction(props: {
  label: string;
  text: string;
  icon: (size: number) => ReactNode;
  onClick: () => void;
  labelled?: boolean;
  loading?: boolean;
  testId: string;
  /** The labelled button's look. */
  button?: Pick<ButtonProps, 'size' | 'variant'>;
}) {
  if (props.labelled)
    return (
      <Button
        size={props.button?.size ?? 'compact-sm'}
        variant={props.button?.variant ?? 'light'}
        leftSection={props.icon(15)}
        loading={props.loading}
        onClick={props.onClick}
        aria-label={props.label}
        data-testid={props.testId}
      >
        {props.text}
      </Button>
    );
  return (
    <IconTool
      label={props.label}
      icon={props.icon(18)}
      onClick={props.onClick}
      loading={props.loading}
      testId={props.testId}
      look="subtle"
      size={30}
    />
  );
}
