import { Box, Text } from '@mantine/core';
import { DESIGN_FRAME, type TCreative } from '@swipe/contracts/sites';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor } from './editor-context';
import { setIn } from './editor-state';

const SCALE = 0.5;
const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));

/**
 * The page at half the designer frame (389 x 737) with one dot per product: drag a dot, or focus
 * it and use the arrow keys (Shift for 10 px), to place the product's hotspot.
 */
export function HotspotCanvas({ path, creative }: { path: TPath; creative: TCreative }) {
  const { t } = useTranslation();
  const { setDoc, mediaUrls, readOnly } = useEditor();
  const frame = useRef<HTMLDivElement>(null);
  const url = creative.media?.kind === 'IMAGE' ? mediaUrls[creative.media.assetId] : undefined;

  const place = (j: number, x: number, y: number) =>
    setDoc((prev) => {
      const at = [...path, 'products', j];
      return setIn(
        setIn(prev, [...at, 'coordinateX'], clamp(x, DESIGN_FRAME.width)),
        [...at, 'coordinateY'],
        clamp(y, DESIGN_FRAME.height),
      );
    });

  const drag = (j: number) => (e: PointerEvent<HTMLButtonElement>) => {
    if (readOnly || !frame.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const box = frame.current.getBoundingClientRect();
    const move = (ev: globalThis.PointerEvent) =>
      place(j, (ev.clientX - box.left) / SCALE, (ev.clientY - box.top) / SCALE);
    const target = e.currentTarget;
    const stop = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', stop);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', stop);
  };

  const nudge = (j: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 10 : 1;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      e.key
    ];
    if (!d || readOnly) return;
    e.preventDefault();
    const p = creative.products[j]!;
    place(j, p.coordinateX + d[0]!, p.coordinateY + d[1]!);
  };

  return (
    <Box>
      <Box
        ref={frame}
        w={DESIGN_FRAME.width * SCALE}
        h={DESIGN_FRAME.height * SCALE}
        style={{
          position: 'relative',
          borderRadius: 12,
          overflow: 'hidden',
          touchAction: 'none',
          background: url ? `center / cover no-repeat url("${url}")` : 'var(--mantine-color-gray-2)',
          border: '1px solid var(--mantine-color-gray-3)',
        }}
        data-testid="hotspot-canvas"
      >
        {creative.products.map((p, j) => (
          <button
            key={p.id ?? j}
            type="button"
            aria-label={t('siteEditor.product.hotspot', {
              name: p.productName,
              x: p.coordinateX,
              y: p.coordinateY,
            })}
            onPointerDown={drag(j)}
            onKeyDown={nudge(j)}
            disabled={readOnly}
            data-testid={`hotspot-${j}`}
            style={{
              position: 'absolute',
              left: p.coordinateX * SCALE - 12,
              top: p.coordinateY * SCALE - 12,
              width: 24,
              height: 24,
              borderRadius: '50%',
              border: '2px solid white',
              background: 'var(--mantine-color-brand-6)',
              color: 'white',
              fontSize: 12,
              fontWeight: 700,
              cursor: readOnly ? 'default' : 'grab',
              boxShadow: '0 1px 4px rgba(0,0,0,.4)',
            }}
          >
            {j + 1}
          </button>
        ))}
      </Box>
      <Text size="xs" c="dimmed" mt={4} maw={DESIGN_FRAME.width * SCALE}>
        {t('siteEditor.product.hotspotHint')}
      </Text>
    </Box>
  );
}
