import { POPUP_KINDS, seoOf } from '@swipe/contracts/sites';
import { renderToStaticMarkup } from 'react-dom/server';
import { ALBUM_CSS, AlbumPanel } from './album';
import { CampaignZones, zonesCss, zonesOf } from './campaigns';
import { Head, Header } from './chrome';
import { cspHash, pageScripts, registrationScript } from './link-scripts';
import { opensMembersOnly, type TRenderInput } from './model';
import { NewsBanner, NewsPanel, NOTICES_CSS } from './notices';
import { CompanyModal, Popup, ProductPanel } from './overlays';
import { Page } from './page';
import { languagePath, type TCtx } from './parts';
import { safeBodyScripts, scriptOrigins } from './safe-tags';
import { SnsSprite } from './sns-icons';
import { SOUND_CSS } from './sound';
import { NOT_FOUND_CSS } from './styles';
import { HTML_LANG, NOT_FOUND_TEXTS, TEXTS } from './texts';

// The published site: one whole HTML document per site language, rendered on the
// server with no hydration. Everything a visitor typed or a creator wrote is text to React
// (escaped); links pass isSafeUserLink (http, https, mailto, tel) or are one of the site's own
// visitor pages or pages. Members-only pages carry a lock, never their content (except for a signed-in
// member of the site, and in the owner's preview). Campaign zones (campaigns.tsx) sit beside the
// column on wide windows. The runtime (runtime/) adds tracking, keyboard, the popup CTAs, the
// campaign zones' page changes and clicks, the news control's unread dot and banner, and small
// comforts. Latest information and delivered notifications open in a panel (notices.tsx).
// The album of all pages is another such panel (album.tsx); video pages have a sound toggle
// (sound.tsx). The body's data-slide (sliderTime) and data-swr (swipeRedirection) switch on the
// runtime's auto-advance and swipe redirection; neither is there when the setting is off.
// SCRIPT buttons' code is registered by inline scripts the CSP allows by hash (link-scripts.ts).

/**
 * One language of a site as a whole HTML document, and the script sources its CSP must allow:
 * the origins of its body scripts, and the hash of each inline script of its SCRIPT buttons.
 */
export function renderSitePage(input: TRenderInput): { html: string; scriptSources: string[] } {
  const { doc, lang } = input;
  const content = doc.content[lang]!;
  const langRoot = languagePath(input, lang).replace(/\/$/, '');
  const ctx: TCtx = { ...input, t: TEXTS[lang], langRoot };
  const rows = doc.numberVertical;
  const cols = doc.numberHorizontal;
  const creatives = content.creatives;
  const at = (r: number, c: number) =>
    r >= 0 && r < rows && c >= 0 && c < cols ? creatives[r * cols + c]?.coordinate : undefined;
  const seo = seoOf(doc, lang);
  const scripts = safeBodyScripts(seo.body);
  const buttonScripts = pageScripts(input).map(registrationScript);
  const sns = new Set(content.sns.map((s) => s.snsType));
  const popups = POPUP_KINDS.filter((k) => doc.popupCtas[k].enabled);
  const zones = zonesOf(input);
  const notices = input.notices ?? [];
  const videos = creatives.some(
    (c) => c.media?.kind === 'VIDEO' && (!c.membersOnlyLock || opensMembersOnly(input.mode)),
  );
  // Rules only the pages using them carry: the album, the sound toggle, the news panel, zones.
  const extraCss = [doc.displayAlbum && ALBUM_CSS, videos && SOUND_CSS, notices.length > 0 && NOTICES_CSS]
    .filter(Boolean)
    .join('');

  const body = (
    <body
      className={doc.viewMode === 'MOBILE' ? 'm' : undefined}
      data-site={input.siteId}
      data-lang={lang}
      data-ev-url={input.eventsUrl ?? undefined}
      data-mode={input.mode}
      data-slide={doc.sliderTime || undefined}
      data-swr={doc.swipeRedirection ? '' : undefined}
      data-var={input.variation?.id}
      data-goal={input.variation?.goal ?? undefined}
    >
      {sns.size > 0 && <SnsSprite types={[...sns]} />}
      <div className="fr">
        {seo.h1 && <h1 className="vh">{seo.h1}</h1>}
        <Header ctx={ctx} />
        <main className="gr">
          {Array.from({ length: rows }, (_, r) => (
            <section key={creatives[r * cols]?.coordinate} className="rw">
              {Array.from({ length: cols }, (_, c) => {
                const creative = creatives[r * cols + c];
                if (!creative) return null;
                return (
                  <Page
                    key={creative.coordinate}
                    ctx={ctx}
                    creative={creative}
                    index={r * cols + c}
                    total={creatives.length}
                    neighbours={{
                      up: at(r - 1, c),
                      down: at(r + 1, c),
                      left: at(r, c - 1),
                      right: at(r, c + 1),
                    }}
                  />
                );
              })}
            </section>
          ))}
        </main>
        {popups.map((k) => (
          <Popup key={k} ctx={ctx} kind={k} cta={doc.popupCtas[k]} />
        ))}
        <NewsBanner ctx={ctx} list={notices} />
      </div>
      {zones.length > 0 && <CampaignZones ctx={ctx} zones={zones} />}
      {creatives.flatMap((c) =>
        c.membersOnlyLock && !opensMembersOnly(input.mode)
          ? []
          : c.products.map((p, i) => (
              <ProductPanel
                key={`${c.coordinate}-${i}`}
                ctx={ctx}
                page={c.coordinate}
                product={p}
                n={i + 1}
              />
            )),
      )}
      {creatives.some((c) => c.showCompany) && <CompanyModal ctx={ctx} />}
      {notices.length > 0 && <NewsPanel ctx={ctx} list={notices} />}
      {doc.displayAlbum && <AlbumPanel ctx={ctx} />}
      {scripts.map((src) => (
        <script key={src} src={src} defer />
      ))}
      {input.commentsUrl && input.mode === 'PREVIEW' && <script src={input.commentsUrl} defer />}
      {buttonScripts.map((text) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the creator's parsed script, escaped to stay in its element; the CSP allows exactly this text
        <script key={text} dangerouslySetInnerHTML={{ __html: text }} />
      ))}
    </body>
  );
  const html = renderToStaticMarkup(
    <html lang={HTML_LANG[lang]}>
      <Head ctx={ctx}>
        {zones.length > 0 && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS, no user text
          <style dangerouslySetInnerHTML={{ __html: zonesCss(zones) }} />
        )}
        {extraCss && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS, no user text
          <style dangerouslySetInnerHTML={{ __html: extraCss }} />
        )}
      </Head>
      {body}
    </html>,
  );
  return {
    html: `<!doctype html>${html}`,
    scriptSources: [...scriptOrigins(scripts), ...buttonScripts.map(cspHash)],
  };
}

/** The visitor's page for an unknown, unpublished or expired site. */
export function renderNotFoundPage(opts: { uiLang: 'ja' | 'en' | 'ko' | 'zh' }): string {
  const t = NOT_FOUND_TEXTS[opts.uiLang];
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={opts.uiLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{t.title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS */}
        <style dangerouslySetInnerHTML={{ __html: NOT_FOUND_CSS }} />
      </head>
      <body>
        <main>
          <b aria-hidden="true">404</b>
          <h1>{t.title}</h1>
          <p>{t.body}</p>
        </main>
      </body>
    </html>,
  )}`;
}
