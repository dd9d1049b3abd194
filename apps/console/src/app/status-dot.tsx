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
