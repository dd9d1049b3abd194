import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { RANKING_MIN_PAGES } from '@swipe/contracts/analytics';
import { Loaded, type TAnalysisViewProps, useAnalysis, useFormat } from './analysis-kit';

// Rankings: best and worst pages by reach, dwell and click rate (sites of RANKING_MIN_PAGES pages or more).

export function RankingsView(props: TAnalysisViewProps) {
  const f = useFormat();
  const query = useAnalysis('rankings', props.siteId, props.filters);
  return (
    <Loaded query={query}>
      {(d) =>
        !d.eligible ? (
          <Alert variant="light" data-testid="analytics-rankings-ineligible">
            {f.t('analytics.rankingNeedsPages', { min: RANKING_MIN_PAGES, count: d.pageCount })}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="analytics-rankings">
            {(['reach', 'dwell', 'clickRate'] as const).map((metric) => {
              const show = (v: number | null) => (metric === 'dwell' ? f.seconds(v) : f.percent(v));
              return (
                <Paper key={metric} withBorder radius="md" p="md">
                  <Text fw={600} mb="xs">
                    {f.t(`analytics.ranking.${metric}`)}
                  </Text>
                  {(['best', 'worst'] as const).map((end) => (
                    <Stack key={end} gap={2} mb="sm">
                      <Text size="xs" c="dimmed" fw={600}>
                        {f.t(`analytics.${end}`)}
                      </Text>
                      {d[metric][end].map((p, i) => (
                        <Group key={p.page} justify="space-between">
                          <Text size="sm">
                            {i + 1}. {p.page}
                          </Text>
                          <Text size="sm" fw={600}>
                            {show(p.value)}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  ))}
                </Paper>
              );
            })}
          </SimpleGrid>
        )
      }
    </Loaded>
  );
}
