import {
  ActionIcon,
  type ActionIconProps,
  Alert,
  Button,
  type ButtonProps,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, ElementType, MouseEvent, ReactNode } from 'react';

// Controls that change something. While locked (see useWriteAccess) they stay focusable but inert
// (aria-disabled rather than disabled, which would swallow focus and pointer events), and a tooltip
// on hover, focus and touch says why, so keyboard and phone users learn the reason too.

export type TLock = { locked: boolean; reason: string };

// Polymorphic use (component={Link} to=...) passes these through to Mantine.
type TPolymorphic = { component?: ElementType; to?: string };

const TOOLTIP = {
  multiline: true,
  maw: 280,
  withArrow: true,
  events: { hover: true, focus: true, touch: true },
};

const swallow = (e: MouseEvent) => e.preventDefault();

/** What a locked control carries instead of its action: no navigation, no submit, no handler. */
function inert<T extends TPolymorphic & { type?: string; onClick?: unknown }>(props: T) {
  const { component: _component, to: _to, type: _type, onClick: _onClick, ...rest } = props;
  return { ...rest, type: 'button' as const, onClick: swallow, 'data-disabled': true, 'aria-disabled': true };
}

export type TWriteButtonProps = TLock &
  TPolymorphic &
  ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & { children: ReactNode };

export function WriteButton({ locked, reason, ...props }: TWriteButtonProps) {
  // biome-ignore lint/suspicious/noExplicitAny: Mantine's polymorphic props
  if (!locked) return <Button {...(props as any)} />;
  return (
    <Tooltip label={reason} {...TOOLTIP}>
      <Button {...inert(props)} />
    </Tooltip>
  );
}

export type TWriteIconProps = TLock &
  TPolymorphic &
  ActionIconProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps> & { label: string; children: ReactNode };

/** An icon-only write control: its tooltip names the action, or says why it is locked. */
export function WriteIcon({ locked, reason, label, ...props }: TWriteIconProps) {
  return (
    <Tooltip label={locked ? reason : label} {...TOOLTIP}>
      {locked ? (
        <ActionIcon {...inert(props)} aria-label={label} />
      ) : (
        // biome-ignore lint/suspicious/noExplicitAny: Mantine's polymorphic props
        <ActionIcon {...(props as any)} aria-label={label} />
      )}
    </Tooltip>
  );
}

/** Over a page the user may only look at: that it is read-only, and why (the lock's reason). */
export function ReadOnlyNotice(props: { message: string; reason: string; testId: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid={props.testId}>
      <Text size="sm">{props.message}</Text>
      {props.reason && (
        <Text size="sm" c="dimmed">
          {props.reason}
        </Text>
      )}
    </Alert>
  );
}
