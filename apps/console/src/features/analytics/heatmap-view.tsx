import { Box, Select, Stack, Text } from '@mantine/core';
import { Loaded, type TAnalysisViewProps, useAnalysis, useFormat } from './analysis-kit';

// Tap heatmap: where visitors tapped a page's creative, drawn over it.

export function HeatmapView(props: TAnalysisViewProps) {
  const f = useFormat();
  const query = useAnalysis('heatmap', props.siteId, { ...props.filters, page: props.page });
  const pageChoices = query.data?.data.pages ?? [props.page];
  return (
    <Stack gap="md" data-testid="analytics-heatmap">
      <Select
        label={f.t('analytics.heatmapPage')}
        data={pageChoices}
        value={props.page}
        onChange={(v) => v && props.onPage(v)}
        allowDeselect={false}
        w={160}
        data-testid="analytics-heatmap-page"
      />
      <Loaded query={query}>
        {(d) => {
          const max = Math.max(1, ...d.cells.map((c) => c.count));
          return (
            <Stack gap="xs">
              <Text size="sm" fw={600} data-testid="analytics-heatmap-taps">
                {f.t('analytics.taps', { count: d.taps })}
              </Text>
              {!d.imageUrl && (
                <Text size="xs" c="dimmed">
                  {f.t('analytics.noImage')}
                </Text>
              )}
              <Box
                pos="relative"
                w={280}
                style={{
                  aspectRatio: '9 / 16',
                  borderRadius: 12,
                  overflow: 'hidden',
                  background: 'var(--mantine-color-gray-2)',
                }}
              >
                {d.imageUrl && (
                  <img
                    src={d.imageUrl}
                    alt={d.page}
                    style={{
                      position: 'absolute',
                      inset: 0,
                      width: '100%',
                      height: '100%',
                      objectFit: 'cover',
                    }}
                  />
                )}
                {d.cells.map((c) => (
                  <span
                    key={c.cell}
                    style={{
                      position: 'absolute',
                      left: `${((c.cell % d.grid) / d.grid) * 100}%`,
                      top: `${(Math.floor(c.cell / d.grid) / d.grid) * 100}%`,
                      width: `${100 / d.grid}%`,
                      height: `${100 / d.grid}%`,
                      background: `rgba(250, 82, 82, ${0.15 + (c.count / max) * 0.75})`,
                      boxShadow: `0 0 8px 4px rgba(250, 82, 82, ${(c.count / max) * 0.5})`,
                      borderRadius: '50%',
                    }}
                  />
                ))}
              </Box>
            </Stack>
          );
        }}
      </Loaded>
    </Stack>
  );
}
