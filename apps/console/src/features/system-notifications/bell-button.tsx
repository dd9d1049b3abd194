import { ActionIcon, type ActionIconProps, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bellCount } from './notification-rules';

export type TBellButtonProps = ActionIconProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ActionIconProps> & { unread: number };

/**
 * The header's bell: a button named with the unread count (the red badge on it says the same to
 * the eye, and is hidden from screen readers, which hear the name).
 */
export function BellButton({ unread, ...props }: TBellButtonProps) {
  const { t } = useTranslation();
  const count = bellCount(unread);
  return (
    <Indicator
      label={count}
      disabled={!count}
      size={17}
      offset={7}
      color="red.7"
      inline
      withBorder
      attributes={{ indicator: { 'aria-hidden': true, 'data-testid': 'header-bell-count' } }}
      styles={{ indicator: { fontSize: 10, fontWeight: 700, paddingInline: 4 } }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        c="dark.6"
        size={36}
        radius="md"
        aria-label={count ? t('layout.notificationsUnread', { count: unread }) : t('layout.notifications')}
        data-testid="header-bell"
        data-unread={unread}
        {...props}
      >
        <IconBell size={21} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
