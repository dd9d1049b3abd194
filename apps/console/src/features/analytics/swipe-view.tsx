import { Box, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import type { TPageAnalysis } from '@swipe/contracts/analytics';
import { useState } from 'react';
import { Loaded, PageTable, type TAnalysisViewProps, useAnalysis, useFormat } from './analysis-kit';

// Swipe analysis: the site's grid coloured by reach, exit rate or median dwell, and its table.

type TColourBy = 'reach' | 'exitRate' | 'dwell';

export function SwipeView(props: TAnalysisViewProps) {
  const f = useFormat();
  const [by, setBy] = useState<TColourBy>('reach');
  const query = useAnalysis('pages', props.siteId, props.filters);
  return (
    <Loaded query={query} empty={(d) => d.visits === 0}>
      {(d) => {
        const maxDwell = Math.max(1, ...d.pages.map((p) => p.medianDwellMs ?? 0));
        const value = (p: TPageAnalysis) =>
          by === 'reach'
            ? p.reach
            : by === 'exitRate'
              ? (p.exitRate ?? 0)
              : (p.medianDwellMs ?? 0) / maxDwell;
        const label = (p: TPageAnalysis) =>
          by === 'reach'
            ? f.percent(p.reach)
            : by === 'exitRate'
              ? f.percent(p.exitRate)
              : f.seconds(p.medianDwellMs);
        return (
          <Stack gap="md" data-testid="analytics-swipe">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {f.t('analytics.gridCaption')}
              </Text>
              <SegmentedControl
                aria-label={f.t('analytics.colourBy')}
                size="xs"
                value={by}
                onChange={(v) => setBy(v as TColourBy)}
                data={[
                  { value: 'reach', label: f.t('analytics.reach') },
                  { value: 'exitRate', label: f.t('analytics.exitRate') },
                  { value: 'dwell', label: f.t('analytics.dwell') },
                ]}
              />
            </Group>
            <Box
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${d.columns}, minmax(64px, 104px))`,
                gap: 6,
                overflowX: 'auto',
              }}
              data-testid="analytics-grid"
            >
              {d.pages.map((p) => {
                const v = Math.max(0, Math.min(1, value(p)));
                return (
                  <Tooltip
                    key={p.page}
                    multiline
                    w={220}
                    label={`${p.page} · ${f.t('analytics.views')} ${f.count(p.views)} · ${f.t('analytics.reach')} ${f.percent(p.reach)} · ${f.t('analytics.exitRate')} ${f.percent(p.exitRate)} · ${f.t('analytics.dwell')} ${f.seconds(p.medianDwellMs)}${p.nextPage ? ` · → ${p.nextPage}` : ''}`}
                  >
                    <Box
                      tabIndex={0}
                      aria-label={`${p.page}: ${label(p)}`}
                      data-testid={`grid-cell-${p.page}`}
                      style={{
                        aspectRatio: '9 / 16',
                        borderRadius: 8,
                        padding: 8,
                        // Light enough at its strongest for dark text to keep 4.5:1.
                        background: `rgba(54, 79, 199, ${0.06 + v * 0.55})`,
                        color: 'var(--mantine-color-black)',
                        display: 'flex',
                        flexDirection: 'column',
                        justifyContent: 'space-between',
                      }}
                    >
                      <Text size="xs" fw={700}>
                        {p.page}
                      </Text>
                      <Text size="sm" fw={700}>
                        {label(p)}
                      </Text>
                    </Box>
                  </Tooltip>
                );
              })}
            </Box>
            <PageTable
              testId="analytics-pages-table"
              label={f.t('analytics.tabs.pages')}
              rowTestId="pages-row"
              rows={d.pages}
              columns={[
                { label: f.t('analytics.views'), value: (p) => f.count(p.views) },
                { label: f.t('analytics.reached'), value: (p) => f.count(p.reached) },
                { label: f.t('analytics.reach'), value: (p) => f.percent(p.reach) },
                { label: f.t('analytics.entries'), value: (p) => f.count(p.entries) },
                { label: f.t('analytics.exits'), value: (p) => f.count(p.exits) },
                { label: f.t('analytics.exitRate'), value: (p) => f.percent(p.exitRate) },
                { label: f.t('analytics.dwell'), value: (p) => f.seconds(p.medianDwellMs) },
                {
                  label: f.t('analytics.next'),
                  text: true,
                  value: (p) => (p.nextPage ? `${p.nextPage} (${f.percent(p.nextShare)})` : '–'),
                },
              ]}
            />
          </Stack>
        );
      }}
    </Loaded>
  );
}
