import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TMemberSummary, TSubmissionSummary } from '@swipe/contracts/submissions';
import { IconListDetails, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatJstDateTime } from '../../app/format';
import type { TListColumn, TListRowsDef } from '../../app/list-rows';
import { WriteIcon } from '../../app/write-control';
import { LanguageCodes } from '../sites/sites-ui';
import { AnswerPreview, JstTime, MemberStatusBadge } from './submission-ui';

// The rows of the member, contact and form lists, by their columns: a table on wide screens, cards on phones
// (like the site list), each opening the detail with every answer.

type TWrite = { locked: boolean; reason: string };

type TMemberRowsProps = {
  write: TWrite;
  onOpen: (row: TMemberSummary) => void;
  onDelete: (row: TMemberSummary) => void;
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

/** The member list's columns, for its table (wide cards) and its cards (phones). */
export function useMemberRows({ write, onOpen, onDelete }: TMemberRowsProps): TListRowsDef<TMemberSummary> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: TListColumn<TMemberSummary>[] = [
    {
      key: 'email',
      header: t('submissions.columns.email'),
      headerNote: t('submissions.columns.answers'),
      cell: (row) => (
        <Stack gap={4} align="flex-start">
          <EmailButton email={row.email} onClick={() => onOpen(row)} />
          <AnswerPreview data={row.data} max={1} />
        </Stack>
      ),
      cardCell: (row) => <EmailButton email={row.email} onClick={() => onOpen(row)} />,
      miw: 220,
      maw: 340,
      card: 'title',
    },
    {
      key: 'registeredLine',
      header: t('submissions.columns.registered'),
      cell: (row) =>
        [row.lang, t('submissions.registeredOn', { date: formatJstDateTime(row.createdAt, lang) })].join(
          ' · ',
        ),
      cardOnly: true,
      card: 'subtitle',
    },
    {
      key: 'status',
      header: t('submissions.columns.status'),
      cell: (row) => <MemberStatusBadge status={row.status} />,
      card: 'aside',
    },
    {
      key: 'answers',
      header: t('submissions.columns.answers'),
      cell: (row) => <AnswerPreview data={row.data} />,
      cardOnly: true,
      card: 'body',
    },
    {
      key: 'language',
      header: t('submissions.columns.language'),
      cell: (row) => <LanguageCodes languages={[row.lang]} />,
    },
    {
      key: 'registered',
      header: t('submissions.columns.registered'),
      cell: (row) => <JstTime iso={row.createdAt} />,
    },
    {
      key: 'confirmed',
      header: t('submissions.columns.confirmed'),
      headerNote: t('submissions.columns.lastLogin'),
      cell: (row) => (
        <>
          <JstTime iso={row.confirmedAt} empty={t('submissions.notYet')} />
          <JstTime iso={row.lastLoginAt} empty={t('submissions.never')} size="xs" />
        </>
      ),
      cardCell: (row) =>
        row.lastLoginAt && t('submissions.lastLoginOn', { date: formatJstDateTime(row.lastLoginAt, lang) }),
      card: 'meta',
    },
    {
      key: 'actions',
      header: t('submissions.columns.actions'),
      cell: (row) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <DetailsIcon email={row.email} onClick={() => onOpen(row)} />
          <DeleteMemberIcon row={row} write={write} onDelete={onDelete} />
        </Group>
      ),
      cardCell: (row) => (
        <>
          <DetailsButton email={row.email} onClick={() => onOpen(row)} />
          <DeleteMemberIcon row={row} write={write} onDelete={onDelete} size={28} />
        </>
      ),
      align: 'right',
      card: 'actions',
    },
  ];
  return { columns, ...SUBMISSION_ROW, scrollMinWidth: 860 };
}

/** The contact and form lists' columns, for their tables (wide cards) and cards (phones). */
export function useSubmissionRows(
  onOpen: (row: TSubmissionSummary) => void,
): TListRowsDef<TSubmissionSummary> {
  const { t, i18n } = useTranslation();
  const columns: TListColumn<TSubmissionSummary>[] = [
    {
      key: 'received',
      header: t('submissions.columns.received'),
      cell: (row) => <JstTime iso={row.createdAt} />,
      cardCell: (row) => (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatJstDateTime(row.createdAt, i18n.language)}
        </Text>
      ),
      card: 'aside',
    },
    {
      key: 'email',
      header: t('submissions.columns.email'),
      headerNote: t('submissions.columns.company'),
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <EmailButton email={row.email} onClick={() => onOpen(row)} />
          {row.companyName && (
            <Text size="xs" c="dimmed" className="break-anywhere" data-testid="row-company">
              {row.companyName}
            </Text>
          )}
        </Stack>
      ),
      cardCell: (row) => <EmailButton email={row.email} onClick={() => onOpen(row)} />,
      miw: 180,
      maw: 280,
      card: 'title',
    },
    {
      key: 'companyLine',
      header: t('submissions.columns.company'),
      cell: (row) => [row.companyName, row.lang].filter(Boolean).join(' · '),
      cardOnly: true,
      card: 'subtitle',
    },
    {
      key: 'language',
      header: t('submissions.columns.language'),
      cell: (row) => <LanguageCodes languages={[row.lang]} />,
    },
    {
      key: 'answers',
      header: t('submissions.columns.answers'),
      cell: (row) => <AnswerPreview data={row.data} skip={row.companyName} />,
      miw: 240,
      maw: 420,
      card: 'body',
    },
    {
      key: 'actions',
      header: t('submissions.columns.actions'),
      cell: (row) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <DetailsIcon email={row.email} onClick={() => onOpen(row)} />
        </Group>
      ),
      cardCell: (row) => <DetailsButton email={row.email} onClick={() => onOpen(row)} />,
      align: 'right',
      card: 'actions',
    },
  ];
  return { columns, ...SUBMISSION_ROW, scrollMinWidth: 860, alignTop: true };
}

/** What every submission row carries, table row or card. */
const SUBMISSION_ROW = {
  rowKey: (row: { id: string }) => row.id,
  rowTestId: 'submission-row',
  rowAttrs: (row: { id: string; email: string }) => ({ 'data-email': row.email, 'data-id': row.id }),
};
