import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SitePageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { WebhookList } from './webhook-list';
import { webhookKeys, webhooksApi } from './webhooks-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /{prefix}/site-webhooks/:id (a site id): the site's conversion webhooks, how their requests
 * are signed, and each one's delivery log.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.title'));
  const { prefix } = useShell();
  const { id: siteId = '' } = useParams();
  const write = useSiteWriteAccess();
  const validId = UUID.test(siteId);
  const site = useQuery({
    queryKey: webhookKeys.site(siteId),
    queryFn: ({ signal }) => webhooksApi.site(siteId, { signal, toast: false }),
    enabled: validId,
    retry: false,
  });
  const detail = site.data?.data;
  const missing = !validId || site.isError;

  return (
    <Stack gap="lg" data-testid="webhooks-page">
      <SitePageHeading
        title={t('webhooks.title')}
        prefix={prefix}
        siteId={siteId}
        subtitle={detail ? t('webhooks.subtitle', { name: detail.name }) : null}
        loadingSubtitle={t('webhooks.subtitleLoading')}
        backLabel={t('webhooks.backToSite')}
        testId="webhooks"
      />
      {missing ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="webhooks-site-missing">
          {t('webhooks.siteNotFound')}
        </Alert>
      ) : !detail ? (
        <Stack gap="md" aria-busy="true" data-testid="webhooks-site-loading">
          <Skeleton h={150} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : (
        <WebhookList siteId={detail.id} write={{ locked: write.locked, reason: write.reason }} />
      )}
    </Stack>
  );
}
