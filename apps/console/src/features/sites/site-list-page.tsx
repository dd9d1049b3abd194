import { Alert, Box, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { SITE_STATUSES, type TSiteStatus } from '@swipe/contracts/sites';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBuilding,
  IconDownload,
  IconFilterOff,
  IconPlus,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { ListFooter } from '../../app/list-footer';
import { ListSearchInput, useListKeyword } from '../../app/list-search';
import { notifyError } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { WriteButton } from '../../app/write-control';
import { DeleteSiteModal } from './delete-site-modal';
import { sitePaths } from './site-format';
import {
  clampPage,
  isAccountId,
  isFiltered,
  KEYWORD_MAX,
  listQueryToParams,
  parseListQuery,
  type TSiteListQuery,
  withFilter,
} from './site-list-query';
import { EmptyState, ListSkeleton, SitesCards, SitesTable } from './site-list-rows';
import { siteKeys, sitesApi } from './sites-api';
import { useSiteWriteAccess } from './sites-ui';

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
  const phone = useMediaQuery('(max-width: 48em)');
  const { accountId: rawAccountId } = useParams();
  const scoped = rawAccountId !== undefined;
  const badScope = scoped && !isAccountId(rawAccountId);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(params, rawAccountId), [params, rawAccountId]);

  const update = (next: TSiteListQuery, replace = false) =>
    setParams(listQueryToParams(next), { replace, preventScrollReset: true });

  const search = useListKeyword(
    query.keyword,
    (keyword) => update(withFilter(query, { keyword }), true),
    KEYWORD_MAX,
  );

  const list = useQuery({
    queryKey: siteKeys.list(query),
    queryFn: ({ signal }) => sitesApi.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !badScope,
  });

  const account = useQuery({
    queryKey: siteKeys.account(query.accountId ?? ''),
    queryFn: ({ signal }) => sitesApi.account(query.accountId ?? '', { signal, toast: false }),
    enabled: Boolean(query.accountId),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const accountName = account.data?.data.name ?? list.data?.data[0]?.accountName;

  const exporting = useMutation({
    mutationFn: () => sitesApi.exportCsv(query),
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('sites.list.exportFailed')),
  });

  const [deleting, setDeleting] = useState<TSiteSummary | null>(null);

  const filtered = isFiltered(query);
  const clearFilters = () => {
    search.clear();
    update(withFilter(query, { keyword: undefined, status: undefined }));
  };
  const rows = list.data?.data ?? [];
  const total = list.data?.meta?.total ?? 0;
  const createHref = paths.create(query.accountId);
  // With no site at all there is nothing to search: the empty state stands alone.
  const nothingYet = Boolean(list.data) && !list.isPlaceholderData && total === 0 && !filtered;

  // A delete (or someone else's) emptied the last page: show the new last page instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the settled total only
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const next = clampPage(query, total);
    if (next !== query) update(next, true);
  }, [list.data, list.isPlaceholderData]);

  const option = (value: string, label: string) => ({ value, label });
  // A company user sees its own sites only: the account is worth a line when there are others.
  const showAccount = !scoped && rows.some((row) => row.accountId !== user.accountId);
  const rowProps = { rows, showAccount, onDelete: setDeleting };

  return (
    <Stack gap="lg" data-testid="site-list-page">
      <PageHeading
        title={t('sites.list.title')}
        subtitle={t(write.creator ? 'sites.list.subtitle' : 'sites.list.subtitleViewer')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} stroke={1.7} />}
              loading={exporting.isPending}
              disabled={badScope}
              onClick={() => exporting.mutate()}
              data-testid="site-export"
            >
              {t('sites.list.export')}
            </Button>
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
        <Card p={0}>
          <Box
            p="md"
            display={nothingYet ? 'none' : undefined}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="sm" align="flex-end" wrap="wrap">
              <ListSearchInput
                text={search.text}
                setText={search.setText}
                style={{ flex: '3 1 260px' }}
                label={t('sites.list.search')}
                placeholder={t('sites.list.searchPlaceholder')}
                clearLabel={t('sites.list.clearSearch')}
                maxLength={KEYWORD_MAX}
                testId="site-search"
              />
              <NativeSelect
                size="sm"
                style={{ flex: '1 1 170px' }}
                label={t('sites.list.status')}
                value={query.status ?? ''}
                onChange={(e) =>
                  update(
                    withFilter(query, {
                      status: (e.currentTarget.value || undefined) as TSiteStatus | undefined,
                    }),
                  )
                }
                data={[
                  option('', t('sites.list.allStatuses')),
                  ...SITE_STATUSES.map((s) => option(s, t(`sites.status.${s}`))),
                ]}
                data-testid="site-filter-status"
              />
              {filtered && (
                <Button
                  size="sm"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconFilterOff size={16} />}
                  onClick={clearFilters}
                  data-testid="site-filter-clear"
                >
                  {t('sites.list.clearFilters')}
                </Button>
              )}
            </Group>
          </Box>

          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && !list.data ? (
            <Stack align="center" py={48} gap="xs" data-testid="site-list-error">
              <Text c="dimmed">{t('sites.list.loadFailed')}</Text>
              <Button variant="light" onClick={() => void list.refetch()}>
                {t('sites.retry')}
              </Button>
            </Stack>
          ) : rows.length === 0 ? (
            <EmptyState filtered={filtered} onClear={clearFilters} createHref={createHref} />
          ) : (
            <Box
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
              aria-busy={list.isFetching}
            >
              {phone ? <SitesCards {...rowProps} /> : <SitesTable {...rowProps} />}
            </Box>
          )}

          {total > 0 && (
            <ListFooter
              page={query.page}
              pageSize={query.pageSize}
              total={total}
              compact={phone}
              onPage={(page) => update(withFilter(query, { page }))}
              onPageSize={(pageSize) => update(withFilter(query, { pageSize }))}
              testId="site"
            />
          )}
        </Card>
      )}

      <DeleteSiteModal site={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
