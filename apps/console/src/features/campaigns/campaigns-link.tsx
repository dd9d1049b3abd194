import { Button } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../app/use-shell';

/** The way from a saved site (its editor's header) to its campaigns. */
export function CampaignsLinkButton({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Button
      component={Link}
      to={`/${prefix}/site-campaign/${encodeURIComponent(siteId)}`}
      variant="default"
      leftSection={<IconSpeakerphone size={18} />}
      data-testid="site-campaigns-link"
    >
      {t('campaigns.menuItem')}
    </Button>
  );
}
