import { Box, Group, Loader, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { BELL_MAX } from '@swipe/contracts/communications';
import type { TRoutePrefix } from '@swipe/contracts/roles';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatJstDateTime } from '../../app/format';
import { StatusDot } from '../../app/status-dot';
import { BellButton } from './bell-button';
import { useBell } from './notification-bell';
import { shownFrom } from './notification-rules';

/**
 * The bell's dropdown: the newest current notifications (title, date, a dot while unread), each
 * opening its page (which marks it read), and "See all". Arrow keys move through the items.
 */
export function BellMenu({
  prefix,
  defaultOpened = false,
  autoFocus = false,
}: {
  prefix: TRoutePrefix;
  defaultOpened?: boolean;
  /** Takes over the focus from the stand-in button it replaces (notification-bell.tsx). */
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const bell = useBell();
  const items = (bell.data?.items ?? []).slice(0, BELL_MAX);
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={340}
      withinPortal
      // Focus goes to the first item; an empty focus placeholder is no menu item (axe).
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
      onOpen={() => void bell.refetch()}
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Menu.Target>
        <BellButton unread={bell.data?.unread ?? 0} autoFocus={autoFocus} />
      </Menu.Target>
      <Menu.Dropdown data-testid="bell-dropdown">
        <Menu.Label>{t('systemNotifications.bell.heading')}</Menu.Label>
        {items.length === 0 ? (
          <Box px="sm" py="md" data-testid="bell-empty">
            {bell.isPending ? (
              <Group justify="center">
                <Loader size="sm" aria-label={t('list.loading')} />
              </Group>
            ) : (
              <Text size="sm" c="dimmed" ta="center" role={bell.isError ? 'alert' : undefined}>
                {bell.isError
                  ? t('systemNotifications.bell.loadFailed')
                  : t('systemNotifications.bell.empty')}
              </Text>
            )}
          </Box>
        ) : (
          items.map((n) => (
            <Menu.Item
              key={n.id}
              component={Link}
              to={`/${prefix}/notification/${encodeURIComponent(n.id)}`}
              leftSection={
                <Box w={8} display="flex" style={{ justifyContent: 'center' }}>
                  {!n.read && <StatusDot color="red" />}
                </Box>
              }
              data-testid="bell-item"
              data-read={n.read}
            >
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={n.read ? 400 : 650} lineClamp={2} className="break-anywhere">
                  {!n.read && <VisuallyHidden>{`${t('systemNotifications.unread')}: `}</VisuallyHidden>}
                  {n.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatJstDateTime(shownFrom(n), i18n.language)}
                </Text>
              </Stack>
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={`/${prefix}/system-notification`}
          rightSection={<IconArrowRight size={15} />}
          fw={600}
          c="brand.8"
          data-testid="bell-see-all"
        >
          {t('systemNotifications.bell.seeAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
