import { useElementSize } from '@mantine/hooks';
import { CAMPAIGN_FRAME, type TCampaignBanner, type TCampaignButton } from '@swipe/contracts/campaigns';
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CampaignButtonView } from './campaign-button-view';
import {
  itemHasError,
  nudgeOf,
  removeItem,
  snapBox,
  snapResize,
  stackOf,
  type TBox,
  type TCampaignDraft,
  type TCorner,
  type TGuides,
  type TItemKind,
  type TSelection,
  updateItem,
} from './campaign-draft';
import { MediaImg, type TMediaUrls } from './campaign-media';
import classes from './campaigns.module.css';

// The zone: the 389 x 737 frame with the campaign's background and its items where they will be,
// scaled down when the column is narrower. Pointer drag moves an item and its corner handles
// resize it, both snapping to the frame's edges and centre lines (with a guide); the arrow keys
// nudge the focused one. Every gesture is one undo step.

const FRAME = CAMPAIGN_FRAME;
const CORNERS: TCorner[] = ['nw', 'ne', 'sw', 'se'];
const PHONE_WIDTH = 200;

type TDrag = {
  kind: TItemKind;
  id: string;
  mode: 'move' | TCorner;
  start: TBox;
  px: number;
  py: number;
  group: string;
  lockRatio: boolean;
};

