import { Stack } from '@mantine/core';
import type { TNews, TNewsInput } from '@swipe/contracts/communications';
import { SITE_LANGUAGES } from '@swipe/contracts/sites';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TEnvelope } from '../../app/api-client';
import { DetailLoading, DetailMissing } from '../../app/detail-states';
import { todayJst } from '../../app/format';
import { notifySuccess } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { NEWS_UPLOAD_ENDPOINT, newsApi, noticeKeys } from './communications-api';
import { NoticeDetail } from './notice-detail';
import { NoticeForm } from './notice-form';
import { NoticeCreateButton, NoticeList } from './notice-list';
import { emptyNotice, isUuid, newsPaths, noticeListQuery, valuesOf } from './notice-values';

// Latest information: /{prefix}/latest-information (list), /create, /{id} (detail) and
// /edit/{id}, for the platform and OEM staff. News goes to the sites of the author's subtree.

const removeNews = (id: string) => newsApi.remove(id, { toast: false });

/** /{prefix}/latest-information */
export function NewsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('communications.news.title'));
  const { prefix } = useShell();
  const write = useWriteAccess();
  const paths = newsPaths(prefix);
  const list = useListQuery(noticeListQuery, {
    queryKey: (query) => noticeKeys.newsList(query),
    queryFn: (query, signal) => newsApi.list(query, { signal }),
  });
  return (
    <Stack gap="lg" data-testid="news-list-page">
      <PageHeading
        title={t('communications.news.title')}
        subtitle={t('communications.news.subtitle')}
        actions={<NoticeCreateButton kind="news" to={paths.create} write={write} testId="notice-create" />}
      />
      <NoticeList kind="news" list={list} paths={paths} write={write} remove={removeNews} />
    </Stack>
  );
}

/** One news item by the address's id (none for an id the API could not know). */
function useNewsItem() {
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const item = useQuery({
    queryKey: noticeKeys.newsDetail(id),
    queryFn: ({ signal }) => newsApi.get(id, { signal, toast: false }),
    enabled: valid,
    retry: false,
  });
  return { news: item.data?.data, missing: !valid || item.isError, loading: valid && item.isPending };
}

/** The create and edit form with the sites the caller may choose. */
function NewsForm({ news }: { news: TNews | null }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const write = useWriteAccess();
  const paths = newsPaths(prefix);
  const sites = useQuery({
    queryKey: noticeKeys.newsSites,
    queryFn: ({ signal }) => newsApi.sites({ signal, toast: false }),
    staleTime: 60_000,
  });
  return (
    <NoticeForm
      kind="news"
      initial={news ? valuesOf(news) : emptyNotice(todayJst())}
      savedState={news?.state ?? null}
      imageUrl={news?.imageUrl ?? null}
      mediaOwner={{ endpoint: NEWS_UPLOAD_ENDPOINT }}
      languages={SITE_LANGUAGES}
      sites={{
        options: sites.data?.data ?? [],
        chosen: news?.sites ?? [],
        loading: sites.isPending,
        failed: sites.isError,
      }}
      write={write}
      onSubmit={(body) =>
        news
          ? newsApi.save(news.id, body as TNewsInput, { toast: false })
          : newsApi.create(body as TNewsInput, { toast: false })
      }
      onSaved={(saved) => {
        const res = saved as TEnvelope<TNews>;
        notifySuccess(res.message ?? t('communications.form.saved'));
        queryClient.setQueryData(noticeKeys.newsDetail(res.data.id), res);
        void queryClient.invalidateQueries({ queryKey: noticeKeys.news });
        // After the form counts as saved, so leaving is not questioned.
        setTimeout(() => void navigate(paths.detail(res.data.id)), 0);
      }}
      onCancel={() => void navigate(news ? paths.detail(news.id) : paths.list)}
    />
  );
}

/** /{prefix}/latest-information/create */
export function NewsCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('communications.news.createTitle'));
  return (
    <Stack gap="lg" maw={880} data-testid="news-create-page">
      <PageHeading title={t('communications.news.createTitle')} />
      <NewsForm news={null} />
    </Stack>
  );
}

/** /{prefix}/latest-information/edit/{id} */
export function NewsEditPage() {
  const { t } = useTranslation();
  usePageTitle(t('communications.news.editTitle'));
  const { prefix } = useShell();
  const navigate = useNavigate();
  const { news, missing, loading } = useNewsItem();
  return (
    <Stack gap="lg" maw={880} data-testid="news-edit-page">
      <PageHeading title={t('communications.news.editTitle')} />
      {missing ? (
        <DetailMissing
          testId="notice-not-found"
          message={t('communications.news.notFound')}
          backLabel={t('communications.news.backToList')}
          onBack={() => void navigate(newsPaths(prefix).list)}
        />
      ) : loading || !news ? (
        <DetailLoading testId="notice-loading" heights={[380, 220]} />
      ) : (
        <NewsForm key={news.id} news={news} />
      )}
    </Stack>
  );
}

/** /{prefix}/latest-information/{id} */
export function NewsDetailPage() {
  const { t } = useTranslation();
  usePageTitle(t('communications.news.detailTitle'));
  const { prefix } = useShell();
  const navigate = useNavigate();
  const write = useWriteAccess();
  const paths = newsPaths(prefix);
  const { news, missing, loading } = useNewsItem();
  return (
    <Stack gap="lg" maw={880} data-testid="news-detail-page">
      <PageHeading title={t('communications.news.detailTitle')} />
      {missing ? (
        <DetailMissing
          testId="notice-not-found"
          message={t('communications.news.notFound')}
          backLabel={t('communications.news.backToList')}
          onBack={() => void navigate(paths.list)}
        />
      ) : loading || !news ? (
        <DetailLoading testId="notice-loading" heights={[320, 160]} />
      ) : (
        <NoticeDetail
          kind="news"
          notice={news}
          paths={paths}
          listPath={paths.list}
          write={write}
          remove={removeNews}
          onDeleted={() => void navigate(paths.list)}
        />
      )}
    </Stack>
  );
}
