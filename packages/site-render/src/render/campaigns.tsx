/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { sanitizeButtonHtml } from '@swipe/contracts/campaign-html';
import {
  type BUTTON_ANIMATIONS,
  CAMPAIGN_FRAME,
  CAMPAIGN_MIN_WINDOW,
  CORNER_RADII,
  campaignForPage,
  type TCampaignButton,
  type TCampaignLink,
} from '@swipe/contracts/campaigns';
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import type { CSSProperties } from 'react';
import type { TRenderInput, TViewerCampaign, TViewerMedia } from './model';
import type { TCtx } from './parts';

// Campaign zones beside the site: on a MOBILE site, the campaign active today (JST, both days
// included) that covers a page, the latest started, fills the space beside the 500 px column.
// Everything is in the cached HTML: no request to show it.
// - One `.cz` per campaign that some page shows, with the pages it covers (`data-pages`); the
//   first page's is shown, the others are `hidden` until the runtime arrives on their pages.
// - Position 1: the zone left of the column; 3: right of it; 2 (centre): both sides, the right
//   one a copy for the eye (aria-hidden, out of the tab order).
// - A zone is `position: fixed` outside the column (nothing reserved, nothing moves: CLS 0), shown
//   only when the window is wider than 500 px (CSS). Its background: the colour at its opacity,
//   the image over it (cover). Items sit on a 389 x 737 frame scaled to fit the zone (percent
//   boxes, sizes in container units), in their z order.
// - Animations are CSS keyframes, only under prefers-reduced-motion: no-preference.
// - Links: EXTERNAL_URL (http/https/mailto/tel) opens in a new tab; INTERNAL_URL is a path
//   within the site (under its language's root); CREATIVE_BLOCK goes to that page of the grid;
//   SURVEY to the site's survey page. A SCRIPT item has no link but `data-cs`: the page's CSP
//   runs no creator code (user HTML only inside a sandbox), so after counting its click the
//   runtime loads the item's code into a hidden frame (/api/end-user/campaign/{id}/script, served
//   only when it parses) whose CSP sandboxes it: an opaque origin, without the visitor's cookies,
//   storage or the page.

const pct = (v: number, of: number) => `${+((v / of) * 100).toFixed(3)}%`;
const cqw = (px: number) => `${+((px / CAMPAIGN_FRAME.width) * 100).toFixed(3)}cqw`;

type TAnimation = (typeof BUTTON_ANIMATIONS)[number];

/** Each animation's class and keyframes (transform, opacity, shadows and filters only: no layout). */
const ANIMATIONS: Record<Exclude<TAnimation, 'NONE'>, { cls: string; css: string }> = {
  PULSE: {
    cls: 'k1',
    css: '.k1{animation:k1 1.6s ease-in-out infinite}@keyframes k1{50%{transform:scale(1.07)}}',
  },
  GLOW: {
    cls: 'k2',
    css: '.k2{animation:k2 2s ease-in-out infinite}@keyframes k2{50%{box-shadow:0 0 1em .25em rgba(255,255,255,.75)}}',
  },
  BOUNCE: {
    cls: 'k3',
    css: '.k3{animation:k3 1.4s ease infinite}@keyframes k3{0%,40%,100%{transform:none}20%{transform:translateY(-18%)}30%{transform:translateY(-6%)}}',
  },
  SHIMMER: {
    cls: 'k4',
    css: '.k4{overflow:hidden}.k4::after{content:"";position:absolute;inset:0;background:linear-gradient(105deg,transparent 35%,rgba(255,255,255,.55) 50%,transparent 65%);transform:translateX(-100%);animation:k4 2.2s ease-in-out infinite}@keyframes k4{60%,100%{transform:translateX(100%)}}',
  },
  GLITCH: {
    cls: 'k5',
    css: '.k5{animation:k5 2.5s steps(1) infinite}@keyframes k5{0%,20%,100%{transform:none;filter:none}4%{transform:translate(-2%,1%);filter:hue-rotate(90deg)}8%{transform:translate(2%,-1%)}12%{transform:translate(-1%,0);filter:hue-rotate(-90deg)}16%{transform:translate(1%,1%)}}',
  },
  WOBBLE: {
    cls: 'k6',
    css: '.k6{animation:k6 1.8s ease-in-out infinite}@keyframes k6{0%,60%,100%{transform:none}15%{transform:rotate(-4deg)}30%{transform:rotate(3deg)}45%{transform:rotate(-2deg)}}',
  },
  BUBBLY: {
    cls: 'k7',
    css: '.k7{animation:k7 1.5s ease-in-out infinite}@keyframes k7{0%,100%{transform:none}30%{transform:scale(1.08,.92)}60%{transform:scale(.95,1.05)}}',
  },
  PULSE_OUT: {
    cls: 'k8',
    css: '.k8{animation:k8 1.8s ease-out infinite}@keyframes k8{0%{box-shadow:0 0 0 0 rgba(255,255,255,.7)}100%{box-shadow:0 0 0 .9em rgba(255,255,255,0)}}',
  },
};

