import { Box, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CONTRACT_STATUSES } from '@swipe/contracts/roles';
import {
  creatableKinds,
  type TUserListItem,
  type TUserListQuery,
  USER_KINDS,
  USER_PLAN_FILTERS,
} from '@swipe/contracts/users';
import { IconDownload, IconFileImport, IconFilterOff, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { downloadCsv } from '../../app/csv-download';
import { ListFooter } from '../../app/list-footer';
import { ListSearchInput, useListKeyword } from '../../app/list-search';
import { notifyError } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { exportQueryOf, listQueryToParams, parseListQuery, toggleSort, withFilter } from './user-list-query';
import { EmptyState, ListSkeleton, type TSortKey, UsersCards, UsersTable } from './user-list-rows';
import { usersApi } from './users-api';

/** /{prefix}/user-list: the users of the caller's subtree, filtered, sorted and paged. */
export function UserListPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.list.title'));
  const { user, prefix } = useShell();
  const { locked, reason } = useWriteAccess();
  const phone = useMediaQuery('(max-width: 48em)');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(params), [params]);

  const update = (next: TUserListQuery, replace = false) =>
    setParams(listQueryToParams(next), { replace, preventScrollReset: true });

  const search = useListKeyword(query.keyword, (keyword) => update(withFilter(query, { keyword }), true));

  const list = useQuery({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => usersApi.list(query, { signal }),
    placeholderData: keepPreviousData,
  });

  const ownAccount = useQuery({
    queryKey: ['accounts', user.accountId],
    queryFn: ({ signal }) => usersApi.account(user.accountId, { signal, toast: false }),
    staleTime: 5 * 60_000,
  });
  const kinds = ownAccount.data ? creatableKinds(user.actingRole, ownAccount.data.data.type) : [];

  const exporting = useMutation({
    mutationFn: () => downloadCsv('/api/users/export', exportQueryOf(query), 'users.csv'),
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('users.list.exportFailed')),
  });

  const filtered = Boolean(query.keyword || query.plan || query.status || query.kind);
  const clearFilters = () => {
    search.clear();
    update(withFilter(query, { keyword: undefined, plan: undefined, status: undefined, kind: undefined }));
  };
  const rows = list.data?.data ?? [];
  const total = list.data?.meta?.total ?? 0;
  const hrefOf = (row: TUserListItem) => `/${prefix}/user/${row.id}`;

  const option = (value: string, label: string) => ({ value, label });

  return (
    <Stack gap="lg" data-testid="user-list-page">
      <PageHeading
        title={t('users.list.title')}
        subtitle={t('users.list.subtitle')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} stroke={1.7} />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="user-export"
            >
              {t('users.list.export')}
            </Button>
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

      <Card p={0}>
        <Box p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ListSearchInput
              text={search.text}
              setText={search.setText}
              style={{ flex: '2 1 240px' }}
              label={t('users.list.search')}
              placeholder={t('users.list.searchPlaceholder')}
              clearLabel={t('users.list.clearSearch')}
              testId="user-search"
            />
            <NativeSelect
              size="sm"
              style={{ flex: '1 1 150px' }}
              label={t('users.list.plan')}
              value={query.plan ?? ''}
              onChange={(e) =>
                update(
                  withFilter(query, { plan: (e.currentTarget.value || undefined) as TUserListQuery['plan'] }),
                )
              }
              data={[
                option('', t('users.list.allPlans')),
                ...USER_PLAN_FILTERS.map((p) => option(p, t(`users.planFilters.${p}`))),
              ]}
              data-testid="filter-plan"
            />
            <NativeSelect
              size="sm"
              style={{ flex: '1 1 150px' }}
              label={t('users.list.status')}
              value={query.status ?? ''}
              onChange={(e) =>
                update(
                  withFilter(query, {
                    status: (e.currentTarget.value || undefined) as TUserListQuery['status'],
                  }),
                )
              }
              data={[
                option('', t('users.list.allStatuses')),
                ...CONTRACT_STATUSES.map((s) => option(s, t(`users.status.${s}`))),
              ]}
              data-testid="filter-status"
            />
            <NativeSelect
              size="sm"
              style={{ flex: '1 1 170px' }}
              label={t('users.list.kind')}
              value={query.kind ?? ''}
              onChange={(e) =>
                update(
                  withFilter(query, { kind: (e.currentTarget.value || undefined) as TUserListQuery['kind'] }),
                )
              }
              data={[
                option('', t('users.list.allKinds')),
                ...USER_KINDS.map((k) => option(k, t(`users.kind.${k}`))),
              ]}
              data-testid="filter-kind"
            />
            {filtered && (
              <Button
                size="sm"
                variant="subtle"
                color="gray"
                leftSection={<IconFilterOff size={16} />}
                onClick={clearFilters}
                data-testid="filter-clear"
              >
                {t('users.list.clearFilters')}
              </Button>
            )}
          </Group>
          {phone && (
            <NativeSelect
              size="sm"
              mt="sm"
              label={t('users.list.sort')}
              value={`${query.sort}:${query.order}`}
              onChange={(e) => {
                const [sort, order] = e.currentTarget.value.split(':') as [TSortKey, 'asc' | 'desc'];
                update(withFilter(query, { sort, order }));
              }}
              data={(['createdAt', 'companyName', 'email', 'contractEnd', 'plan'] as const).flatMap((s) =>
                (['asc', 'desc'] as const).map((o) =>
                  option(`${s}:${o}`, `${t(`users.list.sorts.${s}`)} (${t(`users.list.${o}`)})`),
                ),
              )}
            />
          )}
        </Box>

        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && !list.data ? (
          <Stack align="center" py={48} gap="xs">
            <Text c="dimmed">{t('users.list.loadFailed')}</Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('users.retry')}
            </Button>
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState filtered={filtered} onClear={clearFilters} />
        ) : (
          <Box
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            aria-busy={list.isFetching}
          >
            {phone ? (
              <UsersCards rows={rows} hrefOf={hrefOf} />
            ) : (
              <UsersTable
                rows={rows}
                query={query}
                onSort={(s) => update(toggleSort(query, s))}
                hrefOf={hrefOf}
              />
            )}
          </Box>
        )}

        {total > 0 && (
          <ListFooter
            page={query.page}
            pageSize={query.pageSize}
            total={total}
            compact={phone}
            onPage={(page) => update(withFilter(query, { page }))}
            onPageSize={(pageSize) => update(withFilter(query, { pageSize }))}
            testId="user"
          />
        )}
      </Card>
    </Stack>
  );
}
