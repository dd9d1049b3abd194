import { Skeleton } from '@mantine/core';
import { DESIGN_FRAME } from '@swipe/contracts/sites';
import { lazy, Suspense } from 'react';
import type { TLiveCanvasProps } from './live-canvas';

// The live canvas brings the viewer's components and CSS: a chunk of its own, fetched when an
// editor first shows a page, so the console's first load does not grow.

const LiveCanvas = lazy(() => import('./live-canvas'));

export function LazyLiveCanvas(props: TLiveCanvasProps) {
  return (
    <Suspense
      fallback={<Skeleton w="100%" maw={DESIGN_FRAME.width} h={DESIGN_FRAME.height} radius="md" mx="auto" />}
    >
      <LiveCanvas {...props} />
    </Suspense>
  );
}