/** The zones' own rules, added to a page only when it has zones. */
const ZONE_CSS = `
.cz,.cz[hidden]{display:none}
@media (min-width:${CAMPAIGN_MIN_WINDOW + 1}px){.cz{display:block}}
.cs{position:fixed;top:0;bottom:0;width:calc(50% - 250px);overflow:hidden;background:center/cover no-repeat}
.cl{left:0}.cr{right:0}
.cf{position:absolute;left:50%;top:50%;width:min(100%,calc(100vh*${CAMPAIGN_FRAME.width}/${CAMPAIGN_FRAME.height}));aspect-ratio:${CAMPAIGN_FRAME.width}/${CAMPAIGN_FRAME.height};transform:translate(-50%,-50%);container-type:inline-size}
.ci{position:absolute;display:block;font-size:4.1cqw}
.ci>img,.ci>video{display:block;width:100%;height:100%}
.cb{position:relative;display:flex;align-items:center;justify-content:center;width:100%;height:100%;padding:0 .5em;overflow:hidden;font-weight:700;line-height:1.2;text-align:center;text-decoration:none;cursor:pointer}
.cb>img{width:100%;height:100%;object-fit:contain}
.cm{position:absolute;left:0;right:0;display:flex;flex-direction:column;align-items:center;margin:0;padding:.25em 0;font-size:.75em;line-height:1.3;pointer-events:none}
.cm>span{white-space:nowrap}
.mt_{bottom:100%}.mb_{top:100%}.al_{align-items:flex-start}.ar_{align-items:flex-end}
`
  .replace(/\n/g, '')
  .trim();

/** Where an item leads, as an href; null when nowhere (a SCRIPT item, an unsafe address). */
export function campaignHref(
  link: TCampaignLink,
  ctx: Pick<TCtx, 'langRoot' | 'doc' | 'lang'>,
): string | null {
  switch (link.type) {
    case 'EXTERNAL_URL':
      return isSafeUserLink(link.url) ? link.url : null;
    case 'INTERNAL_URL':
      return /^\/(?!\/)[^\s\\]*$/.test(link.url) ? `${ctx.langRoot}${link.url}` : null;
    case 'CREATIVE_BLOCK':
      return ctx.doc.content[ctx.lang]?.creatives.some((c) => c.coordinate === link.url)
        ? `#${link.url}`
        : null;
    case 'SURVEY':
      return `${ctx.langRoot}/survey?id=${encodeURIComponent(link.url)}`;
    default:
      return null;
  }
}

/** Which campaign each page of the site shows, grouped: campaign and the pages it covers. */
export function zonesOf(input: Pick<TRenderInput, 'doc' | 'lang' | 'campaigns'>) {
  const out = new Map<string, { campaign: TViewerCampaign; pages: string[] }>();
  const c = input.campaigns;
  if (!c || c.list.length === 0 || input.doc.viewMode !== 'MOBILE') return [];
  for (const creative of input.doc.content[input.lang]?.creatives ?? []) {
    const campaign = campaignForPage(c.list, creative.coordinate, c.today);
    if (!campaign) continue;
    const zone = out.get(campaign.id) ?? { campaign, pages: [] };
    zone.pages.push(creative.coordinate);
    out.set(campaign.id, zone);
  }
  return [...out.values()];
}

/** The zones' CSS: the base rules and the keyframes of the animations in use. */
export function zonesCss(zones: ReturnType<typeof zonesOf>): string {
  const used = new Set<TAnimation>();
  for (const z of zones) for (const b of z.campaign.buttons) used.add(b.animation);
  const keyframes = [...used].flatMap((a) => (a === 'NONE' ? [] : [ANIMATIONS[a].css])).join('');
  return `${ZONE_CSS}${keyframes ? `@media (prefers-reduced-motion:no-preference){${keyframes}}` : ''}`;
}

const box = (i: { x: number; y: number; width: number; height: number; zIndex: number }): CSSProperties => ({
  left: pct(i.x, CAMPAIGN_FRAME.width),
  top: pct(i.y, CAMPAIGN_FRAME.height),
  width: pct(i.width, CAMPAIGN_FRAME.width),
  height: pct(i.height, CAMPAIGN_FRAME.height),
  zIndex: i.zIndex,
});

/** The link attributes of an item: none for an inert one, `data-cs` (its code runs) for a SCRIPT one. */
function linkAttrs(link: TCampaignLink, ctx: TCtx, copy: boolean) {
  const href = campaignHref(link, ctx);
  return {
    ...(href ? { href } : {}),
    // No link to follow: a button to the keyboard and to assistive technology.
    ...(link.type === 'SCRIPT' ? { 'data-cs': '', role: 'button', tabIndex: 0 } : {}),
    ...(href && /^(https?:|mailto:|tel:)/i.test(href)
      ? { target: '_blank', rel: 'noopener noreferrer' }
      : {}),
    ...(copy ? { tabIndex: -1 } : {}),
  };
}

