import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { IconChartBar, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuForUser } from '../../app/menu';
import { useShell } from '../../app/use-shell';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { SharePreviewButton } from '../preview-share/share-preview';
import { isLive, openableUrl, sitePaths } from './site-format';
import { useSiteWriteAccess } from './sites-ui';

// What can be done with a site from the list. Every action is always shown; one that is not
// available (view only, not published, not in the plan) stays visible, inert, with the reason.

/** Why a site cannot be opened, or null when visitors can reach it at its address. */
function useOpenTarget(site: TSiteSummary): { url: string | null; reason: string } {
  const { t } = useTranslation();
  if (!isLive(site.status)) {
    const key = site.status === 'PRIVATE' || site.status === 'EXPIRED' ? site.status : 'DRAFT';
    return { url: null, reason: t(`sites.actions.openUnavailable.${key}`) };
  }
  const url = openableUrl(site.url);
  return { url, reason: url ? '' : t('sites.actions.openUnavailable.invalid') };
}

/** Edit, open, share the preview, analyze and delete: icons in the table, labelled buttons on a phone card. */
export function RowActions({
  site,
  onDelete,
  labelled = false,
}: {
  site: TSiteSummary;
  onDelete: (site: TSiteSummary) => void;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const { prefix, user } = useShell();
  const paths = sitePaths(prefix);
  const write = useSiteWriteAccess();
  const open = useOpenTarget(site);
  // Offered once the analytics screens exist (their menu entry is ready) and the plan has them.
  const analytics = menuForUser(user).some((entry) => entry.key === 'effect-measurement');

  if (labelled)
    return (
      <Group gap={6} wrap="wrap">
        <WriteButton
          locked={write.locked}
          reason={write.reason}
          size="compact-sm"
          variant="light"
          component={Link}
          to={paths.edit(site.id)}
          leftSection={<IconPencil size={15} stroke={1.7} />}
          data-testid="site-edit"
        >
          {t('sites.actions.edit')}
        </WriteButton>
        {open.url ? (
          <Button
            size="compact-sm"
            variant="default"
            component="a"
            href={open.url}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={15} stroke={1.7} />}
            data-testid="site-open"
          >
            {t('sites.actions.open')}
          </Button>
        ) : (
          <WriteButton
            locked
            reason={open.reason}
            size="compact-sm"
            variant="default"
            leftSection={<IconExternalLink size={15} stroke={1.7} />}
            data-testid="site-open"
          >
            {t('sites.actions.open')}
          </WriteButton>
        )}
        <SharePreviewButton siteId={site.id} siteName={site.name} kind="compact" />
        {analytics && (
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={paths.analytics(site.id)}
            leftSection={<IconChartBar size={15} stroke={1.7} />}
            data-testid="site-analyze"
          >
            {t('sites.actions.analyze')}
          </Button>
        )}
        <WriteIcon
          locked={write.locked}
          reason={write.reason}
          label={t('sites.actions.delete')}
          variant="subtle"
          color="red"
          size={26}
          ml="auto"
          onClick={() => onDelete(site)}
          data-testid="site-delete"
        >
          <IconTrash size={17} stroke={1.7} />
        </WriteIcon>
      </Group>
    );

  // Locked icons stay quiet (no grey tile): in a dense table the dimmed glyph says enough.
  const icon = (locked: boolean) => ({
    variant: 'subtle' as const,
    size: 30,
    bg: locked ? 'transparent' : undefined,
  });
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={t('sites.actions.edit')}
        color="gray"
        {...icon(write.locked)}
        component={Link}
        to={paths.edit(site.id)}
        data-testid="site-edit"
      >
        <IconPencil size={18} stroke={1.7} />
      </WriteIcon>
      {open.url ? (
        <Tooltip label={t('sites.actions.open')} withArrow>
          <ActionIcon
            color="gray"
            {...icon(false)}
            component="a"
            href={open.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('sites.actions.open')}
            data-testid="site-open"
          >
            <IconExternalLink size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <WriteIcon
          locked
          reason={open.reason}
          label={t('sites.actions.open')}
          color="gray"
          {...icon(true)}
          data-testid="site-open"
        >
          <IconExternalLink size={18} stroke={1.7} />
        </WriteIcon>
      )}
      <SharePreviewButton siteId={site.id} siteName={site.name} kind="icon" />
      {analytics && (
        <Tooltip label={t('sites.actions.analyze')} withArrow>
          <ActionIcon
            color="gray"
            {...icon(false)}
            component={Link}
            to={paths.analytics(site.id)}
            aria-label={t('sites.actions.analyze')}
            data-testid="site-analyze"
          >
            <IconChartBar size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      )}
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={t('sites.actions.delete')}
        color="red"
        {...icon(write.locked)}
        onClick={() => onDelete(site)}
        data-testid="site-delete"
      >
        <IconTrash size={18} stroke={1.7} />
      </WriteIcon>
    </Group>
  );
}
