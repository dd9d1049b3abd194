import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's h1 with an optional subtitle, and its actions to the right (wrapping below on a
 * phone). A title that is not a string is rendered as given (it brings its own heading).
 */
export function PageHeading({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
        {typeof title === 'string' ? (
          <Text component="h1" fz={{ base: 24, sm: 28 }} fw={650} m={0} lh={1.25} className="break-anywhere">
            {title}
          </Text>
        ) : (
          title
        )}
        {subtitle && (
          <Text c="dimmed" size="sm" component="div">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
