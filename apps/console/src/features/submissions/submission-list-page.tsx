import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import type { TMemberSummary, TSubmissionSummary } from '@swipe/contracts/submissions';
import { IconAlertTriangle, IconArrowLeft, IconForms, IconMail, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { ListDateRange } from '../../app/list-controls';
import { ListExportButton, ListPage } from '../../app/list-page';
import type { TListRowsDef } from '../../app/list-rows';
import { PageHeading } from '../../app/page-heading';
import { useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { sitePaths } from '../sites/site-format';
import { DeleteMemberModal } from './delete-member-modal';
import { SubmissionDetail, type TDetail } from './submission-detail';
import { submissionListQuery } from './submission-list-query';
import { useMemberRows, useSubmissionRows } from './submission-rows';
import { SubmissionTabs } from './submission-ui';
import { submissionKeys, submissionsApi, type TSubmissionListKind } from './submissions-api';

type TRow = TMemberSummary | TSubmissionSummary;

const EMPTY_ICONS = { member: IconUsers, contact: IconMail, form: IconForms } as const;

/**
 * /{prefix}/site-member/:id, /site-contact/:id and /site-form/:id: what the visitors of one site
 * left with it, searched, filtered by JST days and paged, each row opening every answer,
 * with CSV export; members can be deleted by those who may edit the site.
 */
function SubmissionListPage({ kind }: { kind: TSubmissionListKind }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const { id: siteId = '' } = useParams();
  const write = useSiteWriteAccess();

  const site = useQuery({
    queryKey: submissionKeys.site(siteId),
    queryFn: ({ signal }) => submissionsApi.site(siteId, { signal, toast: false }),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const siteMissing = site.error instanceof ApiError && site.error.status === 404;
  const siteName = site.data?.data.name;

  const list = useListQuery(submissionListQuery, {
    queryKey: (query) => submissionKeys.list(kind, siteId, query),
    queryFn: (query, signal): Promise<TEnvelope<TRow[]>> =>
      kind === 'member'
        ? submissionsApi.members(siteId, query, { signal, toast: false })
        : submissionsApi.submissions(kind, siteId, query, { signal, toast: false }),
    enabled: !siteMissing,
  });

  const title = t(`submissions.${kind}.title`);
  usePageTitle(siteName ? `${title} – ${siteName}` : title);

  const [detail, setDetail] = useState<TDetail | null>(null);
  const [deleting, setDeleting] = useState<TMemberSummary | null>(null);
  const askDelete = (member: TMemberSummary) => {
    // The confirmation replaces the drawer: one layer over the list at a time.
    setDetail(null);
    setDeleting(member);
  };
  const openRow = (row: TRow) =>
    setDetail(
      kind === 'member' ? { kind, row: row as TMemberSummary } : { kind, row: row as TSubmissionSummary },
    );
  const memberRows = useMemberRows({ write, onOpen: openRow, onDelete: askDelete });
  const submissionRows = useSubmissionRows(openRow);
  const EmptyIcon = EMPTY_ICONS[kind];

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
          <ListExportButton
            onExport={() => submissionsApi.exportCsv(kind, siteId, list.query)}
            disabled={siteMissing}
            testId="submission-export"
          />
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
          <ListPage
            list={list}
            testId="submission"
            searchPlaceholder={t(`submissions.${kind}.searchPlaceholder`)}
            filters={
              <ListDateRange
                from={list.query.from}
                to={list.query.to}
                onChange={(range) => list.update(range)}
                testId="submission-filter"
              />
            }
            filterNote={t('list.datesJst')}
            rows={(kind === 'member' ? memberRows : submissionRows) as unknown as TListRowsDef<TRow>}
            empty={{
              icon: <EmptyIcon size={26} stroke={1.5} />,
              title: t(`submissions.${kind}.emptyTitle`),
              body: t(`submissions.${kind}.emptyBody`),
            }}
            noMatch={{ title: t('submissions.emptyFilteredTitle'), body: t('submissions.emptyFilteredBody') }}
          />
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
