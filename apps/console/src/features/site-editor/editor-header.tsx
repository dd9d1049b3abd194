import { Anchor, Badge, Group } from '@mantine/core';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import type { TSiteLanguage, TSiteStatus } from '@swipe/contracts/sites';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TValueStore } from '../../app/value-store';
import { CampaignsLinkButton } from '../campaigns/campaigns-link';
import { NotificationsLinkButton } from '../communications/notifications-link';
import { CommentsButton } from '../preview-comments/comments-drawer';
import { SharePreviewButton } from '../preview-share/share-preview';
import { WebhooksLinkButton } from '../webhooks/webhooks-link';
import { DraftPreviewButton } from './draft-preview';
import { WithDirty } from './editor-context';
import { ExperimentsLinkButton } from './experiments-link';
import { RevisionHistoryButton } from './revision-history';
import type { TSiteMeta } from './site-saver';

// The site editor's header, beside its title and save buttons: where the site stands (status,
// unsaved or unpublished changes, its address when live) and the ways from it to what belongs to
// the site (history, sharing, campaigns, notifications, webhooks, experiments, review comments,
// preview).

const STATUS_COLOURS: Record<string, string> = {
  DRAFT: 'gray',
  PUBLISH: 'teal',
  PRIVATE: 'orange',
  DOMAIN_VERIFYING: 'blue',
  EXPIRED: 'red',
};

export function EditorStatusLine({
  status,
  exists,
  hasUnpublishedChanges,
  url,
}: {
  status: TSiteStatus;
  /** The site was created (a new one's changes are all unsaved). */
  exists: boolean;
  hasUnpublishedChanges: boolean;
  /** The public address, while visitors can reach it. */
  url: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Badge
        color={STATUS_COLOURS[status]}
        // The status's colour on its dot; the text stays dark (a tinted badge's coloured
        // text is under 4.5:1 at this size).
        variant="dot"
        data-testid="site-status"
      >
        {t(`siteEditor.status.${status}`)}
      </Badge>
      <WithDirty>
        {(dirty) =>
          !exists && dirty ? (
            <Badge color="yellow.4" variant="filled" autoContrast>
              {t('siteEditor.unsaved')}
            </Badge>
          ) : !dirty && hasUnpublishedChanges ? (
            <Badge color="grape" variant="light">
              {t('siteEditor.unpublishedChanges')}
            </Badge>
          ) : null
        }
      </WithDirty>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener" size="sm">
          <Group gap={4} component="span">
            {url}
            <IconExternalLink size={14} />
          </Group>
        </Anchor>
      )}
    </Group>
  );
}

export function EditorSiteLinks({
  site,
  exists,
  meta,
  readOnly,
  onRestore,
  languages,
  defaultLanguage,
  onShowCommentPage,
}: {
  site: TSiteDetail;
  exists: boolean;
  meta: TValueStore<TSiteMeta | null>;
  readOnly: boolean;
  onRestore: (revision: number) => Promise<void>;
  languages: TSiteLanguage[];
  defaultLanguage: TSiteLanguage;
  onShowCommentPage: (lang: TSiteLanguage, page: string) => boolean;
}) {
  return (
    <>
      {exists && (
        <WithDirty>
          {(dirty) => (
            <RevisionHistoryButton
              siteId={site.id}
              meta={meta}
              dirty={dirty}
              readOnly={readOnly}
              onRestore={onRestore}
            />
          )}
        </WithDirty>
      )}
      <WithDirty>
        {(dirty) => <SharePreviewButton siteId={site.id} siteName={site.name} unsaved={dirty} />}
      </WithDirty>
      <CampaignsLinkButton siteId={site.id} />
      <NotificationsLinkButton siteId={site.id} />
      <WebhooksLinkButton siteId={site.id} />
      <ExperimentsLinkButton siteId={site.id} />
      <CommentsButton
        siteId={site.id}
        siteName={site.name}
        readOnly={readOnly}
        onShowPage={onShowCommentPage}
      />
      <WithDirty>
        {(dirty) => (
          <DraftPreviewButton
            siteId={site.id}
            languages={languages}
            defaultLanguage={defaultLanguage}
            dirty={dirty}
          />
        )}
      </WithDirty>
    </>
  );
}
