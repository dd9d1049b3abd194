import { Badge, Button, Divider, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TSurveyResponseSummary } from '@swipe/contracts/surveys';
import { IconArrowLeft, IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJstDateTime } from '../../app/format';
import { ListDateRange } from '../../app/list-controls';
import { ListExportButton, ListPage, PHONE_MEDIA } from '../../app/list-page';
import type { TListRowsDef } from '../../app/list-rows';
import { useListQuery, withoutPaging } from '../../app/use-list-query';
import { responsesListQuery, surveyKeys, surveysApi } from './surveys-api';

/**
 * A survey's answers: search by email, a date range (JST days) and paging, all kept in the
 * address beside ?responses=<id>; each row opens its details; CSV of the filtered answers.
 */
export function SurveyResponses({ surveyId, onBack }: { surveyId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_MEDIA);
  const [open, setOpen] = useState<TSurveyResponseSummary | null>(null);
  const survey = useQuery({
    queryKey: surveyKeys.detail(surveyId),
    queryFn: ({ signal }) => surveysApi.get(surveyId, { signal }),
  });
  const list = useListQuery(responsesListQuery, {
    queryKey: (query) => surveyKeys.responses(surveyId, query),
    queryFn: (query, signal) => surveysApi.responses(surveyId, query, { signal }),
  });
  const when = (iso: string) => formatJstDateTime(iso, i18n.language);
  const responseRows: TListRowsDef<TSurveyResponseSummary> = {
    columns: [
      {
        key: 'date',
        header: t('surveys.responses.columns.date'),
        cell: (r) => when(r.createdAt),
        nowrap: true,
      },
      {
        key: 'email',
        header: t('surveys.responses.columns.email'),
        cell: (r) => (
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
        ),
        cardCell: (r) => (
          <Text size="sm" fw={500} className="break-anywhere">
            {r.email}
          </Text>
        ),
        card: 'title',
      },
      {
        key: 'sent',
        header: t('surveys.responses.columns.date'),
        cell: (r) => `${when(r.createdAt)} · ${r.lang}`,
        cardOnly: true,
        card: 'subtitle',
      },
      {
        key: 'language',
        header: t('surveys.responses.columns.language'),
        cell: (r) => t(`surveys.languages.${r.lang}`),
      },
      {
        key: 'score',
        header: t('surveys.responses.columns.score'),
        cell: (r) => (
          <Text span inherit fw={600}>
            {r.totalScore}
          </Text>
        ),
        cardCell: (r) => (
          <Badge variant="light" radius="sm" size="lg">
            {r.totalScore}
          </Badge>
        ),
        align: 'right',
        card: 'aside',
      },
    ],
    rowKey: (r) => r.id,
    rowTestId: 'survey-response-row',
    onRowClick: setOpen,
    scrollMinWidth: 560,
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
        <ListExportButton
          onExport={() => surveysApi.exportCsv(surveyId, withoutPaging(list.query))}
          testId="survey-export"
        />
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

      <ListPage
        list={list}
        testId="survey-response"
        searchPlaceholder={t('surveys.responses.searchPlaceholder')}
        filters={
          <ListDateRange
            from={list.query.from}
            to={list.query.to}
            onChange={(range) => list.update(range)}
            testId="survey-response"
          />
        }
        filterNote={t('list.datesJst')}
        rows={responseRows}
        empty={{
          icon: <IconMessageCircle size={26} stroke={1.5} />,
          title: t('surveys.responses.empty'),
          body: t('surveys.responses.emptyBody'),
        }}
        noMatch={{ title: t('surveys.responses.emptyFiltered'), body: t('list.noMatchBody') }}
      />

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
