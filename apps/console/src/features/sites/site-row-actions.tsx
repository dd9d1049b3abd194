import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import {
  IconBell,
  IconChartBar,
  IconChevronDown,
  IconClipboardList,
  IconExternalLink,
  IconForms,
  IconMail,
  IconPencil,
  IconSpeakerphone,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuForUser } from '../../app/menu';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { SharePreviewButton } from '../preview-share/share-preview';
import { DuplicateSiteAction } from './duplicate-site';
import { isLive, openableUrl, sitePaths } from './site-format';

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

const VISITOR_LISTS = [
  { key: 'members', path: 'site-member', Icon: IconUsers },
  { key: 'contacts', path: 'site-contact', Icon: IconMail },
  { key: 'forms', path: 'site-form', Icon: IconForms },
  { key: 'surveys', path: 'site-survey', Icon: IconClipboardList },
] as const;

/** What the site's visitors left: its members, contacts, form submissions and surveys (reading only). */
function VisitorListsMenu({ site, labelled }: { site: TSiteSummary; labelled: boolean }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const label = t('sites.actions.visitorsOf', { name: site.name });
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      {labelled ? (
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconUsers size={15} stroke={1.7} />}
            rightSection={<IconChevronDown size={14} stroke={1.7} />}
            aria-label={label}
            data-testid="site-visitors"
          >
            {t('sites.actions.visitors')}
          </Button>
        </Menu.Target>
      ) : (
        <Tooltip label={t('sites.actions.visitors')} withArrow>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size={30}
              color="gray"
              aria-label={label}
              data-testid="site-visitors"
            >
              <IconUsers size={18} stroke={1.7} />
            </ActionIcon>
          </Menu.Target>
        </Tooltip>
      )}
      <Menu.Dropdown>
        <Menu.Label>{t('sites.actions.visitors')}</Menu.Label>
        {VISITOR_LISTS.map(({ key, path, Icon }) => (
          <Menu.Item
            key={key}
            component={Link}
            to={`/${prefix}/${path}/${encodeURIComponent(site.id)}`}
            leftSection={<Icon size={16} stroke={1.7} />}
            data-testid={`site-${key}`}
          >
            {t(`sites.actions.${key}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={`/${prefix}/site-campaign/${encodeURIComponent(site.id)}`}
          leftSection={<IconSpeakerphone size={16} stroke={1.7} />}
          data-testid="site-campaigns"
        >
          {t('campaigns.menuItem')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={`/${prefix}/notification-delivery/${encodeURIComponent(site.id)}`}
          leftSection={<IconBell size={16} stroke={1.7} />}
          data-testid="site-notifications"
        >
          {t('communications.delivery.menuItem')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Edit, open, share the preview, see visitor data, analyze, duplicate and delete: icons in the table, labelled buttons on a phone card. */
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
        <VisitorListsMenu site={site} labelled />
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
        <DuplicateSiteAction site={site} labelled />
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
      <VisitorListsMenu site={site} labelled={false} />
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
      <DuplicateSiteAction site={site} labelled={false} />
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
