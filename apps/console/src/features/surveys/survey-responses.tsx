import {
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TSurveyResponseSummary } from '@swipe/contracts/surveys';
import { IconArrowLeft, IconDownload, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { formatJstDateTime } from '../../app/format';
import { ListFooter } from '../../app/list-footer';
import { ListSearchInput, useListKeyword } from '../../app/list-search';
import { notifyError } from '../../app/notify';
import { surveyKeys, surveysApi, type TResponsesQuery } from './surveys-api';

const PAGE_SIZE = 20;

/** A survey's answers: search by email, a date range (JST days), paging, details, CSV. */
export function SurveyResponses({ surveyId, onBack }: { surveyId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [query, setQuery] = useState<TResponsesQuery>({ page: 1, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<TSurveyResponseSummary | null>(null);
  const survey = useQuery({
    queryKey: surveyKeys.detail(surveyId),
    queryFn: ({ signal }) => surveysApi.get(surveyId, { signal }),
  });
  const search = useListKeyword(
    query.keyword,
    (keyword) => setQuery((q) => ({ ...q, keyword, page: 1 })),
    100,
  );
  const list = useQuery({
    queryKey: surveyKeys.responses(surveyId, query),
    queryFn: ({ signal }) => surveysApi.responses(surveyId, query, { signal }),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () =>
      surveysApi.exportCsv(surveyId, { keyword: query.keyword, from: query.from, to: query.to }),
    onError: (error) =>
      notifyError(error instanceof ApiError ? error.message : t('surveys.responses.exportFailed')),
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.meta?.total ?? 0;
  const filtered = Boolean(query.keyword || query.from || query.to);
  const when = (iso: string) => formatJstDateTime(iso, i18n.language);
  const setDay = (key: 'from' | 'to', value: string) =>
    setQuery((q) => ({ ...q, [key]: value || undefined, page: 1 }));
  const clear = () => {
    search.clear();
    setQuery({ page: 1, pageSize: PAGE_SIZE });
  };

  return (
    <Stack gap="lg" data-testid="survey-responses">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<IconArrowLeft size={16} />}
          onClick={onBack}
          data-testid="survey-responses-back"
        >
          {t('surveys.responses.back')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} stroke={1.7} />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid="survey-export"
        >
          {t('surveys.responses.export')}
        </Button>
      </Group>
      <Text
        component="h2"
        fw={650}
        fz="lg"
        m={0}
        className="break-anywhere"
        data-testid="survey-responses-title"
      >
        {t('surveys.responses.title', { name: survey.data?.data.name ?? '…' })}
      </Text>

      <Card p={0}>
        <Box p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ListSearchInput
              text={search.text}
              setText={search.setText}
              style={{ flex: '3 1 240px' }}
              label={t('surveys.responses.search')}
              placeholder={t('surveys.responses.searchPlaceholder')}
              clearLabel={t('surveys.responses.clearSearch')}
              maxLength={100}
              testId="survey-response-search"
            />
            <TextInput
              size="sm"
              type="date"
              label={t('surveys.responses.from')}
              value={query.from ?? ''}
              max={query.to}
              onChange={(e) => setDay('from', e.currentTarget.value)}
              style={{ flex: '1 1 150px' }}
              data-testid="survey-response-from"
            />
            <TextInput
              size="sm"
              type="date"
              label={t('surveys.responses.to')}
              value={query.to ?? ''}
              min={query.from}
              onChange={(e) => setDay('to', e.currentTarget.value)}
              style={{ flex: '1 1 150px' }}
              data-testid="survey-response-to"
            />
            {filtered && (
              <Button
                size="sm"
                variant="subtle"
                color="gray"
                leftSection={<IconFilterOff size={16} />}
                onClick={clear}
              >
                {t('surveys.responses.clearFilters')}
              </Button>
            )}
          </Group>
        </Box>

        {list.isPending ? (
          <Stack p="md" gap="sm">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={36} radius="sm" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py={48} data-testid="survey-responses-empty">
            {filtered ? t('surveys.responses.emptyFiltered') : t('surveys.responses.empty')}
          </Text>
        ) : (
          <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            {phone ? (
              <Stack gap={0}>
                {rows.map((r) => (
                  <UnstyledButton
                    key={r.id}
                    onClick={() => setOpen(r)}
                    p="md"
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    data-testid="survey-response-row"
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={2} miw={0}>
                        <Text size="sm" fw={500} className="break-anywhere">
                          {r.email}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {when(r.createdAt)} · {r.lang}
                        </Text>
                      </Stack>
                      <Badge variant="light" radius="sm" size="lg" style={{ flexShrink: 0 }}>
                        {r.totalScore}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            ) : (
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('surveys.responses.columns.date')}</Table.Th>
                    <Table.Th>{t('surveys.responses.columns.email')}</Table.Th>
                    <Table.Th>{t('surveys.responses.columns.language')}</Table.Th>
                    <Table.Th ta="right">{t('surveys.responses.columns.score')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr
                      key={r.id}
                      onClick={() => setOpen(r)}
                      style={{ cursor: 'pointer' }}
                      data-testid="survey-response-row"
                    >
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</Table.Td>
                      <Table.Td>
                        <UnstyledButton
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(r);
                          }}
                          className="break-anywhere"
                          fz="sm"
                          c="brand.7"
                          fw={500}
                        >
                          {r.email}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{t(`surveys.languages.${r.lang}`)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {r.totalScore}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Box>
        )}

        {total > 0 && (
          <ListFooter
            page={query.page}
            pageSize={query.pageSize}
            total={total}
            compact={phone}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            testId="survey-responses"
          />
        )}
      </Card>

      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size={phone ? '100%' : 'md'}
        title={<Text fw={650}>{t('surveys.responses.detail')}</Text>}
      >
        {open && (
          <Stack gap="md" data-testid="survey-response-detail">
            <Stack gap={2}>
              <Text fw={600} className="break-anywhere">
                {open.email}
              </Text>
              <Text size="sm" c="dimmed">
                {when(open.createdAt)} · {t(`surveys.languages.${open.lang}`)}
              </Text>
            </Stack>
            <Group justify="space-between" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
              <Text size="sm" fw={500}>
                {t('surveys.responses.total')}
              </Text>
              <Text fw={700} fz="lg" data-testid="survey-response-score">
                {open.totalScore}
              </Text>
            </Group>
            <Divider />
            {open.answers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('surveys.responses.noAnswer')}
              </Text>
            )}
            {open.answers.map((a, i) => (
              <Stack key={`${a.questionId}-${i}`} gap={4}>
                <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={600} className="break-anywhere">
                    {a.question}
                  </Text>
                  <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                    {t('surveys.responses.points', { points: a.points })}
                  </Badge>
                </Group>
                <Text size="sm" className="break-anywhere" style={{ whiteSpace: 'pre-wrap' }}>
                  {a.answers.join(' / ') || t('surveys.responses.noAnswer')}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}
