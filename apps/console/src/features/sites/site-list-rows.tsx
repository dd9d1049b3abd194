import { Anchor, Box, Button, Group, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { IconFilterOff, IconLayoutGrid, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatShortDate } from '../../app/format';
import { useShell } from '../../app/use-shell';
import { WriteButton } from '../../app/write-control';
import { PageStatsButton } from './page-stats';
import { localDateOf, sitePaths } from './site-format';
import { RowActions } from './site-row-actions';
import { DomainCell, LanguageCodes, Muted, StatusCell, useSiteWriteAccess } from './sites-ui';

// The rows of the site list: a table on wide screens, cards on phones, their actions, plus the
// loading and empty states.

export type TRowProps = {
  rows: TSiteSummary[];
  /** Under /site/list/:accountId every row has the same account: it is not repeated. */
  showAccount: boolean;
  onDelete: (site: TSiteSummary) => void;
};

function DateCell({ iso, empty }: { iso: string | null; empty?: ReactNode }) {
  const { i18n } = useTranslation();
  if (!iso) return <Muted>{empty ?? '—'}</Muted>;
  return (
    <Text size="sm" title={formatDateTime(iso, i18n.language)} style={{ whiteSpace: 'nowrap' }}>
      {formatShortDate(localDateOf(iso), i18n.language)}
    </Text>
  );
}

export function SitesTable({ rows, showAccount, onDelete }: TRowProps) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const paths = sitePaths(prefix);
  return (
    <Table.ScrollContainer minWidth={880} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr style={{ whiteSpace: 'nowrap' }}>
            <Table.Th pl="md">
              {t('sites.list.columns.name')}
              {showAccount && (
                <Text span inherit c="dimmed" fw={500}>
                  {' / '}
                  {t('sites.list.columns.account')}
                </Text>
              )}
            </Table.Th>
            <Table.Th>{t('sites.list.columns.status')}</Table.Th>
            <Table.Th>
              {t('sites.list.columns.pages')}
              <Text span inherit c="dimmed" fw={500}>
                {' / '}
                {t('sites.list.columns.languages')}
              </Text>
            </Table.Th>
            <Table.Th>{t('sites.list.columns.domain')}</Table.Th>
            <Table.Th>{t('sites.stats.column')}</Table.Th>
            <Table.Th>{t('sites.list.columns.published')}</Table.Th>
            <Table.Th>{t('sites.list.columns.updated')}</Table.Th>
            <Table.Th pr="md" ta="right">
              {t('sites.list.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((site) => (
            <Table.Tr key={site.id} data-testid="site-row" data-name={site.name} data-status={site.status}>
              <Table.Td pl="md" miw={150} maw={240}>
                <Stack gap={2} align="flex-start">
                  <Anchor
                    component={Link}
                    to={paths.edit(site.id)}
                    fw={600}
                    size="sm"
                    className="break-anywhere"
                    data-testid="site-name"
                  >
                    {site.name}
                  </Anchor>
                  {showAccount && (
                    <Text size="xs" c="dimmed" className="break-anywhere" data-testid="site-account">
                      {site.accountName}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <StatusCell site={site} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="site-pages">
                  {t('sites.list.pageCount', { count: site.pages })}
                </Text>
                <LanguageCodes languages={site.languages} />
              </Table.Td>
              <Table.Td miw={120} maw={170}>
                <DomainCell site={site} />
              </Table.Td>
              <Table.Td>
                <PageStatsButton site={site} />
              </Table.Td>
              <Table.Td>
                <DateCell iso={site.publishedAt} empty={t('sites.list.notPublished')} />
              </Table.Td>
              <Table.Td>
                <DateCell iso={site.updatedAt} />
              </Table.Td>
              <Table.Td pr="md">
                <RowActions site={site} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones get one card per site instead of a table nobody can read at 390 px. */
export function SitesCards({ rows, showAccount, onDelete }: TRowProps) {
  const { t, i18n } = useTranslation();
  const { prefix } = useShell();
  const paths = sitePaths(prefix);
  return (
    <Stack gap={0}>
      {rows.map((site, index) => (
        <Box
          key={site.id}
          p="md"
          data-testid="site-row"
          data-name={site.name}
          data-status={site.status}
          style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Anchor
                component={Link}
                to={paths.edit(site.id)}
                fw={600}
                size="sm"
                className="break-anywhere"
                data-testid="site-name"
              >
                {site.name}
              </Anchor>
              <Text size="xs" c="dimmed" className="break-anywhere">
                {[
                  showAccount ? site.accountName : null,
                  t('sites.list.pageCount', { count: site.pages }),
                  site.languages.join('/'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <StatusCell site={site} align="flex-end" />
          </Group>
          {site.customDomain && (
            <Box mt={8}>
              <DomainCell site={site} compact />
            </Box>
          )}
          <Text size="xs" c="dimmed" mt={6}>
            {site.publishedAt
              ? `${t('sites.list.publishedOn', {
                  date: formatShortDate(localDateOf(site.publishedAt), i18n.language),
                })} · `
              : ''}
            {t('sites.list.updatedOn', { date: formatShortDate(localDateOf(site.updatedAt), i18n.language) })}
          </Text>
          <Group mt="sm" gap={6} wrap="nowrap" align="flex-start">
            <PageStatsButton site={site} compact />
            <Box style={{ flex: 1 }}>
              <RowActions site={site} onDelete={onDelete} labelled />
            </Box>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

export function ListSkeleton() {
  return (
    <Stack gap="md" p="md" data-testid="site-list-loading" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Group key={i} gap="md" wrap="nowrap">
          <Stack gap={6} style={{ flex: '0 0 24%' }}>
            <Skeleton height={14} width="80%" radius="sm" />
            <Skeleton height={10} width="50%" radius="sm" />
          </Stack>
          <Skeleton height={20} width="12%" radius="sm" />
          <Skeleton height={14} width="6%" radius="sm" />
          <Skeleton height={14} width="12%" radius="sm" />
          <Skeleton height={14} width="16%" radius="sm" />
          <Skeleton height={14} width="12%" radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

export function EmptyState({
  filtered,
  onClear,
  createHref,
}: {
  filtered: boolean;
  onClear: () => void;
  createHref: string;
}) {
  const { t } = useTranslation();
  const write = useSiteWriteAccess();
  return (
    <Stack
      align="center"
      gap="xs"
      py={56}
      px="md"
      data-testid={filtered ? 'site-list-no-results' : 'site-list-empty'}
    >
      <ThemeIcon size={52} radius="xl" variant="light" color={filtered ? 'gray' : 'brand'}>
        {filtered ? <IconFilterOff size={26} stroke={1.5} /> : <IconLayoutGrid size={26} stroke={1.5} />}
      </ThemeIcon>
      <Text fw={600} mt={4}>
        {t(filtered ? 'sites.list.emptyFilteredTitle' : 'sites.list.emptyTitle')}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {t(
          filtered
            ? 'sites.list.emptyFilteredBody'
            : write.creator
              ? 'sites.list.emptyBody'
              : 'sites.list.emptyBodyViewer',
        )}
      </Text>
      {filtered ? (
        <Button
          variant="light"
          mt="xs"
          leftSection={<IconFilterOff size={16} />}
          onClick={onClear}
          data-testid="empty-clear-filters"
        >
          {t('sites.list.clearFilters')}
        </Button>
      ) : (
        write.creator && (
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            mt="xs"
            component={Link}
            to={createHref}
            leftSection={<IconPlus size={18} stroke={1.8} />}
            data-testid="empty-create"
          >
            {t('sites.list.create')}
          </WriteButton>
        )
      )}
    </Stack>
  );
}
