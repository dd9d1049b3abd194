import { Anchor, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { TUserListItem } from '@swipe/contracts/users';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatShortDate } from '../../app/format';
import { ListSortHeader, type TSortableList } from '../../app/list-controls';
import { ListCards, ListTable } from '../../app/list-page';
import { KindBadge, Muted, StatusBadge } from './users-ui';

// The rows of the user list: a sortable table on wide screens, cards on phones.

function PlanCell({ row }: { row: TUserListItem }) {
  const { t } = useTranslation();
  if (!row.contract) return <Muted>{t('users.detail.noContract')}</Muted>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {row.contract.planName}
      </Text>
      {row.contract.pendingPlan && (
        <Text size="xs" c="orange.8">
          {t('users.detail.pendingShort', { plan: row.contract.pendingPlan.planName })}
        </Text>
      )}
    </Stack>
  );
}

export function UsersTable({
  rows,
  list,
  hrefOf,
}: {
  rows: TUserListItem[];
  list: TSortableList;
  hrefOf: (row: TUserListItem) => string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <ListTable
      minWidth={860}
      head={
        <>
          <ListSortHeader list={list} column="companyName" label={t('users.list.columns.company')} />
          <ListSortHeader list={list} column="email" label={t('users.list.columns.contact')} />
          <ListSortHeader list={list} column="plan" label={t('users.list.columns.plan')} />
          <Table.Th>{t('users.list.columns.status')}</Table.Th>
          <ListSortHeader list={list} column="contractEnd" label={t('users.list.columns.expiry')} />
          <ListSortHeader list={list} column="createdAt" label={t('users.list.columns.created')} />
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr
          key={row.id}
          data-testid="user-row"
          data-email={row.email}
          style={{ cursor: 'pointer' }}
          onClick={(e) => {
            // The link itself navigates; a click elsewhere on the row does the same.
            if ((e.target as HTMLElement).closest('a')) return;
            void navigate(hrefOf(row));
          }}
        >
          <Table.Td miw={200} maw={280}>
            <Stack gap={4} align="flex-start">
              <Anchor component={Link} to={hrefOf(row)} fw={600} size="sm" className="break-anywhere">
                {row.companyName}
              </Anchor>
              <Group gap={6} wrap="wrap">
                <KindBadge kind={row.kind} />
                {row.accountType === 'COMPANY' && row.parentAccountName && (
                  <Text size="xs" c="dimmed" className="break-anywhere">
                    {t('users.list.under', { name: row.parentAccountName })}
                  </Text>
                )}
              </Group>
            </Stack>
          </Table.Td>
          <Table.Td miw={200} maw={260}>
            <Text size="sm" className="break-anywhere">
              {row.contactName}
            </Text>
            <Text size="xs" c="dimmed" className="break-anywhere">
              {row.email}
            </Text>
          </Table.Td>
          <Table.Td miw={120}>
            <PlanCell row={row} />
          </Table.Td>
          <Table.Td miw={124} style={{ whiteSpace: 'nowrap' }}>
            <StatusBadge status={row.contract?.status} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {row.contract ? (
              <>
                <Text size="sm">{formatShortDate(row.contract.endDate, i18n.language)}</Text>
                <Text size="xs" c="dimmed">
                  {t('users.list.since', {
                    date: formatShortDate(row.contract.startDate, i18n.language),
                  })}
                </Text>
              </>
            ) : (
              <Muted>—</Muted>
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{formatShortDate(row.createdAt, i18n.language)}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Phones get one card per user instead of a table nobody can read at 390 px. */
export function UsersCards({
  rows,
  hrefOf,
}: {
  rows: TUserListItem[];
  hrefOf: (row: TUserListItem) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ListCards>
      {rows.map((row) => (
        <UnstyledButton
          key={row.id}
          component={Link}
          to={hrefOf(row)}
          data-testid="user-row"
          data-email={row.email}
          p="md"
          style={{ display: 'block' }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm" c="brand.7" className="break-anywhere">
                {row.companyName}
              </Text>
              <Text size="xs" c="dimmed" className="break-anywhere">
                {row.contactName} · {row.email}
              </Text>
            </Stack>
            <StatusBadge status={row.contract?.status} />
          </Group>
          <Group gap="xs" mt={8} wrap="wrap">
            <KindBadge kind={row.kind} />
            {row.contract && (
              <Text size="xs" c="dimmed">
                {row.contract.planName} ·{' '}
                {t('users.list.until', { date: formatDate(row.contract.endDate, i18n.language) })}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      ))}
    </ListCards>
  );
}
