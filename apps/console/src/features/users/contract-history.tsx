import { Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TContractHistoryItem } from '@swipe/contracts/users';
import { IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
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
  const phone = useMediaQuery('(max-width: 48em)');
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['users', 'history', userId, page],
    queryFn: ({ signal }) => usersApi.history(userId, { page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
  const items = history.data?.data ?? [];
  const total = history.data?.meta?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

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
      ) : phone ? (
        <Stack gap={0} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((item) => (
            <Stack
              key={item.id}
              gap={6}
              px="lg"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="history-row"
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(item.executedAt, i18n.language)}
              </Text>
              <Content item={item} />
              <Executor item={item} />
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table
            verticalSpacing="sm"
            horizontalSpacing="lg"
            style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={200}>{t('users.history.executedAt')}</Table.Th>
                <Table.Th w={240}>{t('users.history.executor')}</Table.Th>
                <Table.Th>{t('users.history.content')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-testid="history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <Text size="sm">{formatDateTime(item.executedAt, i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Executor item={item} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Content item={item} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