function Media(props: {
  media: TViewerMedia | undefined;
  alt: string;
  fit: 'contain' | 'fill';
  widthPx: number;
}) {
  const m = props.media;
  if (!m) return null;
  if (m.kind === 'VIDEO')
    return (
      <video src={m.url} muted loop autoPlay playsInline preload="none" style={{ objectFit: props.fit }} />
    );
  const srcSet = m.variants.map((v) => `${v.url} ${v.width}w`).join(',');
  return (
    <img
      src={m.url}
      srcSet={srcSet || undefined}
      // The frame is at most half the window wide: the item is its share of that.
      sizes={srcSet ? `${Math.max(1, Math.ceil((props.widthPx / CAMPAIGN_FRAME.width) * 50))}vw` : undefined}
      alt={props.alt}
      loading="lazy"
      decoding="async"
      style={{ objectFit: props.fit }}
    />
  );
}

function ButtonItem(props: { ctx: TCtx; b: TCampaignButton; copy: boolean }) {
  const { ctx, b } = props;
  const anim = b.animation === 'NONE' ? '' : ` ${ANIMATIONS[b.animation].cls}`;
  const radius = b.corner === 'PILL' ? '999px' : cqw(CORNER_RADII[b.corner]);
  const lines = b.microcopy.lines.filter((l) => l !== '');
  const align = b.microcopy.align === 'LEFT' ? ' al_' : b.microcopy.align === 'RIGHT' ? ' ar_' : '';
  const html = b.type === 'HTML' ? sanitizeButtonHtml(b.html) : '';
  return (
    <div className="ci" style={box(b)}>
      {lines.length > 0 && b.microcopy.position === 'TOP' && (
        <p className={`cm mt_${align}`} style={{ color: b.microcopy.color }}>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed text in order
            <span key={i}>{l}</span>
          ))}
        </p>
      )}
      {b.type === 'HTML' ? (
        <a
          className={`cb${anim}`}
          {...linkAttrs(b.link, ctx, props.copy)}
          data-ci={b.id}
          style={{ background: b.backgroundColor, color: b.textColor, borderRadius: radius }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: re-written from an allowlist (campaign-html.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <a
          className={`cb${anim}`}
          {...linkAttrs(b.link, ctx, props.copy)}
          data-ci={b.id}
          style={{
            background: b.type === 'MEDIA' ? 'transparent' : b.backgroundColor,
            color: b.textColor,
            borderRadius: radius,
          }}
        >
          {b.type === 'MEDIA' ? (
            <Media
              media={b.media ? ctx.media[b.media.assetId] : undefined}
              alt={b.text}
              fit="contain"
              widthPx={b.width}
            />
          ) : (
            b.text
          )}
        </a>
      )}
      {lines.length > 0 && b.microcopy.position === 'BOTTOM' && (
        <p className={`cm mb_${align}`} style={{ color: b.microcopy.color }}>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed text in order
            <span key={i}>{l}</span>
          ))}
        </p>
      )}
    </div>
  );
}

function Side(props: { ctx: TCtx; campaign: TViewerCampaign; side: 'cl' | 'cr'; copy: boolean }) {
  const { ctx, campaign: c } = props;
  const bg = c.background ? ctx.media[c.background.assetId] : undefined;
  const image = bg?.kind === 'IMAGE' ? (bg.variants.at(-1)?.url ?? bg.url) : undefined;
  const name = c.names[ctx.lang] || Object.values(c.names).find((n) => n) || '';
  return (
    <div
      className={`cs ${props.side}`}
      style={{
        backgroundColor:
          c.backgroundOpacity >= 100
            ? c.backgroundColor
            : `color-mix(in srgb,${c.backgroundColor} ${c.backgroundOpacity}%,transparent)`,
        ...(image ? { backgroundImage: `url("${image.replace(/["\\\n]/g, '')}")` } : {}),
      }}
      {...(props.copy ? { 'aria-hidden': true } : { role: 'complementary', 'aria-label': name })}
    >
      <div className="cf">
        {c.banners.map((b) => (
          <a key={b.id} className="ci" style={box(b)} {...linkAttrs(b.link, ctx, props.copy)} data-ci={b.id}>
            <Media
              media={ctx.media[b.media.assetId]}
              alt={name}
              fit={b.lockRatio ? 'contain' : 'fill'}
              widthPx={b.width}
            />
          </a>
        ))}
        {c.buttons.map((b) => (
          <ButtonItem key={b.id} ctx={ctx} b={b} copy={props.copy} />
        ))}
      </div>
    </div>
  );
}

/** The zones of the page's campaigns (nothing when no page has one). */
export function CampaignZones(props: { ctx: TCtx; zones: ReturnType<typeof zonesOf> }) {
  const first = props.ctx.doc.content[props.ctx.lang]?.creatives[0]?.coordinate;
  return (
    <>
      {props.zones.map(({ campaign, pages }) => (
        <div
          key={campaign.id}
          className="cz"
          data-cz={campaign.id}
          data-pages={pages.join(',')}
          hidden={!pages.includes(first ?? '')}
        >
          {campaign.position !== 3 && <Side ctx={props.ctx} campaign={campaign} side="cl" copy={false} />}
          {campaign.position !== 1 && (
            <Side ctx={props.ctx} campaign={campaign} side="cr" copy={campaign.position === 2} />
          )}
        </div>
      ))}
    </>
  );
}
