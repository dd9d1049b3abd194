import { Alert, Button, Group, Loader, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { parseCoordinate } from '@swipe/contracts/site-grid-rules';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../app/format';
import { siteKeys, sitesApi } from './sites-api';

// A site's visits per page: the count on the list, and the pages' views,
// visits reaching them, reach and time spent in a dialog. The analytics screens go further.

/** Grid order: row by row, then column (A1, B1, A2...). */
const gridOrder = (a: string, b: string) => {
  const pa = parseCoordinate(a);
  const pb = parseCoordinate(b);
  return pa && pb ? pa.row - pb.row || pa.column - pb.column : a.localeCompare(b);
};

export function PageStatsButton({ site, compact = false }: { site: TSiteSummary; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const views = site.views ?? 0;
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        px={compact ? 4 : 6}
        leftSection={<IconEye size={15} stroke={1.7} />}
        onClick={() => setOpened(true)}
        data-testid="site-views"
      >
        {compact ? t('sites.stats.views', { count: views }) : formatCount(views, i18n.language)}
      </Button>
      {opened && <PageStatsModal site={site} onClose={() => setOpened(false)} />}
    </>
  );
}

function PageStatsModal({ site, onClose }: { site: TSiteSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const stats = useQuery({
    queryKey: siteKeys.stats(site.id),
    queryFn: ({ signal }) => sitesApi.stats(site.id, { signal, toast: false }),
  });
  const n = (v: number) => formatCount(v, i18n.language);
  const data = stats.data?.data;
  const pages = data ? [...data.pages].sort((a, b) => gridOrder(a.page, b.page)) : [];
  return (
    <Modal opened onClose={onClose} size="lg" centered title={t('sites.stats.title', { name: site.name })}>
      {stats.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : stats.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('sites.stats.failed')}
        </Alert>
      ) : data && data.visits === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="site-stats-empty">
          {t('sites.stats.empty')}
        </Text>
      ) : (
        data && (
          <Stack gap="md" data-testid="site-stats">
            <Group gap="xl">
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {t('sites.stats.visits')}
                </Text>
                <Text fw={700} fz={22} data-testid="site-stats-visits">
                  {n(data.visits)}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {t('sites.stats.totalViews')}
                </Text>
                <Text fw={700} fz={22} data-testid="site-stats-views">
                  {n(data.views)}
                </Text>
              </Stack>
            </Group>
            <Table.ScrollContainer minWidth={440} type="native">
              <Table verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('sites.stats.page')}</Table.Th>
                    <Table.Th ta="right">{t('sites.stats.pageViews')}</Table.Th>
                    <Table.Th ta="right">{t('sites.stats.pageVisits')}</Table.Th>
                    <Table.Th w="30%">{t('sites.stats.reach')}</Table.Th>
                    <Table.Th ta="right">{t('sites.stats.dwell')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pages.map((p) => (
                    <Table.Tr key={p.page} data-testid="site-stats-row" data-page={p.page}>
                      <Table.Td fw={600}>{p.page}</Table.Td>
                      <Table.Td ta="right">{n(p.views)}</Table.Td>
                      <Table.Td ta="right">{n(p.visits)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Progress value={p.reach * 100} w="100%" size="sm" aria-hidden="true" />
                          <Text size="xs" w={38} ta="right">
                            {Math.round(p.reach * 100)}%
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        {p.avgDwellMs === null
                          ? '—'
                          : t('sites.stats.seconds', { value: (p.avgDwellMs / 1000).toFixed(1) })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              {t('sites.stats.hint')}
            </Text>
          </Stack>
        )
      )}
    </Modal>
  );
}
