import { Alert, Box, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TMemberSummary, TSubmissionSummary } from '@swipe/contracts/submissions';
import { IconAlertTriangle, IconArrowLeft, IconDownload, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { ListFooter } from '../../app/list-footer';
import { ListSearchInput, useListKeyword } from '../../app/list-search';
import { notifyError } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { sitePaths } from '../sites/site-format';
import { ListSkeleton } from '../sites/site-list-rows';
import { useSiteWriteAccess } from '../sites/sites-ui';
import { DeleteMemberModal } from './delete-member-modal';
import { SubmissionDetail, type TDetail } from './submission-detail';
import {
  calendarDay,
  clampSubmissionPage,
  isRangeReversed,
  isSubmissionFiltered,
  KEYWORD_MAX,
  parseSubmissionQuery,
  submissionQueryToParams,
  type TSubmissionQuery,
  withSubmissionFilter,
} from './submission-list-query';
import { MembersCards, MembersTable, SubmissionsCards, SubmissionsTable } from './submission-rows';
import { SubmissionEmptyState, SubmissionTabs } from './submission-ui';
import { submissionKeys, submissionsApi, type TSubmissionListKind } from './submissions-api';

/**
 * /{prefix}/site-member/:id, /site-contact/:id and /site-form/:id: what the visitors of one site
 * left with it (SPEC 2), searched, filtered by JST days and paged, each row opening every answer,
 * with CSV export; members can be deleted by those who may edit the site.
 */
function SubmissionListPage({ kind }: { kind: TSubmissionListKind }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const { id: siteId = '' } = useParams();
  const write = useSiteWriteAccess();
  const phone = useMediaQuery('(max-width: 48em)');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseSubmissionQuery(params), [params]);
  const update = (next: TSubmissionQuery, replace = false) =>
    setParams(submissionQueryToParams(next), { replace, preventScrollReset: true });

  const search = useListKeyword(
    query.keyword,
    (keyword) => update(withSubmissionFilter(query, { keyword }), true),
    KEYWORD_MAX,
  );

  const site = useQuery({
    queryKey: submissionKeys.site(siteId),
    queryFn: ({ signal }) => submissionsApi.site(siteId, { signal, toast: false }),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const siteMissing = site.error instanceof ApiError && site.error.status === 404;
  const siteName = site.data?.data.name;

  const list = useQuery({
    queryKey: submissionKeys.list(kind, siteId, query),
    queryFn: ({ signal }): Promise<TEnvelope<(TMemberSummary | TSubmissionSummary)[]>> =>
      kind === 'member'
        ? submissionsApi.members(siteId, query, { signal, toast: false })
        : submissionsApi.submissions(kind, siteId, query, { signal, toast: false }),
    placeholderData: keepPreviousData,
    enabled: !siteMissing,
  });

  const title = t(`submissions.${kind}.title`);
  usePageTitle(siteName ? `${title} – ${siteName}` : title);

  const exporting = useMutation({
    mutationFn: () => submissionsApi.exportCsv(kind, siteId, query),
    onError: (error) =>
      notifyError(error instanceof ApiError ? error.message : t('submissions.exportFailed')),
  });

  const [detail, setDetail] = useState<TDetail | null>(null);
  const [deleting, setDeleting] = useState<TMemberSummary | null>(null);
  const askDelete = (member: TMemberSummary) => {
    // The confirmation replaces the drawer: one layer over the list at a time.
    setDetail(null);
    setDeleting(member);
  };

  const filtered = isSubmissionFiltered(query);
  const reversed = isRangeReversed(query);
  const clearFilters = () => {
    search.clear();
    update(withSubmissionFilter(query, { keyword: undefined, from: undefined, to: undefined }));
  };
  const rows = list.data?.data ?? [];
  const total = list.data?.meta?.total ?? 0;
  // With nothing received at all there is nothing to search: the empty state stands alone.
  const nothingYet = Boolean(list.data) && !list.isPlaceholderData && total === 0 && !filtered;

  // A delete emptied the last page: show the new last page instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the settled total only
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const next = clampSubmissionPage(query, total);
    if (next !== query) update(next, true);
  }, [list.data, list.isPlaceholderData]);

  const dateInput = (which: 'from' | 'to') => (
    <TextInput
      type="date"
      size="sm"
      style={{ flex: '1 1 150px' }}
      label={t(`submissions.${which}`)}
      value={query[which] ?? ''}
      min={which === 'to' ? query.from : undefined}
      max={which === 'from' ? query.to : undefined}
      error={which === 'to' && reversed ? t('submissions.rangeReversed') : undefined}
      onChange={(e) => {
        const day = calendarDay(e.currentTarget.value);
        // A half-typed date is not a filter yet; an emptied field clears it.
        if (day || e.currentTarget.value === '') update(withSubmissionFilter(query, { [which]: day }));
      }}
      data-testid={`submission-filter-${which}`}
    />
  );

  const openRow = (row: TMemberSummary | TSubmissionSummary) =>
    setDetail(
      kind === 'member' ? { kind, row: row as TMemberSummary } : { kind, row: row as TSubmissionSummary },
    );

  const rowsView =
    kind === 'member' ? (
      phone ? (
        <MembersCards rows={rows as TMemberSummary[]} write={write} onOpen={openRow} onDelete={askDelete} />
      ) : (
        <MembersTable rows={rows as TMemberSummary[]} write={write} onOpen={openRow} onDelete={askDelete} />
      )
    ) : phone ? (
      <SubmissionsCards rows={rows as TSubmissionSummary[]} onOpen={openRow} />
    ) : (
      <SubmissionsTable rows={rows as TSubmissionSummary[]} onOpen={openRow} />
    );

  return (
    <Stack gap="lg" data-testid="submission-list-page" data-kind={kind}>
      <Box>
        <Button
          component={Link}
          to={sitePaths(prefix).list()}
          variant="subtle"
          color="gray"
          size="compact-sm"
          ml={-8}
          leftSection={<IconArrowLeft size={15} />}
          data-testid="back-to-sites"
        >
          {t('submissions.backToSites')}
        </Button>
      </Box>
      <PageHeading
        title={
          <Stack gap={2} miw={0}>
            <Text
              size="sm"
              fw={600}
              c="brand.7"
              className="break-anywhere"
              data-testid="submission-site-name"
            >
              {siteName ?? (siteMissing ? '' : t('submissions.siteLoading'))}
            </Text>
            <Text component="h1" fz={{ base: 24, sm: 28 }} fw={650} m={0} lh={1.25}>
              {title}
            </Text>
          </Stack>
        }
        subtitle={t(`submissions.${kind}.subtitle`)}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} stroke={1.7} />}
            loading={exporting.isPending}
            disabled={siteMissing}
            onClick={() => exporting.mutate()}
            data-testid="submission-export"
          >
            {t('submissions.export')}
          </Button>
        }
      />

      {siteMissing ? (
        <Alert
          color="orange"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={18} />}
          data-testid="submission-site-missing"
        >
          {t('submissions.siteNotFound')}
        </Alert>
      ) : (
        <>
          <SubmissionTabs prefix={prefix} siteId={siteId} current={kind} />
          <Card p={0}>
            <Box
              p="md"
              display={nothingYet ? 'none' : undefined}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group gap="sm" align="flex-start" wrap="wrap">
                <ListSearchInput
                  text={search.text}
                  setText={search.setText}
                  style={{ flex: '3 1 260px' }}
                  label={t('submissions.search')}
                  placeholder={t(`submissions.${kind}.searchPlaceholder`)}
                  clearLabel={t('submissions.clearSearch')}
                  maxLength={KEYWORD_MAX}
                  testId="submission-search"
                />
                {dateInput('from')}
                {dateInput('to')}
                {filtered && (
                  <Button
                    size="sm"
                    variant="subtle"
                    color="gray"
                    mt={25}
                    leftSection={<IconFilterOff size={16} />}
                    onClick={clearFilters}
                    data-testid="submission-filter-clear"
                  >
                    {t('submissions.clearFilters')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed" mt={6}>
                {t('submissions.datesHint')}
              </Text>
            </Box>

            {list.isPending ? (
              <ListSkeleton />
            ) : list.isError && !list.data ? (
              <Stack align="center" py={48} gap="xs" data-testid="submission-list-error">
                <Text c="dimmed">{t('submissions.loadFailed')}</Text>
                <Button variant="light" onClick={() => void list.refetch()}>
                  {t('sites.retry')}
                </Button>
              </Stack>
            ) : rows.length === 0 ? (
              <SubmissionEmptyState kind={kind} filtered={filtered} onClear={clearFilters} />
            ) : (
              <Box
                style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                aria-busy={list.isFetching}
              >
                {rowsView}
              </Box>
            )}

            {total > 0 && (
              <ListFooter
                page={query.page}
                pageSize={query.pageSize}
                total={total}
                compact={Boolean(phone)}
                onPage={(page) => update(withSubmissionFilter(query, { page }))}
                onPageSize={(pageSize) => update(withSubmissionFilter(query, { pageSize }))}
                testId="submission"
              />
            )}
          </Card>
        </>
      )}

      <SubmissionDetail detail={detail} onClose={() => setDetail(null)} write={write} onDelete={askDelete} />
      <DeleteMemberModal
        siteId={siteId}
        member={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDetail(null)}
      />
    </Stack>
  );
}

export const SiteMemberPage = () => <SubmissionListPage kind="member" />;
export const SiteContactPage = () => <SubmissionListPage kind="contact" />;
export const SiteFormPage = () => <SubmissionListPage kind="form" />;
