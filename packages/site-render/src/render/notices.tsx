/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { TVisitorNotice } from '@swipe/contracts/communications';
import { formatDate } from '@swipe/contracts/jst-format';
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import { LinkContext, linkProps, type TCtx } from './parts';
import { HTML_LANG } from './texts';

// Latest information and delivered notifications on the published page: a bell in the header
// opens a panel (:target, no script) listing them; the newest delivery also has a banner, hidden
// in the (cached) HTML, that the runtime shows once per visitor. The runtime puts a dot on the
// bell while the newest item (`data-t`, its start) is newer than the one seen when the panel was
// last opened, and shows the panel's Web Push button where the browser can push.

/** Only on pages that have news: the rules of the bell, the panel and the banner. */
export const NOTICES_CSS = `
.nb{position:relative;padding:0 9px}
.nb svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2}
.nu::after{content:"";position:absolute;top:4px;right:5px;width:8px;height:8px;border-radius:50%;background:#fa5252}
.nl{list-style:none;margin:0;padding:0}
.nl li{display:flex;gap:12px;padding:14px 0;border-top:1px solid #e9ecef}
.nl img{flex:none;border-radius:8px;object-fit:cover}
.nl h3{margin:0;font-size:15px}
.nl time{font-size:12px;color:#868e96}
.nl p{margin:6px 0;font-size:14px;line-height:1.6;white-space:pre-line;overflow-wrap:anywhere}
.nl a{font-size:14px;color:#1c7ed6}
.np{width:100%;margin:0 0 8px;border:0;background:#1c7ed6;color:#fff;font-family:inherit}
.np[hidden],.nbn[hidden]{display:none}
.nbn{position:absolute;z-index:7;top:58px;left:12px;right:12px;display:flex;align-items:center;gap:8px;padding:6px 6px 6px 14px;border-radius:14px;background:#fff;color:#111;box-shadow:0 8px 30px rgba(0,0,0,.3)}
.nbn a{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:14px;font-weight:700;text-decoration:none}
.nbn .x{position:static;flex:none;width:30px;height:30px;font-size:18px}
`
  .replace(/\n/g, '')
  .trim();

/** The header's news control: opens the panel. */
export function NewsButton({ ctx, list }: { ctx: TCtx; list: TVisitorNotice[] }) {
  return (
    <a className="ch nb" href="#nw" data-t={list[0]?.visibleFrom}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M18 16v-5a6 6 0 0 0-12 0v5l-2 2h16zM10 21h4" />
      </svg>
      <span className="vh">{ctx.t.news}</span>
    </a>
  );
}

/** The panel of news items, newest first; with the device-notifications button when pushing is offered. */
export function NewsPanel({ ctx, list }: { ctx: TCtx; list: TVisitorNotice[] }) {
  const { t } = ctx;
  return (
    <div className="ov" id="nw" role="dialog" aria-modal="true" aria-labelledby="nw-t">
      <div className="sh">
        {/* biome-ignore lint/a11y/useValidAnchor: without script, '#' closes the panel and leaves the swiped position as it was */}
        <a className="x" href="#" data-close="" aria-label={t.close}>
          ×
        </a>
        <h2 id="nw-t">{t.news}</h2>
        {ctx.pushUrl && (
          <button
            type="button"
            className="bt np"
            hidden
            data-js={ctx.pushUrl}
            data-sw={`${ctx.basePath}/sw.js`}
          >
            {t.pushOn}
          </button>
        )}
        <ul className="nl">
          {list.map((n) => (
            <li key={n.id}>
              {n.imageUrl && (
                <img src={n.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
              )}
              <div>
                <h3>{n.title}</h3>
                <time dateTime={n.postedDate}>{formatDate(n.postedDate, HTML_LANG[ctx.lang])}</time>
                {n.content && <p>{n.content}</p>}
                {n.linkUrl && isSafeUserLink(n.linkUrl) && (
                  <a {...linkProps(n.linkUrl)}>
                    {t.more}
                    <LinkContext about={n.title} />
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The newest delivered notification's banner: hidden here, shown by the runtime once per visitor. */
export function NewsBanner({ ctx, list }: { ctx: TCtx; list: TVisitorNotice[] }) {
  const newest = list.find((n) => n.kind === 'DELIVERY');
  if (!newest) return null;
  return (
    <div className="nbn" hidden data-id={newest.id}>
      <a href="#nw">{newest.title}</a>
      <button type="button" className="x" aria-label={ctx.t.close}>
        ×
      </button>
    </div>
  );
}
