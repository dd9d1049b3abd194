import { Box, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TContractHistoryItem } from '@swipe/contracts/users';
import { IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { useTableFits } from '../../app/list-page';
import { ListRows, type TListRowsDef } from '../../app/list-rows';
import { historyContent } from './history-text';
import { usersApi } from './users-api';

const PAGE_SIZE = 10;

function Content({ item }: { item: TContractHistoryItem }) {
  const { i18n } = useTranslation();
  const text = historyContent(
    item,
    (key, options) => i18n.t(key as 'users.title', options ?? {}) as string,
    (key) => i18n.exists(key),
    i18n.language,
  );
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {text.title}
      </Text>
      {text.lines.map((line) => (
        <Text key={line} size="xs" c="dimmed" className="break-anywhere">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function Executor({ item }: { item: TContractHistoryItem }) {
  const { t } = useTranslation();
  if (!item.executorName && !item.executorEmail)
    return (
      <Text size="sm" c="dimmed">
        {t('users.history.system')}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{item.executorName}</Text>
      <Text size="xs" c="dimmed" className="break-anywhere">
        {item.executorEmail}
      </Text>
    </Stack>
  );
}

/** The contract edit history: execution time, executor, process content; newest first. */
export function ContractHistory({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const fits = useTableFits();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['users', 'history', userId, page],
    queryFn: ({ signal }) => usersApi.history(userId, { page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
  const items = history.data?.data ?? [];
  const total = history.data?.meta?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const historyRows: TListRowsDef<TContractHistoryItem> = {
    columns: [
      {
        key: 'executedAt',
        header: t('users.history.executedAt'),
        cell: (item) => <Text size="sm">{formatDateTime(item.executedAt, i18n.language)}</Text>,
        cardCell: (item) => (
          <Text size="xs" c="dimmed">
            {formatDateTime(item.executedAt, i18n.language)}
          </Text>
        ),
        w: 200,
        nowrap: true,
        card: 'title',
      },
      {
        key: 'executor',
        header: t('users.history.executor'),
        cell: (item) => <Executor item={item} />,
        w: 240,
        card: 'meta',
      },
      {
        key: 'content',
        header: t('users.history.content'),
        cell: (item) => <Content item={item} />,
        card: 'body',
      },
    ],
    rowKey: (item) => item.id,
    rowTestId: 'history-row',
    scrollMinWidth: 640,
    alignTop: true,
  };

  return (
    <Card component="section" aria-labelledby="history-title" p={0} data-testid="contract-history">
      <Group gap="xs" p="lg" pb="sm">
        <IconHistory size={20} stroke={1.7} />
        <Title order={2} fz="lg" id="history-title">
          {t('users.history.title')}
        </Title>
      </Group>
      {history.isPending ? (
        <Stack p="lg" pt={0} gap="sm">
          <Skeleton height={16} />
          <Skeleton height={16} />
          <Skeleton height={16} width="70%" />
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" p="lg" pt={0} data-testid="history-empty">
          {t('users.history.none')}
        </Text>
      ) : (
        <Box style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          <ListRows def={historyRows} rows={items} table={fits.table} />
        </Box>
      )}
      {pages > 1 && (
        <Group justify="flex-end" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            data-testid="history-pagination"
          />
        </Group>
      )}
    </Card>
  );
}
