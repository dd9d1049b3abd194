import { Alert, Skeleton, Stack } from '@mantine/core';
import type { TDelivery, TDeliveryInput } from '@swipe/contracts/communications';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TEnvelope } from '../../app/api-client';
import { DetailLoading, DetailMissing } from '../../app/detail-states';
import { todayJst } from '../../app/format';
import { notifySuccess } from '../../app/notify';
import { SitePageHeading } from '../../app/page-heading';
import { useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { campaignKeys, campaignsApi } from '../campaigns/campaigns-api';
import { deliveryApi, noticeKeys } from './communications-api';
import { NoticeDetail } from './notice-detail';
import { NoticeForm } from './notice-form';
import { NoticeCreateButton, NoticeList } from './notice-list';
import { deliveryPaths, emptyNotice, isUuid, noticeListQuery, valuesOf } from './notice-values';

// Notification delivery: /{prefix}/notification-delivery/{siteId} (list), /create,
// /edit/{id} and /detail/{id}. What a site's creators send its visitors, at once or at a set
// time; its images go to the site's account. Who may change a site may send (the platform reads).

const removeDelivery = (id: string) => deliveryApi.remove(id, { toast: false });

/** The site of the address (its name, account and languages). */
function useDeliverySite() {
  const { siteId = '' } = useParams();
  const valid = isUuid(siteId);
  const site = useQuery({
    queryKey: campaignKeys.site(siteId),
    queryFn: ({ signal }) => campaignsApi.site(siteId, { signal, toast: false }),
    enabled: valid,
    retry: false,
  });
  return { siteId, site: site.data?.data, missing: !valid || site.isError };
}

/** The heading with the site's name and the way back to it, then the page (once the site is known). */
function DeliveryFrame({
  testId,
  title,
  actions,
  children,
}: {
  testId: string;
  title: string;
  /** More heading actions, once the site is known. */
  actions?: (site: TSiteDetail) => ReactNode;
  children: (site: TSiteDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  const { prefix } = useShell();
  const { siteId, site, missing } = useDeliverySite();
  return (
    <Stack gap="lg" data-testid={testId}>
      <SitePageHeading
        title={title}
        prefix={prefix}
        siteId={siteId}
        subtitle={site ? t('communications.delivery.subtitle', { name: site.name }) : null}
        loadingSubtitle={t('communications.delivery.subtitleLoading')}
        backLabel={t('communications.delivery.backToSite')}
        testId="delivery"
        actions={site && actions?.(site)}
      />
      {missing ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="delivery-site-missing">
          {t('communications.delivery.siteNotFound')}
        </Alert>
      ) : !site ? (
        <Skeleton h={240} radius="md" />
      ) : (
        children(site)
      )}
    </Stack>
  );
}

/** /{prefix}/notification-delivery/{siteId} */
export function DeliveryListPage() {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const write = useSiteWriteAccess();
  return (
    <DeliveryFrame
      testId="delivery-list-page"
      title={t('communications.delivery.title')}
      actions={(site) => (
        <NoticeCreateButton
          kind="delivery"
          to={deliveryPaths(prefix, site.id).create}
          write={write}
          testId="notice-create"
        />
      )}
    >
      {(site) => <DeliveryList site={site} />}
    </DeliveryFrame>
  );
}

function DeliveryList({ site }: { site: TSiteDetail }) {
  const { prefix } = useShell();
  const write = useSiteWriteAccess();
  const list = useListQuery(noticeListQuery, {
    queryKey: (query) => noticeKeys.deliveryList(site.id, query),
    queryFn: (query, signal) => deliveryApi.list(site.id, query, { signal }),
  });
  return (
    <NoticeList
      kind="delivery"
      list={list}
      paths={deliveryPaths(prefix, site.id)}
      write={write}
      remove={removeDelivery}
    />
  );
}

/** One delivery by the address's id. */
function useDelivery() {
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const item = useQuery({
    queryKey: noticeKeys.deliveryDetail(id),
    queryFn: ({ signal }) => deliveryApi.get(id, { signal, toast: false }),
    enabled: valid,
    retry: false,
  });
  return { delivery: item.data?.data, missing: !valid || item.isError, loading: valid && item.isPending };
}

function DeliveryForm({ site, delivery }: { site: TSiteDetail; delivery: TDelivery | null }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const write = useSiteWriteAccess();
  const paths = deliveryPaths(prefix, site.id);
  return (
    <NoticeForm
      kind="delivery"
      initial={delivery ? valuesOf(delivery) : emptyNotice(todayJst())}
      savedState={delivery?.state ?? null}
      imageUrl={delivery?.imageUrl ?? null}
      mediaOwner={{ accountId: site.accountId }}
      languages={site.document.languages}
      write={write}
      onSubmit={(body) =>
        delivery
          ? deliveryApi.save(delivery.id, body as TDeliveryInput, { toast: false })
          : deliveryApi.create(site.id, body as TDeliveryInput, { toast: false })
      }
      onSaved={(saved) => {
        const res = saved as TEnvelope<TDelivery>;
        notifySuccess(res.message ?? t('communications.form.saved'));
        queryClient.setQueryData(noticeKeys.deliveryDetail(res.data.id), res);
        void queryClient.invalidateQueries({ queryKey: [...noticeKeys.deliveries, 'list'] });
        setTimeout(() => void navigate(paths.detail(res.data.id)), 0);
      }}
      onCancel={() => void navigate(delivery ? paths.detail(delivery.id) : paths.list)}
    />
  );
}

/** /{prefix}/notification-delivery/{siteId}/create */
export function DeliveryCreatePage() {
  const { t } = useTranslation();
  return (
    <DeliveryFrame testId="delivery-create-page" title={t('communications.delivery.createTitle')}>
      {(site) => (
        <Stack maw={880}>
          <DeliveryForm site={site} delivery={null} />
        </Stack>
      )}
    </DeliveryFrame>
  );
}

/** A delivery of the site (one of another site is not found here). */
function DeliveryOfSite({
  site,
  children,
}: {
  site: TSiteDetail;
  children: (delivery: TDelivery) => ReactNode;
}) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const { delivery, missing, loading } = useDelivery();
  if (missing || (delivery && delivery.siteId !== site.id))
    return (
      <DetailMissing
        testId="notice-not-found"
        message={t('communications.delivery.notFound')}
        backLabel={t('communications.delivery.backToList')}
        onBack={() => void navigate(deliveryPaths(prefix, site.id).list)}
      />
    );
  if (loading || !delivery) return <DetailLoading testId="notice-loading" heights={[320, 200]} />;
  return <Stack maw={880}>{children(delivery)}</Stack>;
}

/** /{prefix}/notification-delivery/{siteId}/edit/{id} */
export function DeliveryEditPage() {
  const { t } = useTranslation();
  return (
    <DeliveryFrame testId="delivery-edit-page" title={t('communications.delivery.editTitle')}>
      {(site) => (
        <DeliveryOfSite site={site}>
          {(delivery) => <DeliveryForm key={delivery.id} site={site} delivery={delivery} />}
        </DeliveryOfSite>
      )}
    </DeliveryFrame>
  );
}

/** /{prefix}/notification-delivery/{siteId}/detail/{id} */
export function DeliveryDetailPage() {
  const { t } = useTranslation();
  return (
    <DeliveryFrame testId="delivery-detail-page" title={t('communications.delivery.detailTitle')}>
      {(site) => <DeliveryDetail site={site} />}
    </DeliveryFrame>
  );
}

function DeliveryDetail({ site }: { site: TSiteDetail }) {
  const { prefix } = useShell();
  const navigate = useNavigate();
  const write = useSiteWriteAccess();
  const paths = deliveryPaths(prefix, site.id);
  return (
    <DeliveryOfSite site={site}>
      {(delivery) => (
        <NoticeDetail
          kind="delivery"
          notice={delivery}
          paths={paths}
          listPath={paths.list}
          write={write}
          remove={removeDelivery}
          onDeleted={() => void navigate(paths.list)}
        />
      )}
    </DeliveryOfSite>
  );
}
