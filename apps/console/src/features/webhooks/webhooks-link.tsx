import { Button } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../app/use-shell';

/** The address of a site's webhooks page. */
export const webhooksPath = (prefix: string, siteId: string) =>
  `/${prefix}/site-webhooks/${encodeURIComponent(siteId)}`;

/** The way from a saved site (its editor's header) to its webhooks. */
export function WebhooksLinkButton({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Button
      component={Link}
      to={webhooksPath(prefix, siteId)}
      variant="default"
      leftSection={<IconWebhook size={18} />}
      data-testid="site-webhooks-link"
    >
      {t('webhooks.menuItem')}
    </Button>
  );
}