export function CampaignCanvas({
  draft,
  selection,
  onSelect,
  onChange,
  errors,
  readOnly,
  media,
  sanitize,
  phoneImage,
}: {
  draft: TCampaignDraft;
  selection: TSelection;
  onSelect: (sel: TSelection) => void;
  onChange: (next: TCampaignDraft, group?: string) => void;
  errors: Record<string, string>;
  readOnly: boolean;
  media: TMediaUrls;
  sanitize: ((html: string) => string) | null;
  phoneImage: string | undefined;
}) {
  const { t } = useTranslation();
  const { ref: boxRef, width: available } = useElementSize();
  const drag = useRef<TDrag | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [guides, setGuides] = useState<TGuides>({ v: [], h: [] });
  // The phone column hides on a phone (CSS): the frame then takes the whole width.
  const phoneShown = available > FRAME.width + PHONE_WIDTH;
  const room = available - (phoneShown ? PHONE_WIDTH + 12 : 0);
  const scale = available > 0 ? Math.min(1, room / FRAME.width) : 1;

  const names = new Map<string, string>();
  for (const [i, b] of draft.banners.entries())
    names.set(`banner:${b.id}`, t('campaigns.designer.bannerN', { n: i + 1 }));
  for (const [i, b] of draft.buttons.entries())
    names.set(`button:${b.id}`, t('campaigns.designer.buttonN', { n: i + 1 }));

  const begin = (
    e: ReactPointerEvent<HTMLElement>,
    kind: TItemKind,
    item: TBox & { id: string },
    mode: TDrag['mode'],
  ) => {
    if (e.button !== 0) return;
    onSelect({ kind, id: item.id });
    if (readOnly) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget.closest('[data-item]') as HTMLElement | null)?.focus({ preventScroll: true });
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      kind,
      id: item.id,
      mode,
      start: { x: item.x, y: item.y, width: item.width, height: item.height },
      px: e.clientX,
      py: e.clientY,
      group: `drag:${item.id}:${e.timeStamp}`,
      lockRatio: kind === 'banner' && (item as unknown as TCampaignBanner).lockRatio,
    };
  };

  const move = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.px) / scale;
    const dy = (e.clientY - d.py) / scale;
    let next: TBox;
    if (d.mode === 'move') {
      const snapped = snapBox({ ...d.start, x: d.start.x + dx, y: d.start.y + dy });
      setGuides(snapped.guides);
      next = { ...d.start, x: snapped.x, y: snapped.y };
    } else {
      const resized = snapResize(d.start, d.mode, dx, dy, d.lockRatio);
      setGuides(resized.guides);
      next = resized.box;
    }
    const cur = draftRef.current;
    onChange(
      updateItem(cur, { kind: d.kind, id: d.id }, (i) => ({ ...i, ...next })),
      d.group,
    );
  };

  const end = () => {
    drag.current = null;
    setGuides({ v: [], h: [] });
  };

  const onKey = (e: React.KeyboardEvent<HTMLElement>, kind: TItemKind, id: string) => {
    if (readOnly) return;
    const step = nudgeOf(e.key, e.shiftKey);
    if (step) {
      e.preventDefault();
      onChange(
        updateItem(draftRef.current, { kind, id }, (i) => ({ ...i, x: i.x + step[0], y: i.y + step[1] })),
        `nudge:${id}`,
      );
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onChange(removeItem(draftRef.current, { kind, id }));
      onSelect(null);
    }
  };

  const background =
    draft.backgroundOpacity >= 100
      ? draft.backgroundColor
      : `color-mix(in srgb, ${draft.backgroundColor} ${draft.backgroundOpacity}%, transparent)`;
  const bgUrl = media.urlOf(draft.background);

  const frame = (
    <div
      className={classes.frameBox}
      style={{ width: FRAME.width * scale, height: FRAME.height * scale }}
      data-testid="campaign-frame-box"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the zone groups its items; a fieldset is for form controls */}
      <div
        className={classes.frame}
        style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}
        role="group"
        aria-label={t('campaigns.designer.zoneLabel')}
        onPointerDown={(e) => {
          if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.bg) onSelect(null);
        }}
        data-testid="campaign-frame"
      >
        <div className={classes.background} style={{ backgroundColor: background }} data-bg="1" />
        {bgUrl && (
          <MediaImg
            src={bgUrl}
            alt=""
            className={classes.background}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        {stackOf(draft).map(({ kind, item }) => {
          const selected = selection?.kind === kind && selection.id === item.id;
          const name = names.get(`${kind}:${item.id}`) ?? '';
          const banner = kind === 'banner' ? (item as TCampaignBanner) : null;
          const url = banner ? media.urlOf(banner.media) : undefined;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a positioned, draggable box with handles cannot be a <button>
            <div
              key={`${kind}:${item.id}`}
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`${name} (${Math.round(item.x)}, ${Math.round(item.y)}, ${Math.round(item.width)} × ${Math.round(item.height)})`}
              className={classes.item}
              data-item
              data-selected={selected}
              data-error={itemHasError(errors, draft, kind, item.id)}
              data-readonly={readOnly}
              data-testid={`campaign-item-${kind}`}
              style={{
                left: item.x,
                top: item.y,
                width: item.width,
                height: item.height,
                zIndex: item.zIndex,
              }}
              onPointerDown={(e) => begin(e, kind, item, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              onFocus={() => !selected && onSelect({ kind, id: item.id })}
              onKeyDown={(e) => onKey(e, kind, item.id)}
            >
              <div inert style={{ width: '100%', height: '100%' }}>
                {banner ? (
                  url ? (
                    <MediaImg
                      src={url}
                      alt=""
                      className={classes.bannerImage}
                      style={{ objectFit: banner.lockRatio ? 'contain' : 'fill' }}
                    />
                  ) : null
                ) : (
                  <CampaignButtonView button={item as TCampaignButton} media={media} sanitize={sanitize} />
                )}
              </div>
              {selected &&
                !readOnly &&
                CORNERS.map((c) => (
                  <div
                    key={c}
                    className={classes.handle}
                    data-corner={c}
                    aria-hidden
                    data-testid={`campaign-handle-${c}`}
                    style={{ transform: scale < 1 ? `scale(${1 / scale})` : undefined }}
                    onPointerDown={(e) => begin(e, kind, item, c)}
                    onPointerMove={move}
                    onPointerUp={end}
                    onPointerCancel={end}
                  />
                ))}
            </div>
          );
        })}
        {guides.v.map((x) => (
          <div
            key={`v${x}`}
            className={classes.guide}
            style={{ left: x - 0.5, top: 0, bottom: 0, width: 1 }}
          />
        ))}
        {guides.h.map((y) => (
          <div
            key={`h${y}`}
            className={classes.guide}
            style={{ top: y - 0.5, left: 0, right: 0, height: 1 }}
          />
        ))}
      </div>
    </div>
  );

  const phone = (
    <div
      className={classes.phone}
      style={{ height: FRAME.height * scale }}
      role="img"
      aria-label={t('campaigns.designer.phoneColumn')}
      data-testid="campaign-phone-column"
    >
      {phoneImage ? (
        <MediaImg src={phoneImage} alt="" />
      ) : (
        <span style={{ color: 'var(--mantine-color-gray-7)', fontSize: 14 }}>
          {t('campaigns.designer.phoneColumnEmpty')}
        </span>
      )}
    </div>
  );

  return (
    <div ref={boxRef} className={classes.stage}>
      {draft.position === 3 && phone}
      {frame}
      {draft.position !== 3 && phone}
    </div>
  );
}
