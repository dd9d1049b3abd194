import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import type { TSurveySummary } from '@swipe/contracts/surveys';
import {
  IconClipboardList,
  IconEye,
  IconMessages,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJstDateTime } from '../../app/format';
import { QueryList } from '../../app/list-page';
import type { TListColumn } from '../../app/list-rows';
import { StatusDot } from '../../app/status-dot';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { SurveyDeleteModal } from './survey-delete-modal';
import { surveyKeys, surveysApi } from './surveys-api';

/**
 * The surveys of one site: a table (cards on a phone) with their state, question and answer
 * counts, and the way to their answers, the builder and deleting one (confirmed in a modal).
 */
export function SurveyList({
  siteId,
  write,
  onCreate,
  onEdit,
  onResponses,
}: {
  siteId: string;
  write: { locked: boolean; reason: string };
  onCreate: () => void;
  onEdit: (id: string) => void;
  onResponses: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useQuery({
    queryKey: surveyKeys.list(siteId),
    queryFn: ({ signal }) => surveysApi.list(siteId, { signal }),
  });
  const [deleting, setDeleting] = useState<TSurveySummary | null>(null);
  // Japan time, like the answers and their date filter.
  const when = (iso: string) => formatJstDateTime(iso, i18n.language);

  const createButton = (
    <WriteButton
      locked={write.locked}
      reason={write.reason}
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={onCreate}
      data-testid="survey-create"
    >
      {t('surveys.create')}
    </WriteButton>
  );

  const actions = (s: TSurveySummary) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('surveys.actions.responses')} withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={t('surveys.actions.responses')}
          onClick={() => onResponses(s.id)}
          data-testid="survey-responses-open"
        >
          <IconMessages size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={write.locked ? t('surveys.actions.view') : t('surveys.actions.edit')} withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={write.locked ? t('surveys.actions.view') : t('surveys.actions.edit')}
          onClick={() => onEdit(s.id)}
          data-testid="survey-edit"
        >
          {write.locked ? <IconEye size={18} /> : <IconPencil size={18} />}
        </ActionIcon>
      </Tooltip>
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={t('surveys.actions.delete')}
        variant="subtle"
        color="red"
        onClick={() => setDeleting(s)}
        data-testid="survey-delete"
      >
        <IconTrash size={18} />
      </WriteIcon>
    </Group>
  );

  const columns: TListColumn<TSurveySummary>[] = [
    {
      key: 'name',
      header: t('surveys.columns.name'),
      cell: (s) => (
        <Text size="sm" fw={600} className="break-anywhere">
          {s.name}
        </Text>
      ),
      maw: 360,
      testId: 'survey-row-name',
      card: 'title',
    },
    {
      key: 'status',
      header: t('surveys.columns.status'),
      cell: (s) => <OpenBadge open={s.isOpen} />,
      card: 'badge',
    },
    { key: 'questions', header: t('surveys.columns.questions'), cell: (s) => s.questions, align: 'right' },
    {
      key: 'responses',
      header: t('surveys.columns.responses'),
      cell: (s) => (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onResponses(s.id)}
          data-testid="survey-row-responses"
        >
          {s.responses}
        </Button>
      ),
      align: 'right',
    },
    {
      key: 'counts',
      header: t('surveys.columns.responses'),
      cell: (s) =>
        `${t('surveys.count.questions', { count: s.questions })} · ${t('surveys.count.responses', { count: s.responses })}`,
      cardOnly: true,
      card: 'meta',
    },
    {
      key: 'updated',
      header: t('surveys.columns.updated'),
      cell: (s) => (
        <Text size="sm" c="dimmed">
          {when(s.updatedAt)}
        </Text>
      ),
      cardCell: (s) => when(s.updatedAt),
      nowrap: true,
      card: 'meta',
    },
    {
      key: 'actions',
      header: t('surveys.columns.actions'),
      cell: actions,
      align: 'right',
      card: 'actions',
    },
  ];

  return (
    <QueryList
      result={list}
      rows={{ columns, rowKey: (s) => s.id, rowTestId: 'survey-row' }}
      testId="surveys"
      count={(count) => t('surveys.count.surveys', { count })}
      action={createButton}
      loadFailed={t('surveys.loadFailed')}
      retry={t('surveys.retry')}
      empty={{
        icon: <IconClipboardList size={26} stroke={1.5} />,
        title: t('surveys.empty.title'),
        body: write.locked ? t('surveys.empty.viewer') : t('surveys.empty.body'),
        action: write.locked ? undefined : createButton,
      }}
    >
      <SurveyDeleteModal survey={deleting} siteId={siteId} onClose={() => setDeleting(null)} />
    </QueryList>
  );
}

function OpenBadge({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const color = open ? 'teal' : 'gray';
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<StatusDot color={color} />}
      style={{ flexShrink: 0 }}
      data-testid="survey-status"
      data-open={open}
    >
      {open ? t('surveys.status.open') : t('surveys.status.closed')}
    </Badge>
  );
}
