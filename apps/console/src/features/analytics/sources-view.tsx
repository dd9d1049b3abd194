import { Badge, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import type { TSourcesAnalysis } from '@swipe/contracts/analytics';
import type { TAdNetwork } from '@swipe/contracts/site-events';
import { CONVERSION_KINDS } from '@swipe/contracts/site-events';
import { Loaded, scrollFrame, type TAnalysisViewProps, useAnalysis, useFormat } from './analysis-kit';

// Acquisition: visits, conversions and conversion rate per ad network (from the click id the
// visit landed with), then per network, source, medium and campaign (its UTM parameters).

type TFormat = ReturnType<typeof useFormat>;
type TCounts = TSourcesAnalysis['networks'][number];

const networkName = (f: TFormat, network: TAdNetwork | null) =>
  f.t(`analytics.networks.${network ?? 'NONE'}`);

/** Visits, conversions and conversion rate: the columns both tables end with. */
const COUNT_COLUMNS = (f: TFormat) => [
  { label: f.t('analytics.metrics.visits'), value: (r: TCounts) => f.count(r.visits) },
  { label: f.t('analytics.metrics.conversions'), value: (r: TCounts) => f.count(r.conversions) },
  { label: f.t('analytics.metrics.conversionRate'), value: (r: TCounts) => f.percent(r.conversionRate) },
];

export function SourcesView(props: TAnalysisViewProps) {
  const f = useFormat();
  const query = useAnalysis('sources', props.siteId, props.filters);
  return (
    <Loaded query={query} empty={(d) => d.networks.every((n) => n.visits === 0)}>
      {(d) => {
        const visits = d.networks.reduce((n, r) => n + r.visits, 0);
        return (
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Text fw={600} mb="xs" component="h3" fz="md" mt={0}>
                {f.t('analytics.byNetwork')}
              </Text>
              <Table.ScrollContainer minWidth={560} {...scrollFrame(f.t('analytics.byNetwork'))}>
                <Table data-testid="analytics-networks-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{f.t('analytics.network')}</Table.Th>
                      <Table.Th>{f.t('analytics.share')}</Table.Th>
                      {COUNT_COLUMNS(f).map((c) => (
                        <Table.Th key={c.label} ta="right">
                          {c.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.networks.map((n) => (
                      <Table.Tr key={n.network ?? 'NONE'} data-testid={`network-row-${n.network ?? 'NONE'}`}>
                        <Table.Td fw={600}>{networkName(f, n.network)}</Table.Td>
                        <Table.Td miw={120}>
                          <Progress
                            value={visits > 0 ? (100 * n.visits) / visits : 0}
                            aria-label={`${networkName(f, n.network)}: ${f.percent(visits > 0 ? n.visits / visits : null)}`}
                          />
                        </Table.Td>
                        {COUNT_COLUMNS(f).map((c) => (
                          <Table.Td key={c.label} ta="right">
                            {c.value(n)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={600} mb={4} component="h3" fz="md" mt={0}>
                {f.t('analytics.byCampaign')}
              </Text>
              <Text size="sm" c="dimmed" mb="xs">
                {f.t('analytics.byCampaignHint')}
              </Text>
              <Table.ScrollContainer minWidth={980} {...scrollFrame(f.t('analytics.byCampaign'))}>
                <Table striped highlightOnHover data-testid="analytics-campaigns-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{f.t('analytics.network')}</Table.Th>
                      <Table.Th>{f.t('analytics.source')}</Table.Th>
                      <Table.Th>{f.t('analytics.medium')}</Table.Th>
                      <Table.Th>{f.t('analytics.campaign')}</Table.Th>
                      {COUNT_COLUMNS(f).map((c) => (
                        <Table.Th key={c.label} ta="right">
                          {c.label}
                        </Table.Th>
                      ))}
                      {CONVERSION_KINDS.map((kind) => (
                        <Table.Th key={kind} ta="right">
                          {f.t(`analytics.conversionKinds.${kind}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.campaigns.map((c) => (
                      <Table.Tr
                        key={`${c.network}|${c.source}|${c.medium}|${c.campaign}`}
                        data-testid="campaign-row"
                        data-campaign={c.campaign}
                        data-network={c.network ?? ''}
                      >
                        <Table.Td>
                          {c.network ? (
                            <Badge variant="light" size="sm" tt="none">
                              {networkName(f, c.network)}
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {networkName(f, null)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td className="break-anywhere">{c.source || f.t('analytics.direct')}</Table.Td>
                        <Table.Td>{c.medium || '–'}</Table.Td>
                        <Table.Td className="break-anywhere">{c.campaign || '–'}</Table.Td>
                        {COUNT_COLUMNS(f).map((col) => (
                          <Table.Td key={col.label} ta="right">
                            {col.value(c)}
                          </Table.Td>
                        ))}
                        {CONVERSION_KINDS.map((kind) => (
                          <Table.Td key={kind} ta="right">
                            {f.count(c.byKind[kind])}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </Stack>
        );
      }}
    </Loaded>
  );
}
