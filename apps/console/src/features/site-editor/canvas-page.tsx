import type { TCampaign } from '@swipe/contracts/campaigns';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { Header } from '@swipe/site-render/render/chrome';
import { Popup } from '@swipe/site-render/render/overlays';
import { Page } from '@swipe/site-render/render/page';
import type { TCtx } from '@swipe/site-render/render/parts';
import { SnsSprite } from '@swipe/site-render/render/sns-icons';
import { memo, type ReactNode } from 'react';
import { canvasContext, canvasPage, samePageInputs } from './canvas-model';

// The body of the live canvas: one page of the draft drawn by the viewer's own components, in
// the structure of the published page's body (site-page.tsx) cut down to that page: the header,
// the page, the popup CTAs it shows, and (beside the column, on wide frames) its campaign zone.

/** The rules the canvas adds to the published page's CSS: what is clickable, and the popups shown. */
export const CANVAS_CSS = [
  // The runtime shows a popup on its pages within its dates; the canvas draws only those of this
  // page, always.
  '.pu[hidden]{display:flex}',
  '[data-edit]{cursor:pointer}',
  '[data-edit]:hover{outline:2px dashed rgba(77,171,247,.95);outline-offset:3px}',
  '.pg>picture img,.pg>video{cursor:pointer}',
  // The hotspots keep their halo but do not pulse: an endless repaint beside the form would cost
  // every keystroke a little.
  '.hs{touch-action:none;cursor:grab;animation:none}',
  '.hs:focus-visible{outline:3px solid #4dabf7;outline-offset:3px}',
  '.hs[data-dragging]{cursor:grabbing}',
].join('');

type TZones = {
  zonesOf: typeof import('@swipe/site-render/render/campaigns').zonesOf;
  zonesCss: typeof import('@swipe/site-render/render/campaigns').zonesCss;
  CampaignZones: typeof import('@swipe/site-render/render/campaigns').CampaignZones;
};

export type TCanvasBodyProps = {
  doc: TSiteDocument;
  lang: TSiteLanguage;
  coordinate: string;
  mediaUrls: Record<string, string>;
  /** The site's campaigns, on frames wide enough for their zones. */
  campaigns?: readonly TCampaign[];
  today?: string;
  /** The viewer's campaign zones, loaded only when there are campaigns to show. */
  zones?: TZones | null;
};

function Body(props: TCanvasBodyProps) {
  const page = canvasPage(props.doc, props.lang, props.coordinate);
  if (!page) return null;
  const ctx: TCtx = canvasContext({
    doc: props.doc,
    lang: props.lang,
    page,
    mediaUrls: props.mediaUrls,
    campaigns: props.zones ? props.campaigns : undefined,
    today: props.today,
  });
  const { doc, lang } = ctx;
  const content = doc.content[lang]!;
  const sns = page.creative.showSns ? [...new Set(content.sns.map((s) => s.snsType))] : [];
  // As the runtime does: a popup at the bottom lifts the page's text and button above it.
  const bottom = page.popups.some((k) => doc.popupCtas[k].position !== 'TOP');
  let zones: ReactNode = null;
  if (props.zones && ctx.campaigns) {
    const list = props.zones.zonesOf(ctx);
    if (list.length > 0)
      zones = (
        <>
          <style>{props.zones.zonesCss(list)}</style>
          <props.zones.CampaignZones ctx={ctx} zones={list} />
        </>
      );
  }
  return (
    <>
      {sns.length > 0 && <SnsSprite types={sns} />}
      <div className={bottom ? 'fr pb' : 'fr'}>
        <Header ctx={ctx} />
        <main className="gr">
          <section className="rw">
            <Page
              ctx={ctx}
              creative={page.creative}
              index={page.index}
              total={page.total}
              neighbours={page.neighbours}
            />
          </section>
        </main>
        {page.popups.map((k) => (
          <Popup key={k} ctx={ctx} kind={k} cta={doc.popupCtas[k]} />
        ))}
      </div>
      {zones}
    </>
  );
}

/** Drawn again only when something the page shows changed (see samePageInputs). */
export const CanvasBody = memo(
  Body,
  (a, b) =>
    a.mediaUrls === b.mediaUrls &&
    a.campaigns === b.campaigns &&
    a.today === b.today &&
    a.zones === b.zones &&
    samePageInputs(a, b),
);
