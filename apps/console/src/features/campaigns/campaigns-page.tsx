import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SitePageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { CampaignDesigner } from './campaign-designer';
import { CampaignList } from './campaign-list';
import { campaignKeys, campaignsApi } from './campaigns-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The site of the page's address, the heading, and the frame both campaign pages share. */
function useCampaignSite() {
  const { id: siteId = '' } = useParams();
  const validId = UUID.test(siteId);
  const site = useQuery({
    queryKey: campaignKeys.site(siteId),
    queryFn: ({ signal }) => campaignsApi.site(siteId, { signal, toast: false }),
    enabled: validId,
    retry: false,
  });
  return { siteId, site: site.data?.data, missing: !validId || site.isError };
}

function CampaignsFrame({
  testId,
  siteId,
  siteName,
  missing,
  children,
}: {
  testId: string;
  siteId: string;
  siteName: string | undefined;
  missing: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Stack gap="lg" data-testid={testId}>
      <SitePageHeading
        title={t('campaigns.title')}
        prefix={prefix}
        siteId={siteId}
        subtitle={siteName ? t('campaigns.subtitle', { name: siteName }) : null}
        loadingSubtitle={t('campaigns.subtitleLoading')}
        backLabel={t('campaigns.backToSite')}
        testId="campaigns"
      />
      {missing ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="campaigns-site-missing">
          {t('campaigns.siteNotFound')}
        </Alert>
      ) : siteName === undefined ? (
        <Skeleton h={240} radius="md" />
      ) : (
        children
      )}
    </Stack>
  );
}

/** /{prefix}/site-campaign/:id (a site id): the site's campaigns. */
export function CampaignsPage() {
  const { t } = useTranslation();
  usePageTitle(t('campaigns.title'));
  const { prefix } = useShell();
  const navigate = useNavigate();
  const write = useSiteWriteAccess();
  const { siteId, site, missing } = useCampaignSite();
  const base = `/${prefix}/site-campaign/${encodeURIComponent(siteId)}`;
  return (
    <CampaignsFrame testId="campaigns-page" siteId={siteId} siteName={site?.name} missing={missing}>
      {site && (
        <CampaignList
          siteId={site.id}
          languages={site.document.languages}
          write={{ locked: write.locked, reason: write.reason }}
          onCreate={() => navigate(`${base}/new`)}
          onEdit={(id) => navigate(`${base}/${encodeURIComponent(id)}`)}
        />
      )}
    </CampaignsFrame>
  );
}

/** /{prefix}/site-campaign/:id/:campaignId ('new' for a new one): the designer. */
export function CampaignDesignerPage() {
  const { t } = useTranslation();
  usePageTitle(t('campaigns.title'));
  const { prefix } = useShell();
  const navigate = useNavigate();
  const write = useSiteWriteAccess();
  const { campaignId = 'new' } = useParams();
  const { siteId, site, missing } = useCampaignSite();
  const toList = () => navigate(`/${prefix}/site-campaign/${encodeURIComponent(siteId)}`);
  return (
    <CampaignsFrame testId="campaign-designer-page" siteId={siteId} siteName={site?.name} missing={missing}>
      {site && (
        <CampaignDesigner
          site={site}
          campaignId={campaignId === 'new' ? null : campaignId}
          write={{ locked: write.locked, reason: write.reason }}
          onDone={toList}
        />
      )}
    </CampaignsFrame>
  );
}
