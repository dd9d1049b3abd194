import { Anchor, Box, Stack, Text } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatShortDate } from '../../app/format';
import type { TListColumn, TListRowsDef } from '../../app/list-rows';
import { useShell } from '../../app/use-shell';
import { PageStatsButton } from './page-stats';
import { sitePaths } from './site-format';
import { RowActions } from './site-row-actions';
import { DomainCell, LanguageCodes, Muted, StatusCell } from './sites-ui';

// The rows of the site list, by their columns: a table on wide screens, cards on phones.

export type TRowProps = {
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

/** The site list's columns, for its table (wide cards) and its cards (phones). */
export function useSiteRows({ showAccount, onDelete }: TRowProps): TListRowsDef<TSiteSummary> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: TListColumn<TSiteSummary>[] = [
    {
      key: 'name',
      header: t('sites.list.columns.name'),
      headerNote: showAccount ? t('sites.list.columns.account') : undefined,
      cell: (site) => (
        <Stack gap={2} align="flex-start">
          <SiteName site={site} />
          {showAccount && (
            <Text size="xs" c="dimmed" className="break-anywhere" data-testid="site-account">
              {site.accountName}
            </Text>
          )}
        </Stack>
      ),
      cardCell: (site) => <SiteName site={site} />,
      miw: 150,
      maw: 240,
      card: 'title',
    },
    {
      key: 'summary',
      header: t('sites.list.columns.pages'),
      cell: (site) =>
        [
          showAccount ? site.accountName : null,
          t('sites.list.pageCount', { count: site.pages }),
          site.languages.join('/'),
        ]
          .filter(Boolean)
          .join(' · '),
      cardOnly: true,
      card: 'subtitle',
    },
    {
      key: 'status',
      header: t('sites.list.columns.status'),
      cell: (site) => <StatusCell site={site} />,
      cardCell: (site) => <StatusCell site={site} align="flex-end" />,
      card: 'aside',
    },
    {
      key: 'pages',
      header: t('sites.list.columns.pages'),
      headerNote: t('sites.list.columns.languages'),
      cell: (site) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="site-pages">
            {t('sites.list.pageCount', { count: site.pages })}
          </Text>
          <LanguageCodes languages={site.languages} />
        </>
      ),
    },
    {
      key: 'domain',
      header: t('sites.list.columns.domain'),
      cell: (site) => <DomainCell site={site} />,
      cardCell: (site) => site.customDomain && <DomainCell site={site} compact />,
      miw: 120,
      maw: 170,
      card: 'badge',
    },
    { key: 'stats', header: t('sites.stats.column'), cell: (site) => <PageStatsButton site={site} /> },
    {
      key: 'published',
      header: t('sites.list.columns.published'),
      cell: (site) => <DateCell iso={site.publishedAt} empty={t('sites.list.notPublished')} />,
    },
    {
      key: 'updated',
      header: t('sites.list.columns.updated'),
      cell: (site) => <DateCell iso={site.updatedAt} />,
    },
    {
      key: 'dates',
      header: t('sites.list.columns.updated'),
      cell: (site) =>
        `${site.publishedAt ? `${t('sites.list.publishedOn', { date: formatShortDate(site.publishedAt, lang) })} · ` : ''}${t('sites.list.updatedOn', { date: formatShortDate(site.updatedAt, lang) })}`,
      cardOnly: true,
      card: 'meta',
    },
    {
      key: 'actions',
      header: t('sites.list.columns.actions'),
      cell: (site) => <RowActions site={site} onDelete={onDelete} />,
      cardCell: (site) => (
        <>
          <PageStatsButton site={site} compact />
          <Box style={{ flex: 1 }}>
            <RowActions site={site} onDelete={onDelete} labelled />
          </Box>
        </>
      ),
      align: 'right',
      card: 'actions',
    },
  ];
  return {
    columns,
    rowKey: (site) => site.id,
    rowTestId: 'site-row',
    rowAttrs: (site) => ({ 'data-name': site.name, 'data-status': site.status }),
    scrollMinWidth: 880,
  };
}
