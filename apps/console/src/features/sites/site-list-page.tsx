import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { SITE_STATUSES } from '@swipe/contracts/sites';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBuilding,
  IconLayoutGrid,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListSelectFilter } from '../../app/list-controls';
import { ListExportButton, ListPage } from '../../app/list-page';
import { PageHeading } from '../../app/page-heading';
import { useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { UnpaidBillBanner } from '../billing/unpaid-bill-banner';
import { DeleteSiteModal } from './delete-site-modal';
import { sitePaths } from './site-format';
import { accountScope, siteListQuery } from './site-list-query';
import { useSiteRows } from './site-list-rows';
import { siteKeys, sitesApi } from './sites-api';

/**
 * /{prefix}/site-list and /{prefix}/site/list/:accountId: the sites of the caller's subtree (or
 * of one account), searched, filtered by status and paged, with CSV export and row actions.
 */
export function SiteListPage() {
  const { t } = useTranslation();
  usePageTitle(t('sites.list.title'));
  const { prefix, user } = useShell();
  const paths = sitePaths(prefix);
  const write = useSiteWriteAccess();
  const { accountId: rawAccountId } = useParams();
  const scoped = rawAccountId !== undefined;
  const accountId = accountScope(rawAccountId);
  const badScope = scoped && !accountId;

  const list = useListQuery(siteListQuery, {
    queryKey: (query) => siteKeys.list({ ...query, accountId }),
    queryFn: (query, signal) => sitesApi.list({ ...query, accountId }, { signal }),
    enabled: !badScope,
  });

  const account = useQuery({
    queryKey: siteKeys.account(accountId ?? ''),
    queryFn: ({ signal }) => sitesApi.account(accountId ?? '', { signal, toast: false }),
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const accountName = account.data?.data.name ?? list.rows[0]?.accountName;

  const [deleting, setDeleting] = useState<TSiteSummary | null>(null);

  const createHref = paths.create(accountId);
  // A company user sees its own sites only: the account is worth a line when there are others.
  const showAccount = !scoped && list.rows.some((row) => row.accountId !== user.accountId);
  const siteRows = useSiteRows({ showAccount, onDelete: setDeleting });

  return (
    <Stack gap="lg" data-testid="site-list-page">
      <PageHeading
        title={t('sites.list.title')}
        subtitle={t(write.creator ? 'sites.list.subtitle' : 'sites.list.subtitleViewer')}
        actions={
          <>
            <ListExportButton
              onExport={() => sitesApi.exportCsv({ ...list.query, accountId })}
              disabled={badScope}
              testId="site-export"
            />
            <WriteButton
              locked={write.locked || badScope}
              reason={badScope ? t('sites.list.accountNotFound') : write.reason}
              component={Link}
              to={createHref}
              leftSection={<IconPlus size={18} stroke={1.8} />}
              data-testid="site-create"
            >
              {t('sites.list.create')}
            </WriteButton>
          </>
        }
      />
      <UnpaidBillBanner page="site-list" />

      {scoped && (
        <Alert
          color={badScope || account.isError ? 'orange' : 'brand'}
          variant="light"
          radius="md"
          icon={badScope || account.isError ? <IconAlertTriangle size={18} /> : <IconBuilding size={18} />}
          data-testid="site-list-scope"
          styles={{ wrapper: { alignItems: 'center' } }}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={500} className="break-anywhere" data-testid="site-list-scope-name">
              {badScope || account.isError
                ? t('sites.list.accountNotFound')
                : accountName
                  ? t('sites.list.scope', { name: accountName })
                  : t('sites.list.scopeLoading')}
            </Text>
            <Button
              component={Link}
              to={paths.list()}
              size="compact-sm"
              variant="subtle"
              leftSection={<IconArrowLeft size={15} />}
              data-testid="site-list-show-all"
            >
              {t('sites.list.showAll')}
            </Button>
          </Group>
        </Alert>
      )}

      {!badScope && (
        <ListPage
          list={list}
          testId="site"
          searchPlaceholder={t('sites.list.searchPlaceholder')}
          filters={
            <ListSelectFilter
              label={t('sites.list.status')}
              allLabel={t('sites.list.allStatuses')}
              value={list.query.status}
              options={SITE_STATUSES.map((s) => ({ value: s, label: t(`sites.status.${s}`) }))}
              onChange={(status) => list.update({ status })}
              testId="site-filter-status"
            />
          }
          rows={siteRows}
          empty={{
            icon: <IconLayoutGrid size={26} stroke={1.5} />,
            title: t('sites.list.emptyTitle'),
            body: t(write.creator ? 'sites.list.emptyBody' : 'sites.list.emptyBodyViewer'),
            action: write.creator && (
              <WriteButton
                locked={write.locked}
                reason={write.reason}
                mt="xs"
                component={Link}
                to={createHref}
                leftSection={<IconPlus size={18} stroke={1.8} />}
                data-testid="empty-create"
              >
                {t('sites.list.create')}
              </WriteButton>
            ),
          }}
          noMatch={{ title: t('sites.list.emptyFilteredTitle'), body: t('sites.list.emptyFilteredBody') }}
        />
      )}

      <DeleteSiteModal site={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
