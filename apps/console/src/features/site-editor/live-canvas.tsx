import { Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useElementSize, useViewportSize } from '@mantine/hooks';
import { jstToday } from '@swipe/contracts/analytics';
import { DESIGN_FRAME, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import { CSS } from '@swipe/site-render/render/styles';
import { HTML_LANG } from '@swipe/site-render/render/texts';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { campaignKeys, campaignsApi } from '../campaigns/campaigns-api';
import {
  DEVICE_FRAMES,
  DEVICES,
  fieldPath,
  framePoint,
  hotspotProduct,
  nudged,
  type TDevice,
  type TEditScope,
} from './canvas-model';
import { CANVAS_CSS, CanvasBody } from './canvas-page';

// The live canvas: the page being edited, drawn from the draft in memory by the viewer's own
// components and CSS, beside the form, following every keystroke with no save. It is drawn into a
// frame of the console's origin (a React portal into the frame's document), so the published
// page's CSS and the console's never meet. The creator's texts are text to React, as on the
// published page, and the SEO tags and scripts are not drawn at all; the frame's own CSP runs no
// script in it all the same (a sandbox without allow-scripts would too, but it also keeps
// accessibility checkers such as axe out of the frame), and nothing in it navigates.
// - A click on a text, price, button, product or the picture selects its field (onSelectField).
// - A product's hotspot is dragged, or moved with the arrow keys (Shift: 10 px), in designer-frame
//   px (onMoveProduct); while dragging only the dot moves, the document changes once, on release.
// - The frame is a phone (the designer frame), a tablet or a desktop, scaled to fit the column;
//   wide frames show the site's campaign zones beside the column, as the published page does.

export type TLiveCanvasProps = {
  doc: TSiteDocument;
  lang: TSiteLanguage;
  /** The page shown (A1, B2 ...). */
  coordinate: string;
  /** Asset id to URL of the media the editor knows. */
  mediaUrls: Record<string, string>;
  device: TDevice;
  onDeviceChange: (device: TDevice) => void;
  /** A field of the document (content.JP.creatives.3.mainText) was clicked on the canvas. */
  onSelectField: (path: string) => void;
  /** A product's hotspot of the shown page was moved to (x, y) of the designer frame. */
  onMoveProduct: (productIndex: number, x: number, y: number) => void;
  readOnly?: boolean;
  /** The saved site, whose campaigns wide frames show (none for a site not saved yet). */
  siteId?: string;
  /**
   * Drawn over the frame, outside its document (the review comments' pins): given the frame's
   * body, its scale on screen and its own size. It should let clicks through where it draws nothing.
   */
  overlay?: (frame: TCanvasFrame) => ReactNode;
};

export type TCanvasFrame = { body: HTMLElement | null; scale: number; width: number; height: number };

/**
 * The frame's document: the published page's CSS and the canvas's few rules. Its own policy runs
 * no script in it, whatever its markup (the console's code, outside it, draws it and listens).
 */
const SRCDOC = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"><title></title><style>${CSS}${CANVAS_CSS}</style></head><body></body></html>`;

type TCampaignZones = typeof import('@swipe/site-render/render/campaigns');
let zonesModule: Promise<TCampaignZones> | null = null;

/** The viewer's campaign zones, loaded the first time a wide frame has campaigns to show. */
function useCampaignZones(wanted: boolean): TCampaignZones | null {
  const [zones, setZones] = useState<TCampaignZones | null>(null);
  useEffect(() => {
    if (!wanted || zones) return;
    let live = true;
    zonesModule ??= import('@swipe/site-render/render/campaigns');
    void zonesModule.then((m) => live && setZones(m));
    return () => {
      live = false;
    };
  }, [wanted, zones]);
  return zones;
}

export default function LiveCanvas(props: TLiveCanvasProps) {
  const { t } = useTranslation();
  const { doc, lang, coordinate, device, siteId } = props;
  const [body, setBody] = useState<HTMLElement | null>(null);
  const column = useElementSize();
  const viewport = useViewportSize();
  const frame = DEVICE_FRAMES[device];
  // The whole frame in view: as wide as the column allows, and no taller than the window.
  const scale = Math.min(
    1,
    (column.width || DESIGN_FRAME.width) / frame.width,
    Math.max(320, (viewport.height || 900) - 180) / frame.height,
  );

  const wide = device !== 'phone' && doc.viewMode === 'MOBILE' && Boolean(siteId);
  const campaigns = useQuery({
    queryKey: campaignKeys.list(siteId ?? ''),
    queryFn: ({ signal }) => campaignsApi.list(siteId!, { signal, toast: false }),
    enabled: wide,
    staleTime: 60_000,
  });
  const list = wide && campaigns.data?.data.length ? campaigns.data.data : undefined;
  const zones = useCampaignZones(Boolean(list));
  const [today] = useState(jstToday);

  // The frame's listeners are set once per document and read the latest props from here.
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => (body ? interact(body.ownerDocument, latest) : undefined), [body]);

  const title = t('siteEditor.canvas.frameTitle', { page: coordinate });
  useEffect(() => {
    if (!body) return;
    body.className = doc.viewMode === 'MOBILE' ? 'm' : '';
    body.ownerDocument.documentElement.lang = HTML_LANG[lang];
    body.ownerDocument.title = title;
  }, [body, doc.viewMode, lang, title]);

  return (
    <Stack gap="xs" data-testid="live-canvas">
      <CanvasHeading device={device} onDeviceChange={props.onDeviceChange} />
      <Box ref={column.ref} w="100%">
        <Box
          mx="auto"
          w={frame.width * scale}
          h={frame.height * scale}
          style={{
            position: 'relative',
            overflow: 'hidden',
            borderRadius: 12,
            background: '#111',
            boxShadow: 'var(--mantine-shadow-md)',
          }}
        >
          <iframe
            title={title}
            srcDoc={SRCDOC}
            width={frame.width}
            height={frame.height}
            onLoad={(e) => setBody(e.currentTarget.contentDocument?.body ?? null)}
            style={{ display: 'block', border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
            data-testid="live-canvas-frame"
            data-device={device}
          />
          {props.overlay?.({ body, scale, width: frame.width, height: frame.height })}
        </Box>
      </Box>
      <Text size="xs" c="dimmed">
        {props.readOnly ? t('siteEditor.canvas.hintReadOnly') : t('siteEditor.canvas.hint')}
      </Text>
      {body &&
        createPortal(
          <CanvasBody
            doc={doc}
            lang={lang}
            coordinate={coordinate}
            mediaUrls={props.mediaUrls}
            campaigns={list}
            today={today}
            zones={list ? zones : null}
          />,
          body,
        )}
    </Stack>
  );
}

/** The title and the frame switch: drawn again only when the frame changes, not per keystroke. */
const CanvasHeading = memo(function CanvasHeading(props: {
  device: TDevice;
  onDeviceChange: (device: TDevice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs">
      <Text fw={600} size="sm">
        {t('siteEditor.canvas.title')}
      </Text>
      <SegmentedControl
        size="xs"
        value={props.device}
        onChange={(v) => props.onDeviceChange(v as TDevice)}
        data={DEVICES.map((d) => ({ value: d, label: t(`siteEditor.canvas.${d}`) }))}
        aria-label={t('siteEditor.canvas.device')}
        data-testid="canvas-device"
      />
    </Group>
  );
});

type TElement = Element & { dataset?: DOMStringMap };

/** Where a field shown on the canvas lives: a popup's, the page's, or the language's (header). */
function scopeOf(el: Element): TEditScope {
  const popup = el.closest<HTMLElement>('.pu');
  if (popup?.dataset.kind) return { kind: 'popup', popup: popup.dataset.kind };
  const page = el.closest<HTMLElement>('.pg');
  if (page?.dataset.i) return { kind: 'page', index: Number(page.dataset.i) };
  return { kind: 'language' };
}

/**
 * The canvas's clicks, drags and keys, on the frame's document (elements of another window: no
 * instanceof checks). Returns the clean-up.
 */
function interact(frameDoc: Document, latest: RefObject<TLiveCanvasProps>) {
  let drag: {
    el: HTMLElement;
    product: number;
    pointer: number;
    box: DOMRect;
    from: { x: number; y: number };
    offset: { x: number; y: number };
    to: { x: number; y: number } | null;
  } | null = null;
  // The click that ends a drag selects nothing.
  let dragged = false;

  const onClick = (e: MouseEvent) => {
    const target = e.target as TElement;
    if (!target.closest) return;
    // Nothing on the canvas navigates: its links are the published page's.
    if (target.closest('a')) e.preventDefault();
    if (dragged) return;
    const p = latest.current;
    const el = target.closest<HTMLElement>('[data-edit]');
    if (el?.dataset.edit) p.onSelectField(fieldPath(p.lang, scopeOf(el), el.dataset.edit));
    else if (target.matches('.pg>picture img, .pg>video'))
      p.onSelectField(fieldPath(p.lang, scopeOf(target), 'media'));
  };

  const onPointerDown = (e: PointerEvent) => {
    const el = (e.target as TElement).closest?.<HTMLElement>('.hs');
    const product = hotspotProduct(el?.dataset.edit);
    const page = el?.closest('.pg');
    if (!el || !page || product === null || latest.current.readOnly || e.button !== 0) return;
    // No text selection, no dragging the link itself.
    e.preventDefault();
    el.focus({ preventScroll: true });
    el.setPointerCapture(e.pointerId);
    const dot = el.getBoundingClientRect();
    drag = {
      el,
      product,
      pointer: e.pointerId,
      box: page.getBoundingClientRect(),
      from: { x: e.clientX, y: e.clientY },
      // Where in the dot it was taken: the dot does not jump under the pointer.
      offset: { x: dot.left + dot.width / 2 - e.clientX, y: dot.top + dot.height / 2 - e.clientY },
      to: null,
    };
  };

  const onPointerMove = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    if (!drag.to && Math.hypot(e.clientX - drag.from.x, e.clientY - drag.from.y) < 3) return;
    drag.to = framePoint({ x: e.clientX + drag.offset.x, y: e.clientY + drag.offset.y }, drag.box);
    drag.el.dataset.dragging = '';
    drag.el.style.left = `${(drag.to.x / DESIGN_FRAME.width) * 100}%`;
    drag.el.style.top = `${(drag.to.y / DESIGN_FRAME.height) * 100}%`;
  };

  const onPointerUp = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    const { el, product, to } = drag;
    drag = null;
    delete el.dataset.dragging;
    if (!to) return;
    dragged = true;
    setTimeout(() => {
      dragged = false;
    });
    latest.current.onMoveProduct(product, to.x, to.y);
  };

  const onPointerCancel = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    // Back where the document has it.
    const { el, product } = drag;
    drag = null;
    delete el.dataset.dragging;
    const p = latest.current;
    const item = p.doc.content[p.lang]?.creatives.find((c) => c.coordinate === p.coordinate)?.products[
      product
    ];
    if (item) {
      el.style.left = `${(item.coordinateX / DESIGN_FRAME.width) * 100}%`;
      el.style.top = `${(item.coordinateY / DESIGN_FRAME.height) * 100}%`;
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const el = (e.target as TElement).closest?.<HTMLElement>('.hs');
    const product = hotspotProduct(el?.dataset.edit);
    const p = latest.current;
    if (product === null || p.readOnly) return;
    const item = p.doc.content[p.lang]?.creatives.find((c) => c.coordinate === p.coordinate)?.products[
      product
    ];
    const to = item && nudged({ x: item.coordinateX, y: item.coordinateY }, e.key, e.shiftKey);
    if (!to) return;
    e.preventDefault();
    p.onMoveProduct(product, to.x, to.y);
  };

  const listeners = [
    ['click', onClick],
    ['pointerdown', onPointerDown],
    ['pointermove', onPointerMove],
    ['pointerup', onPointerUp],
    ['pointercancel', onPointerCancel],
    ['keydown', onKeyDown],
  ] as const;
  for (const [type, fn] of listeners) frameDoc.addEventListener(type, fn as EventListener);
  return () => {
    for (const [type, fn] of listeners) frameDoc.removeEventListener(type, fn as EventListener);
  };
}
