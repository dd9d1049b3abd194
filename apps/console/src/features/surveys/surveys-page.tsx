import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SitePageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useSiteWriteAccess } from '../../app/write-access';
import { SurveyBuilder } from './survey-builder';
import { SurveyList } from './survey-list';
import { SurveyResponses } from './survey-responses';
import { surveyKeys, surveysApi } from './surveys-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /{prefix}/site-survey/:id (a site id): the site's surveys, the builder (?edit=<id>|new) and
 * the answers of one (?responses=<id>). The view lives in the address so back and forward work.
 */
export function SurveysPage() {
  const { t } = useTranslation();
  usePageTitle(t('surveys.title'));
  const { prefix } = useShell();
  const { id: siteId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const write = useSiteWriteAccess();
  const validId = UUID.test(siteId);
  const site = useQuery({
    queryKey: surveyKeys.site(siteId),
    queryFn: ({ signal }) => surveysApi.site(siteId, { signal, toast: false }),
    enabled: validId,
    retry: false,
  });
  const detail = site.data?.data;
  const lock = { locked: write.locked, reason: write.reason };

  const edit = params.get('edit');
  const responses = params.get('responses');
  const go = (next: Record<string, string>) => setParams(next, { preventScrollReset: false });
  const toList = () => go({});

  const siteMissing = !validId || site.isError;
  const heading = (
    <SitePageHeading
      title={t('surveys.title')}
      prefix={prefix}
      siteId={siteId}
      subtitle={detail ? t('surveys.subtitle', { name: detail.name }) : null}
      loadingSubtitle={t('surveys.subtitleLoading')}
      backLabel={t('surveys.backToSite')}
      testId="surveys"
    />
  );

  if (siteMissing)
    return (
      <Stack gap="lg" data-testid="surveys-page">
        {heading}
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="surveys-site-missing">
          {t('surveys.siteNotFound')}
        </Alert>
      </Stack>
    );

  return (
    <Stack gap="lg" data-testid="surveys-page">
      {heading}
      {!detail ? (
        <Skeleton h={240} radius="md" />
      ) : edit ? (
        <SurveyBuilder
          site={{
            id: detail.id,
            languages: detail.document.languages,
            defaultLanguage: detail.document.defaultLanguage,
          }}
          surveyId={edit === 'new' ? null : edit}
          write={lock}
          onDone={toList}
        />
      ) : responses ? (
        <SurveyResponses surveyId={responses} onBack={toList} />
      ) : (
        <SurveyList
          siteId={siteId}
          write={lock}
          onCreate={() => go({ edit: 'new' })}
          onEdit={(id) => go({ edit: id })}
          onResponses={(id) => go({ responses: id })}
        />
      )}
    </Stack>
  );
}
