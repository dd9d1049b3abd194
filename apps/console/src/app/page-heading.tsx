import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/**
 * The heading of a page about one site (its surveys, campaigns, notification deliveries,
 * webhooks): the title, a subtitle naming the site once it is known, and the way back to the
 * site's editor, with any further actions after it.
 */
export function SitePageHeading(props: {
  title: ReactNode;
  prefix: string;
  siteId: string;
  /** The subtitle once the site is known (its name in it), and before. */
  subtitle: string | null;
  loadingSubtitle: string;
  backLabel: string;
  /** Names the subtitle `{testId}-site-name` and the back button `{testId}-back`. */
  testId: string;
  actions?: ReactNode;
}) {
  return (
    <PageHeading
      title={props.title}
      subtitle={
        props.subtitle !== null ? (
          <span className="break-anywhere" data-testid={`${props.testId}-site-name`}>
            {props.subtitle}
          </span>
        ) : (
          props.loadingSubtitle
        )
      }
      actions={
        <>
          <Button
            component={Link}
            to={`/${props.prefix}/site/${encodeURIComponent(props.siteId)}`}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            data-testid={`${props.testId}-back`}
          >
            {props.backLabel}
          </Button>
          {props.actions}
        </>
      }
    />
  );
}

/**
 * The head row of a card that lists things (a site's webhooks, its past experiments): an h2, and
 * how many there are in a grey badge (left out while `count` is null).
 */
export function CardHeading(props: { title: ReactNode; count: ReactNode | null; countTestId?: string }) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Title order={2} fz="md" fw={650}>
        {props.title}
      </Title>
      {props.count !== null && (
        <Badge variant="light" color="gray" c="gray.9" radius="sm" tt="none" data-testid={props.countTestId}>
          {props.count}
        </Badge>
      )}
    </Group>
  );
}
