import { Alert, Button, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowsSplit, IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { DetailLoading } from '../../app/detail-states';
import { SitePageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { ReadOnlyNotice, WriteButton } from '../../app/write-control';
import { CurrentExperiment } from './current-experiment';
import { ExperimentFormModal } from './experiment-form-modal';
import { EXPERIMENTS_POLL_MS, splitExperiments } from './experiment-values';
import { experimentKeys, experimentsApi } from './experiments-api';
import { PastExperiments } from './past-experiments';
import { useExperimentActions } from './use-experiment-actions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The site's experiments, polled while one runs (its results move). */
export function useExperiments(siteId: string, enabled = true) {
  return useQuery({
    queryKey: experimentKeys.list(siteId),
    queryFn: ({ signal }) => experimentsApi.list(siteId, { signal, toast: false }),
    enabled,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.status === 'RUNNING') ? EXPERIMENTS_POLL_MS : false,
  });
}

/** The published document variations are made of (an error when the site was never published). */
export function useExperimentBase(siteId: string, enabled = true) {
  return useQuery({
    queryKey: experimentKeys.base(siteId),
    queryFn: ({ signal }) => experimentsApi.base(siteId, { signal, toast: false }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * /{prefix}/site-experiments/:id (a site id): A/B experiments of the published site. The current
 * one (a draft or running) with its variations and results, and the ended ones below.
 */
export function ExperimentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('experiments.title'));
  const { prefix } = useShell();
  const { id: siteId = '' } = useParams();
  const write = useSiteWriteAccess();
  const validId = UUID.test(siteId);
  const site = useQuery({
    queryKey: experimentKeys.site(siteId),
    queryFn: ({ signal }) => experimentsApi.site(siteId, { signal, toast: false }),
    enabled: validId,
    retry: false,
  });
  const detail = site.data?.data;
  const list = useExperiments(siteId, Boolean(detail));
  const base = useExperimentBase(siteId, Boolean(detail) && list.isSuccess);
  const actions = useExperimentActions(siteId);
  const [creating, setCreating] = useState(false);
  const missing = !validId || site.isError;
  const { current, past } = splitExperiments(list.data?.data ?? []);
  const document = base.data?.data.document ?? null;
  // Never published: nothing to vary yet (the server's words say so).
  const unpublished = base.isError
    ? base.error instanceof ApiError
      ? base.error.message
      : t('experiments.notPublished')
    : null;
  const lock = write.locked
    ? { locked: true, reason: write.reason }
    : unpublished
      ? { locked: true, reason: unpublished }
      : { locked: false, reason: '' };
  const createButton = (
    <WriteButton
      locked={lock.locked || !base.isSuccess}
      reason={lock.reason || t('experiments.form.baseLoading')}
      leftSection={<IconPlus size={16} />}
      onClick={() => setCreating(true)}
      data-testid="experiment-create"
    >
      {t('experiments.create')}
    </WriteButton>
  );

  return (
    <Stack gap="lg" data-testid="experiments-page">
      <SitePageHeading
        title={t('experiments.title')}
        prefix={prefix}
        siteId={siteId}
        subtitle={detail ? t('experiments.subtitle', { name: detail.name }) : null}
        loadingSubtitle={t('experiments.subtitleLoading')}
        backLabel={t('experiments.backToSite')}
        testId="experiments"
        actions={list.isSuccess && !current && past.length > 0 && !write.locked ? createButton : undefined}
      />
      {missing ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="experiments-site-missing">
          {t('experiments.siteNotFound')}
        </Alert>
      ) : !detail || list.isPending ? (
        <DetailLoading testId="experiments-loading" heights={[120, 260]} />
      ) : list.isError ? (
        list.error instanceof ApiError && list.error.status === 403 ? (
          // Refused by the plan (effect measurement) or the role: the server says which.
          <Alert
            color="orange"
            variant="light"
            icon={<IconLock size={18} />}
            data-testid="experiments-refused"
          >
            {list.error.message}
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="experiments-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {list.error instanceof ApiError ? list.error.message : t('experiments.loadFailed')}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
                {t('experiments.retry')}
              </Button>
            </Stack>
          </Alert>
        )
      ) : (
        <>
          {write.locked && (
            <ReadOnlyNotice
              message={t('experiments.readOnly')}
              reason={write.reason}
              testId="experiments-read-only"
            />
          )}
          {unpublished && !current && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="experiments-unpublished"
            >
              {unpublished}
            </Alert>
          )}
          {current ? (
            <CurrentExperiment
              siteId={siteId}
              experiment={current}
              document={document}
              write={write}
              actions={actions}
            />
          ) : past.length === 0 ? (
            <EmptyExperiments viewer={write.locked} action={write.locked ? null : createButton} />
          ) : (
            <Card p="md" data-testid="experiments-idle">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={36} radius="xl" variant="light" color="gray">
                  <IconArrowsSplit size={20} stroke={1.6} />
                </ThemeIcon>
                <Text size="sm">{t('experiments.idle')}</Text>
              </Group>
            </Card>
          )}
          <PastExperiments
            siteId={siteId}
            experiments={past}
            document={document}
            write={write}
            actions={actions}
          />
        </>
      )}
      <ExperimentFormModal
        opened={creating}
        siteId={siteId}
        experiment={null}
        document={document}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}

/** No experiment yet: what A/B testing is, how it goes here, and the way to start one. */
function EmptyExperiments({ viewer, action }: { viewer: boolean; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card p={{ base: 'lg', sm: 'xl' }} data-testid="experiments-empty">
      <Stack align="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="brand">
          <IconArrowsSplit size={28} stroke={1.6} />
        </ThemeIcon>
        <Text fw={650} fz="lg" ta="center">
          {t('experiments.empty.title')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {viewer ? t('experiments.empty.viewer') : t('experiments.empty.body')}
        </Text>
        <List type="ordered" size="sm" spacing={6} mt="xs" w="100%" data-testid="experiments-steps">
          <List.Item>{t('experiments.empty.step1')}</List.Item>
          <List.Item>{t('experiments.empty.step2')}</List.Item>
          <List.Item>{t('experiments.empty.step3')}</List.Item>
          <List.Item>{t('experiments.empty.step4')}</List.Item>
        </List>
        {action && <Stack mt="sm">{action}</Stack>}
      </Stack>
    </Card>
  );
}
