/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { opensMembersOnly } from './model';
import type { TCtx } from './parts';

// The album (displayAlbum): a header control opens a panel of every page of the site, in grid
// order (each row of the grid a row of thumbnails), labelled by coordinate; choosing one jumps to
// that page. Like the news panel it is a :target overlay, so it works without script: the
// thumbnail's link is the page's anchor, which closes the panel and scrolls the page into view.
// Thumbnails are the smallest image variant, loaded lazily (the panel is display:none until it
// opens); a members-only page shows its lock, never its image, unless the mode opens it.

/** Only on pages with the album: the rules of its control and panel. */
export const ALBUM_CSS = `
.ab{padding:0 9px}
.ab svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2}
.ag{display:grid;gap:10px 8px;justify-content:center;overflow-x:auto;list-style:none;margin:0;padding:0}
.ag a{display:block;text-align:center;font-size:12px;font-weight:700;text-decoration:none;color:#111}
.ag img,.ag i{display:grid;place-items:center;width:100%;aspect-ratio:9/16;object-fit:cover;border-radius:8px;background:#e9ecef}
.ag.w img,.ag.w i{aspect-ratio:16/10}
.ag svg{width:22px;height:22px;fill:none;stroke:#495057;stroke-width:1.8}
.ag span{display:block;margin-top:4px}
`
  .replace(/\n/g, '')
  .trim();

/** The header's album control: opens the panel. */
export function AlbumButton({ ctx }: { ctx: TCtx }) {
  return (
    <a className="ch ab" href="#al">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />
      </svg>
      <span className="vh">{ctx.t.album}</span>
    </a>
  );
}

const LOCK = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);
const PLAY = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d="M8 5v14l11-7z" />
  </svg>
);

/** The panel of all pages, one grid column per column of the site. */
export function AlbumPanel({ ctx }: { ctx: TCtx }) {
  const { doc, t } = ctx;
  const creatives = doc.content[ctx.lang]!.creatives;
  return (
    <div className="ov" id="al" role="dialog" aria-modal="true" aria-labelledby="al-t">
      <div className="sh">
        {/* biome-ignore lint/a11y/useValidAnchor: without script, '#' closes the panel and leaves the swiped position as it was */}
        <a className="x" href="#" data-close="" aria-label={t.close}>
          ×
        </a>
        <h2 id="al-t">{t.album}</h2>
        <ol
          className={doc.viewMode === 'MOBILE' ? 'ag' : 'ag w'}
          style={{ gridTemplateColumns: `repeat(${doc.numberHorizontal},minmax(64px,110px))` }}
        >
          {creatives.map((c) => {
            const media = c.media ? ctx.media[c.media.assetId] : undefined;
            const locked = c.membersOnlyLock && !opensMembersOnly(ctx.mode);
            return (
              <li key={c.coordinate}>
                <a href={`#${c.coordinate}`}>
                  {locked ? (
                    <i>
                      {LOCK}
                      <b className="vh">{t.membersOnly}</b>
                    </i>
                  ) : media?.kind === 'IMAGE' ? (
                    <img src={media.variants[0]?.url ?? media.url} alt="" loading="lazy" decoding="async" />
                  ) : (
                    <i>{media ? PLAY : null}</i>
                  )}
                  <span>{c.coordinate}</span>
                </a>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
