import { ActionIcon, Anchor, Box, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TMemberSummary, TSubmissionSummary } from '@swipe/contracts/submissions';
import { IconListDetails, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatJstDateTime } from '../../app/format';
import { ListCards, ListTable } from '../../app/list-page';
import { WriteIcon } from '../../app/write-control';
import { LanguageCodes } from '../sites/sites-ui';
import { AnswerPreview, JstTime, MemberStatusBadge } from './submission-ui';

// The rows of the member, contact and form lists: a table on wide screens, cards on phones
// (like the site list), each opening the detail with every answer.

type TWrite = { locked: boolean; reason: string };

type TMemberRowsProps = {
  rows: TMemberSummary[];
  write: TWrite;
  onOpen: (row: TMemberSummary) => void;
  onDelete: (row: TMemberSummary) => void;
};

type TSubmissionRowsProps = {
  rows: TSubmissionSummary[];
  onOpen: (row: TSubmissionSummary) => void;
};

/** The email as the button that opens the detail (the row's name, for readers too). */
function EmailButton({ email, onClick }: { email: string; onClick: () => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ta="left"
      className="break-anywhere"
      onClick={onClick}
      data-testid="row-email"
    >
      {email}
    </Anchor>
  );
}

function DetailsIcon({ email, onClick }: { email: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('submissions.details')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={30}
        onClick={onClick}
        aria-label={t('submissions.detailsOf', { email })}
        data-testid="row-details"
      >
        <IconListDetails size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The same, labelled, on a phone's card. */
function DetailsButton({ email, onClick }: { email: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconListDetails size={15} stroke={1.7} />}
      onClick={onClick}
      aria-label={t('submissions.detailsOf', { email })}
      data-testid="row-details"
    >
      {t('submissions.details')}
    </Button>
  );
}

function DeleteMemberIcon({
  row,
  write,
  onDelete,
  size = 30,
}: {
  row: TMemberSummary;
  write: TWrite;
  onDelete: (row: TMemberSummary) => void;
  size?: number;
}) {
  const { t } = useTranslation();
  return (
    <WriteIcon
      locked={write.locked}
      reason={write.reason}
      label={t('submissions.delete.action')}
      variant="subtle"
      color="red"
      size={size}
      bg={write.locked ? 'transparent' : undefined}
      onClick={() => onDelete(row)}
      data-testid="member-delete"
    >
      <IconTrash size={18} stroke={1.7} />
    </WriteIcon>
  );
}

export function MembersTable({ rows, write, onOpen, onDelete }: TMemberRowsProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      minWidth={860}
      head={
        <>
          <Table.Th>
            {t('submissions.columns.email')}
            <Text span inherit c="dimmed" fw={500}>
              {' / '}
              {t('submissions.columns.answers')}
            </Text>
          </Table.Th>
          <Table.Th>{t('submissions.columns.status')}</Table.Th>
          <Table.Th>{t('submissions.columns.language')}</Table.Th>
          <Table.Th>{t('submissions.columns.registered')}</Table.Th>
          <Table.Th>
            {t('submissions.columns.confirmed')}
            <Text span inherit c="dimmed" fw={500}>
              {' / '}
              {t('submissions.columns.lastLogin')}
            </Text>
          </Table.Th>
          <Table.Th ta="right">{t('submissions.columns.actions')}</Table.Th>
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="submission-row" data-email={row.email} data-id={row.id}>
          <Table.Td miw={220} maw={340}>
            <Stack gap={4} align="flex-start">
              <EmailButton email={row.email} onClick={() => onOpen(row)} />
              <AnswerPreview data={row.data} max={1} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <MemberStatusBadge status={row.status} />
          </Table.Td>
          <Table.Td>
            <LanguageCodes languages={[row.lang]} />
          </Table.Td>
          <Table.Td>
            <JstTime iso={row.createdAt} />
          </Table.Td>
          <Table.Td>
            <JstTime iso={row.confirmedAt} empty={t('submissions.notYet')} />
            <JstTime iso={row.lastLoginAt} empty={t('submissions.never')} size="xs" />
          </Table.Td>
          <Table.Td>
            <Group gap={2} wrap="nowrap" justify="flex-end">
              <DetailsIcon email={row.email} onClick={() => onOpen(row)} />
              <DeleteMemberIcon row={row} write={write} onDelete={onDelete} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export function MembersCards({ rows, write, onOpen, onDelete }: TMemberRowsProps) {
  const { t, i18n } = useTranslation();
  return (
    <ListCards>
      {rows.map((row) => (
        <Box key={row.id} p="md" data-testid="submission-row" data-email={row.email} data-id={row.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <EmailButton email={row.email} onClick={() => onOpen(row)} />
              <Text size="xs" c="dimmed">
                {[
                  row.lang,
                  t('submissions.registeredOn', { date: formatJstDateTime(row.createdAt, i18n.language) }),
                ].join(' · ')}
              </Text>
            </Stack>
            <MemberStatusBadge status={row.status} />
          </Group>
          <Box mt={8}>
            <AnswerPreview data={row.data} />
          </Box>
          <Group mt="sm" gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed">
              {row.lastLoginAt
                ? t('submissions.lastLoginOn', { date: formatJstDateTime(row.lastLoginAt, i18n.language) })
                : ''}
            </Text>
            <Group gap={6} wrap="nowrap">
              <DetailsButton email={row.email} onClick={() => onOpen(row)} />
              <DeleteMemberIcon row={row} write={write} onDelete={onDelete} size={28} />
            </Group>
          </Group>
        </Box>
      ))}
    </ListCards>
  );
}

export function SubmissionsTable({ rows, onOpen }: TSubmissionRowsProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      minWidth={860}
      head={
        <>
          <Table.Th>{t('submissions.columns.received')}</Table.Th>
          <Table.Th>
            {t('submissions.columns.email')}
            <Text span inherit c="dimmed" fw={500}>
              {' / '}
              {t('submissions.columns.company')}
            </Text>
          </Table.Th>
          <Table.Th>{t('submissions.columns.language')}</Table.Th>
          <Table.Th>{t('submissions.columns.answers')}</Table.Th>
          <Table.Th ta="right">{t('submissions.columns.actions')}</Table.Th>
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="submission-row" data-email={row.email} data-id={row.id}>
          <Table.Td style={{ verticalAlign: 'top' }}>
            <JstTime iso={row.createdAt} />
          </Table.Td>
          <Table.Td miw={180} maw={280} style={{ verticalAlign: 'top' }}>
            <Stack gap={2} align="flex-start">
              <EmailButton email={row.email} onClick={() => onOpen(row)} />
              {row.companyName && (
                <Text size="xs" c="dimmed" className="break-anywhere" data-testid="row-company">
                  {row.companyName}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td style={{ verticalAlign: 'top' }}>
            <LanguageCodes languages={[row.lang]} />
          </Table.Td>
          <Table.Td miw={240} maw={420} style={{ verticalAlign: 'top' }}>
            <AnswerPreview data={row.data} skip={row.companyName} />
          </Table.Td>
          <Table.Td style={{ verticalAlign: 'top' }}>
            <Group gap={2} wrap="nowrap" justify="flex-end">
              <DetailsIcon email={row.email} onClick={() => onOpen(row)} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export function SubmissionsCards({ rows, onOpen }: TSubmissionRowsProps) {
  const { i18n } = useTranslation();
  return (
    <ListCards>
      {rows.map((row) => (
        <Box key={row.id} p="md" data-testid="submission-row" data-email={row.email} data-id={row.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <EmailButton email={row.email} onClick={() => onOpen(row)} />
              <Text size="xs" c="dimmed" className="break-anywhere">
                {[row.companyName, row.lang].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatJstDateTime(row.createdAt, i18n.language)}
            </Text>
          </Group>
          <Box mt={8}>
            <AnswerPreview data={row.data} skip={row.companyName} />
          </Box>
          <Group mt="sm" justify="flex-end">
            <DetailsButton email={row.email} onClick={() => onOpen(row)} />
          </Group>
        </Box>
      ))}
    </ListCards>
  );
}
