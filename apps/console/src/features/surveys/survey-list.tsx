import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useQuery({
    queryKey: surveyKeys.list(siteId),
    queryFn: ({ signal }) => surveysApi.list(siteId, { signal }),
  });
  const [deleting, setDeleting] = useState<TSurveySummary | null>(null);
  const rows = list.data?.data ?? [];
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

  return (
    <Card p={0}>
      <Group justify="space-between" p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={600} component="h2" m={0} fz="md" data-testid="surveys-count">
          {list.data ? t('surveys.count.surveys', { count: rows.length }) : '\u00a0'}
        </Text>
        {rows.length > 0 && createButton}
      </Group>
      {list.isPending ? (
        <Stack p="md" gap="sm" data-testid="surveys-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} radius="sm" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Stack align="center" py={48} gap="xs">
          <Text c="dimmed">{t('surveys.loadFailed')}</Text>
          <Button variant="light" onClick={() => void list.refetch()}>
            {t('surveys.retry')}
          </Button>
        </Stack>
      ) : rows.length === 0 ? (
        <Stack align="center" py={56} px="md" gap="sm" data-testid="surveys-empty">
          <IconClipboardList size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
          <Text fw={600}>{t('surveys.empty.title')}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {write.locked ? t('surveys.empty.viewer') : t('surveys.empty.body')}
          </Text>
          {!write.locked && createButton}
        </Stack>
      ) : phone ? (
        <Stack gap={0}>
          {rows.map((s) => (
            <Box
              key={s.id}
              p="md"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="survey-row"
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={6} miw={0}>
                  <Text fw={600} className="break-anywhere" data-testid="survey-row-name">
                    {s.name}
                  </Text>
                  <OpenBadge open={s.isOpen} />
                  <Text size="xs" c="dimmed">
                    {t('surveys.count.questions', { count: s.questions })} ·{' '}
                    {t('surveys.count.responses', { count: s.responses })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when(s.updatedAt)}
                  </Text>
                </Stack>
                {actions(s)}
              </Group>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('surveys.columns.name')}</Table.Th>
              <Table.Th>{t('surveys.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('surveys.columns.questions')}</Table.Th>
              <Table.Th ta="right">{t('surveys.columns.responses')}</Table.Th>
              <Table.Th>{t('surveys.columns.updated')}</Table.Th>
              <Table.Th ta="right">{t('surveys.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.id} data-testid="survey-row">
                <Table.Td maw={360}>
                  <Text size="sm" fw={600} className="break-anywhere" data-testid="survey-row-name">
                    {s.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OpenBadge open={s.isOpen} />
                </Table.Td>
                <Table.Td ta="right">{s.questions}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onResponses(s.id)}
                    data-testid="survey-row-responses"
                  >
                    {s.responses}
                  </Button>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" c="dimmed">
                    {when(s.updatedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>{actions(s)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SurveyDeleteModal survey={deleting} siteId={siteId} onClose={() => setDeleting(null)} />
    </Card>
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
