import type { TPreviewComment } from '@swipe/contracts/preview-comments';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { memo, useCallback, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './comments.module.css';
import { pinPosition, pinsOf, sameBox, type TBox } from './comments-model';
import { commentsUi, useComments, useCommentsUi } from './comments-state';

// The reviewers' comments on the live canvas: a numbered pin for each thread of the page and
// language shown, at its point of the page (thousandths of its width and height). The pins sit in
// a layer over the frame, not in the viewer's drawing; the layer lets every click through but
// the pins' own, so editing on the canvas goes on around them. A pin opens the drawer at its
// thread. Drawn again only when the pins or the frame change, never per keystroke.

export type TCommentPinsProps = {
  siteId: string;
  lang: TSiteLanguage;
  /** The page shown (A1 ...). */
  page: string;
  /** The frame's body (the canvas's document), where the page's box is measured. */
  body: HTMLElement | null;
  /** The frame's scale on screen. */
  scale: number;
  /** The frame's own size (it changes with the device). */
  width: number;
  height: number;
};

export const CommentPins = memo(function CommentPins(props: TCommentPinsProps) {
  const { t } = useTranslation();
  const { siteId, lang, page } = props;
  const filter = useCommentsUi((s) => s.filter);
  const select = useCallback(
    (list: TPreviewComment[]) => pinsOf(list, lang, page, filter),
    [lang, page, filter],
  );
  const pins = useComments(siteId, select, true);
  const box = usePageBox(props);
  if (!pins.data?.length || !box) return null;
  return (
    <div className={classes.pins} data-testid="comment-pins">
      {pins.data.map((pin) => {
        const at = pinPosition(pin, box, props.scale);
        return (
          <button
            key={pin.id}
            type="button"
            className={classes.pin}
            data-open={pin.open || undefined}
            style={{ left: at.left, top: at.top }}
            aria-label={t(pin.open ? 'previewComments.pinOpen' : 'previewComments.pinResolved', {
              number: pin.number,
            })}
            onClick={() => commentsUi.openThread(pin.id, pin.open)}
            data-testid="comment-pin"
            data-number={pin.number}
          >
            {pin.number}
          </button>
        );
      })}
    </div>
  );
});

/**
 * The page's box in the frame (its own px): the whole frame on a phone, the column in the middle
 * of a wide frame. Measured again when the frame's size or the page changes.
 */
function usePageBox({ body, page, width, height }: TCommentPinsProps): TBox | null {
  const [box, setBox] = useState<TBox | null>(null);
  useLayoutEffect(() => {
    // The page and the frame's size are what a new measure is for.
    void page;
    void width;
    void height;
    if (!body) return;
    const doc = body.ownerDocument;
    const view = doc.defaultView;
    const measure = () => {
      const r = body.querySelector('.pg')?.getBoundingClientRect();
      const next =
        r && r.width > 0 && r.height > 0
          ? { left: r.left, top: r.top, width: r.width, height: r.height }
          : { left: 0, top: 0, width: view?.innerWidth ?? width, height: view?.innerHeight ?? height };
      setBox((prev) => (sameBox(prev, next) ? prev : next));
    };
    measure();
    // The frame's own observer (the elements are of its window).
    const Observer = (view as (Window & typeof globalThis) | null)?.ResizeObserver ?? ResizeObserver;
    const observer = new Observer(measure);
    observer.observe(doc.documentElement);
    observer.observe(body);
    return () => observer.disconnect();
  }, [body, page, width, height]);
  return body ? box : null;
}
