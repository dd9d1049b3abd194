import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../app/use-shell';
import { deliveryPaths } from './notice-values';

/** The way from a saved site (its editor's header) to its notification deliveries. */
export function NotificationsLinkButton({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Button
      component={Link}
      to={deliveryPaths(prefix, siteId).list}
      variant="default"
      leftSection={<IconBell size={18} />}
      data-testid="site-notifications-link"
    >
      {t('communications.delivery.menuItem')}
    </Button>
  );
}
