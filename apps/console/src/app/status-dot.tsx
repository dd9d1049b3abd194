import { Badge } from '@mantine/core';

/** The small coloured dot at the start of a status badge (a Mantine colour name). */
export const StatusDot = ({ color }: { color: string }) => (
  <span
    aria-hidden
    style={{
      display: 'inline-block',
      width: 6,
      height: 6,
      borderRadius: 6,
      background: `var(--mantine-color-${color}-6)`,
    }}
  />
);

/** A status as a light badge with its dot, never cut short (site status, member status). */
export function StatusBadge(props: {
  color: string;
  label: string;
  status: string;
  testId: string;
  /** Dark text on the tint (the dot tells the colour) where the tint's own text is too faint. */
  textColor?: string;
}) {
  return (
    <Badge
      variant="light"
      color={props.color}
      c={props.textColor}
      radius="sm"
      tt="none"
      fw={600}
      styles={{
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible' },
      }}
      leftSection={<StatusDot color={props.color} />}
      data-testid={props.testId}
      data-status={props.status}
    >
      {props.label}
    </Badge>
  );
}
