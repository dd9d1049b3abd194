import { Anchor, Box, Group, Stack, Table, Text } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatShortDate } from '../../app/format';
import { ListCards, ListTable } from '../../app/list-page';
import { useShell } from '../../app/use-shell';
import { PageStatsButton } from './page-stats';
import { sitePaths } from './site-format';
import { RowActions } from './site-row-actions';
import { DomainCell, LanguageCodes, Muted, StatusCell } from './sites-ui';

// The rows of the site list: a table on wide screens, cards on phones, and their actions.

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
      {formatShortDate(iso, i18n.language)}
    </Text>
  );
}

/** The site's name, leading to its editor. */
function SiteName({ site }: { site: TSiteSummary }) {
  const { prefix } = useShell();
  return (
    <Anchor
      component={Link}
      to={sitePaths(prefix).edit(site.id)}
      fw={600}
      size="sm"
      className="break-anywhere"
      data-testid="site-name"
    >
      {site.name}
    </Anchor>
  );
}

export function SitesTable({ rows, showAccount, onDelete }: TRowProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      minWidth={880}
      head={
        <>
          <Table.Th>
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
          <Table.Th ta="right">{t('sites.list.columns.actions')}</Table.Th>
        </>
      }
    >
      {rows.map((site) => (
        <Table.Tr key={site.id} data-testid="site-row" data-name={site.name} data-status={site.status}>
          <Table.Td miw={150} maw={240}>
            <Stack gap={2} align="flex-start">
              <SiteName site={site} />
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
          <Table.Td>
            <RowActions site={site} onDelete={onDelete} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Phones get one card per site instead of a table nobody can read at 390 px. */
export function SitesCards({ rows, showAccount, onDelete }: TRowProps) {
  const { t, i18n } = useTranslation();
  return (
    <ListCards>
      {rows.map((site) => (
        <Box key={site.id} p="md" data-testid="site-row" data-name={site.name} data-status={site.status}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <SiteName site={site} />
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
                  date: formatShortDate(site.publishedAt, i18n.language),
                })} · `
              : ''}
            {t('sites.list.updatedOn', { date: formatShortDate(site.updatedAt, i18n.language) })}
          </Text>
          <Group mt="sm" gap={6} wrap="nowrap" align="flex-start">
            <PageStatsButton site={site} compact />
            <Box style={{ flex: 1 }}>
              <RowActions site={site} onDelete={onDelete} labelled />
            </Box>
          </Group>
        </Box>
      ))}
    </ListCards>
  );
}
