import { Loaded, PageTable, type TAnalysisViewProps, useAnalysis, useFormat } from './analysis-kit';

// Creative analysis: per page, link button, product and popup CTA clicks.

export function CreativesView(props: TAnalysisViewProps) {
  const f = useFormat();
  const query = useAnalysis('creatives', props.siteId, props.filters);
  return (
    <Loaded query={query} empty={(d) => d.pages.every((p) => p.views === 0)}>
      {(d) => (
        <PageTable
          testId="analytics-creatives-table"
          label={f.t('analytics.tabs.creatives')}
          rowTestId="creatives-row"
          rows={d.pages}
          columns={[
            { label: f.t('analytics.views'), value: (p) => f.count(p.views) },
            { label: f.t('analytics.linkClicks'), value: (p) => f.count(p.linkClicks) },
            { label: f.t('analytics.linkClickRate'), value: (p) => f.percent(p.linkClickRate) },
            { label: f.t('analytics.productOpens'), value: (p) => f.count(p.productOpens) },
            { label: f.t('analytics.productClicks'), value: (p) => f.count(p.productClicks) },
            { label: f.t('analytics.ctaClicks'), value: (p) => f.count(p.ctaClicks) },
            { label: f.t('analytics.campaignClicks'), value: (p) => f.count(p.campaignClicks) },
            { label: f.t('analytics.otherClicks'), value: (p) => f.count(p.otherClicks) },
          ]}
        />
      )}
    </Loaded>
  );
}
