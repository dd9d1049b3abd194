import type { TAnalysisViewProps } from './analysis-kit';
import { CreativesView } from './creatives-view';
import { HeatmapView } from './heatmap-view';
import { OverviewView } from './overview-view';
import { RankingsView } from './rankings-view';
import { SourcesView } from './sources-view';
import { SwipeView } from './swipe-view';

// The six views of a site's analysis, one file each; analysis-kit.tsx holds what they share.

export function AnalysisView(props: TAnalysisViewProps) {
  switch (props.name) {
    case 'overview':
      return <OverviewView {...props} />;
    case 'pages':
      return <SwipeView {...props} />;
    case 'creatives':
      return <CreativesView {...props} />;
    case 'rankings':
      return <RankingsView {...props} />;
    case 'heatmap':
      return <HeatmapView {...props} />;
    case 'sources':
      return <SourcesView {...props} />;
  }
}
