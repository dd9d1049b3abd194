import { Badge, Box } from '@mantine/core';
import type { TMediaRef } from '@swipe/contracts/sites';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useEditorTools } from './editor-context';
import { thumbnailUrl } from './media-thumbs';

/** The frame of a page tile (a phone screen's shape): the button that carries a PageTileFace. */
export const PAGE_TILE_STYLE: CSSProperties = {
  display: 'block',
  width: '100%',
  aspectRatio: '389 / 737',
  borderRadius: 8,
  position: 'relative',
  overflow: 'hidden',
  background: 'var(--mantine-color-gray-1)',
};

/**
 * What a page tile shows (the grid's and a variation's): the page's image as a thumbnail, or a
 * movie or photo icon, and its coordinate (A1) in the top corner. `draggable` false keeps the
 * image from being dragged instead of a draggable tile around it.
 */
export function PageTileFace(props: { coordinate: string; media: TMediaRef | null; draggable?: boolean }) {
  const { mediaUrls } = useEditorTools();
  const { media } = props;
  const url = media?.kind === 'IMAGE' ? thumbnailUrl(media.assetId, mediaUrls) : undefined;
  return (
    <>
      {url ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={props.draggable}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Box style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          {media?.kind === 'VIDEO' ? (
            <IconMovie size={22} color="var(--mantine-color-gray-6)" />
          ) : (
            <IconPhoto size={22} color="var(--mantine-color-gray-5)" />
          )}
        </Box>
      )}
      <Badge size="xs" variant="filled" color="dark" style={{ position: 'absolute', top: 4, left: 4 }}>
        {props.coordinate}
      </Badge>
    </>
  );
}
