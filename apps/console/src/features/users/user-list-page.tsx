import { Stack } from '@mantine/core';
import { CONTRACT_STATUSES } from '@swipe/contracts/roles';
import {
  creatableKinds,
  type TUserListItem,
  USER_KINDS,
  USER_PLAN_FILTERS,
  USER_SORTS,
} from '@swipe/contracts/users';
import { IconFileImport, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv } from '../../app/csv-download';
import { ListSelectFilter } from '../../app/list-controls';
import { ListExportButton, ListPage } from '../../app/list-page';
import { PageHeading } from '../../app/page-heading';
import { useListQuery, withoutPaging } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { userListQuery } from './user-list-query';
import { useUserRows } from './user-list-rows';
import { usersApi } from './users-api';

/** /{prefix}/user-list: the users of the caller's subtree, filtered, sorted and paged. */
export function UserListPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.list.title'));
  const { user, prefix } = useShell();
  const { locked, reason } = useWriteAccess();

  const list = useListQuery(userListQuery, {
    queryKey: (query) => ['users', 'list', query],
    queryFn: (query, signal) => usersApi.list(query, { signal }),
  });

  const ownAccount = useQuery({
    queryKey: ['accounts', user.accountId],
    queryFn: ({ signal }) => usersApi.account(user.accountId, { signal, toast: false }),
    staleTime: 5 * 60_000,
  });
  const kinds = ownAccount.data ? creatableKinds(user.actingRole, ownAccount.data.data.type) : [];
  const hrefOf = (row: TUserListItem) => `/${prefix}/user/${row.id}`;
  const userRows = useUserRows(hrefOf);
  const select = <V extends string>(values: readonly V[], label: (value: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <Stack gap="lg" data-testid="user-list-page">
      <PageHeading
        title={t('users.list.title')}
        subtitle={t('users.list.subtitle')}
        actions={
          <>
            <ListExportButton
              onExport={() => downloadCsv('/api/users/export', withoutPaging(list.query), 'users.csv')}
              testId="user-export"
            />
            <WriteButton
              locked={locked}
              reason={reason}
              variant="default"
              component={Link}
              to={`/${prefix}/user-import`}
              leftSection={<IconFileImport size={18} stroke={1.7} />}
              data-testid="user-import-link"
            >
              {t('users.list.import')}
            </WriteButton>
            {kinds.length > 0 && (
              <WriteButton
                locked={locked}
                reason={reason}
                component={Link}
                to={`/${prefix}/create-user/${user.accountId}`}
                leftSection={<IconUserPlus size={18} stroke={1.7} />}
                data-testid="user-create"
              >
                {t('users.list.create')}
              </WriteButton>
            )}
          </>
        }
      />

      <ListPage
        list={list}
        testId="user"
        searchPlaceholder={t('users.list.searchPlaceholder')}
        filters={
          <>
            <ListSelectFilter
              label={t('users.list.plan')}
              allLabel={t('users.list.allPlans')}
              value={list.query.plan}
              options={select(USER_PLAN_FILTERS, (p) => t(`users.planFilters.${p}`))}
              onChange={(plan) => list.update({ plan })}
              testId="filter-plan"
            />
            <ListSelectFilter
              label={t('users.list.status')}
              allLabel={t('users.list.allStatuses')}
              value={list.query.status}
              options={select(CONTRACT_STATUSES, (s) => t(`users.status.${s}`))}
              onChange={(status) => list.update({ status })}
              testId="filter-status"
            />
            <ListSelectFilter
              label={t('users.list.kind')}
              allLabel={t('users.list.allKinds')}
              value={list.query.kind}
              options={select(USER_KINDS, (k) => t(`users.kind.${k}`))}
              onChange={(kind) => list.update({ kind })}
              testId="filter-kind"
            />
          </>
        }
        sorts={select(USER_SORTS, (s) => t(`users.list.sorts.${s}`))}
        rows={userRows}
        empty={{
          icon: <IconUsers size={26} stroke={1.5} />,
          title: t('users.list.emptyTitle'),
          body: t('users.list.emptyBody'),
        }}
        noMatch={{ title: t('users.list.emptyFilteredTitle'), body: t('users.list.emptyFilteredBody') }}
        testIds={{ clearFilters: 'filter-clear', noMatch: 'user-list-empty' }}
      />
    </Stack>
  );
}
