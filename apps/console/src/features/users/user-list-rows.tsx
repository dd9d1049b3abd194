import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { TUserListItem } from '@swipe/contracts/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatShortDate } from '../../app/format';
import type { TListColumn, TListRowsDef } from '../../app/list-rows';
import { KindBadge, Muted, StatusBadge } from './users-ui';

// The rows of the user list, by their columns: a sortable table on wide screens, cards on phones.

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

/** The user list's columns, for its sortable table (wide cards) and its cards (phones). */
export function useUserRows(hrefOf: (row: TUserListItem) => string): TListRowsDef<TUserListItem> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: TListColumn<TUserListItem>[] = [
    {
      key: 'company',
      header: t('users.list.columns.company'),
      sort: 'companyName',
      cell: (row) => (
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
      ),
      cardCell: (row) => (
        <Text fw={600} size="sm" c="brand.7" className="break-anywhere">
          {row.companyName}
        </Text>
      ),
      miw: 200,
      maw: 280,
      card: 'title',
    },
    {
      key: 'contact',
      header: t('users.list.columns.contact'),
      sort: 'email',
      cell: (row) => (
        <>
          <Text size="sm" className="break-anywhere">
            {row.contactName}
          </Text>
          <Text size="xs" c="dimmed" className="break-anywhere">
            {row.email}
          </Text>
        </>
      ),
      cardCell: (row) => `${row.contactName} · ${row.email}`,
      miw: 200,
      maw: 260,
      card: 'subtitle',
    },
    {
      key: 'plan',
      header: t('users.list.columns.plan'),
      sort: 'plan',
      cell: (row) => <PlanCell row={row} />,
      miw: 120,
    },
    {
      key: 'status',
      header: t('users.list.columns.status'),
      cell: (row) => <StatusBadge status={row.contract?.status} />,
      miw: 124,
      nowrap: true,
      card: 'aside',
    },
    {
      key: 'kind',
      header: t('users.list.columns.company'),
      cell: (row) => <KindBadge kind={row.kind} />,
      cardOnly: true,
      card: 'badge',
    },
    {
      key: 'contract',
      header: t('users.list.columns.plan'),
      cell: (row) =>
        row.contract &&
        `${row.contract.planName} · ${t('users.list.until', { date: formatDate(row.contract.endDate, lang) })}`,
      cardOnly: true,
      card: 'meta',
    },
    {
      key: 'expiry',
      header: t('users.list.columns.expiry'),
      sort: 'contractEnd',
      cell: (row) =>
        row.contract ? (
          <>
            <Text size="sm">{formatShortDate(row.contract.endDate, lang)}</Text>
            <Text size="xs" c="dimmed">
              {t('users.list.since', { date: formatShortDate(row.contract.startDate, lang) })}
            </Text>
          </>
        ) : (
          <Muted>—</Muted>
        ),
      nowrap: true,
    },
    {
      key: 'created',
      header: t('users.list.columns.created'),
      sort: 'createdAt',
      cell: (row) => <Text size="sm">{formatShortDate(row.createdAt, lang)}</Text>,
      nowrap: true,
    },
  ];
  return {
    columns,
    rowKey: (row) => row.id,
    rowTestId: 'user-row',
    rowAttrs: (row) => ({ 'data-email': row.email }),
    rowHref: hrefOf,
    scrollMinWidth: 860,
  };
}
