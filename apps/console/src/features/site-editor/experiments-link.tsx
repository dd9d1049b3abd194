import { Button } from '@mantine/core';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../app/use-shell';

/** The address of a site's experiments page. */
export const experimentsPath = (prefix: string, siteId: string) =>
  `/${prefix}/site-experiments/${encodeURIComponent(siteId)}`;

/** The address of a variation's editor. */
export const variationPath = (prefix: string, siteId: string, experimentId: string, variationId: string) =>
  `${experimentsPath(prefix, siteId)}/${encodeURIComponent(experimentId)}/${encodeURIComponent(variationId)}`;

/** The way from a saved site (its editor's header) to its A/B experiments. */
export function ExperimentsLinkButton({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Button
      component={Link}
      to={experimentsPath(prefix, siteId)}
      variant="default"
      leftSection={<IconArrowsSplit size={18} />}
      data-testid="site-experiments-link"
    >
      {t('experiments.menuItem')}
    </Button>
  );
}
