import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a route's code loads or a sign-out completes; same backdrop as the pages. */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center mih="100dvh" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        {label && (
          <Text size="sm" c="dimmed" role="status">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
