import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { DetailLoading, DetailMissing } from '../../app/detail-states';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { experimentsPath } from '../site-editor/experiments-link';
import { experimentKeys, experimentsApi } from './experiments-api';
import { useExperimentBase, useExperiments } from './experiments-page';
import { VariationEditor } from './variation-editor';

/**
 * /{prefix}/site-experiments/:id/:experimentId/:variationId: one variation of an experiment,
 * edited as the whole site it shows (the published site with its overrides) with the site
 * editor's own forms; only the pages, popups and forms chosen are kept as its overrides.
 */
export function VariationEditorPage() {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const { id: siteId = '', experimentId = '', variationId = '' } = useParams();
  const site = useQuery({
    queryKey: experimentKeys.site(siteId),
    queryFn: ({ signal }) => experimentsApi.site(siteId, { signal, toast: false }),
    retry: false,
  });
  const list = useExperiments(siteId);
  const base = useExperimentBase(siteId);
  const experiment = list.data?.data.find((e) => e.id === experimentId);
  const variation = experiment?.variations.find((v) => v.id === variationId);
  usePageTitle(
    variation ? t('experiments.editor.pageTitle', { name: variation.name }) : t('experiments.title'),
  );
  const back = experimentsPath(prefix, siteId);

  const failed = [site, list, base].find((q) => q.isError)?.error;
  return (
    <Stack gap="lg" data-testid="variation-editor-page">
      <Anchor component={Link} to={back} size="sm" w="fit-content" data-testid="variation-back">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} />
          {t('experiments.editor.back')}
        </Group>
      </Anchor>
      {failed ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="variation-load-failed">
          {failed instanceof ApiError ? failed.message : t('experiments.loadFailed')}
        </Alert>
      ) : !site.data || !list.data || !base.data ? (
        <DetailLoading testId="variation-loading" heights={[60, 180, 420]} />
      ) : !experiment || !variation ? (
        <DetailMissing
          testId="variation-missing"
          message={t('experiments.editor.missing')}
          backLabel={t('experiments.editor.back')}
          onBack={() => navigate(back)}
        />
      ) : (
        // A new variation (or a reload after a save elsewhere) starts a fresh editor.
        <VariationEditor
          key={`${variation.id}`}
          site={site.data.data}
          experiment={experiment}
          variation={variation}
          base={base.data.data}
        />
      )}
    </Stack>
  );
}
