/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import {
  DESIGN_FRAME,
  LANGUAGE_SEGMENT,
  POPUP_KINDS,
  type TCreative,
  type TLink,
  type TPopupCta,
  type TProduct,
  type TSiteLanguage,
} from '@swipe/contracts/sites';
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TRenderInput, TViewerMedia } from './model';
import { safeBodyScripts, safeHeadTags, scriptOrigins } from './safe-tags';
import { SNS_ICONS, SnsSprite } from './sns-icons';
import { CSS, NOT_FOUND_CSS } from './styles';
import { HTML_LANG, LANGUAGE_NAMES, NOT_FOUND_TEXTS, TEXTS } from './texts';

// SPEC 2 "End-user site layout": one whole HTML document per site language, rendered on the
// server with no hydration. Everything a visitor typed or a creator wrote is text to React
// (escaped); links pass isSafeUserLink (http, https, mailto, tel) or are one of the site's own
// visitor pages. Members-only pages carry a lock, never their content (except in the owner's
// preview). The runtime (runtime/) adds tracking, keyboard, the popup CTAs and small comforts.

type TCtx = TRenderInput & { t: (typeof TEXTS)[TSiteLanguage]; langRoot: string };

/** The path of a language's page: the default language adds no segment. */
export function languagePath(input: Pick<TRenderInput, 'basePath' | 'doc'>, lang: TSiteLanguage) {
  const root = input.basePath;
  return lang === input.doc.defaultLanguage ? `${root}/` : `${root}/${LANGUAGE_SEGMENT[lang]}`;
}

/** Where a link button leads, or null when nowhere (or nowhere safe). */
export function linkHref(link: TLink, langRoot: string): string | null {
  if (link.kind === 'EXTERNAL') return isSafeUserLink(link.url) ? link.url : null;
  if (link.kind === 'INTERNAL')
    return link.internalTarget === 'CONTACT'
      ? `${langRoot}/contact`
      : link.internalTarget === 'FORM'
        ? `${langRoot}/forms`
        : link.internalTarget === 'MEMBERSHIP'
          ? `${langRoot}/register`
          : null;
  if (link.kind === 'SURVEY' && link.surveyId)
    return `${langRoot}/survey?id=${encodeURIComponent(link.surveyId)}`;
  return null;
}

const external = (href: string) => /^https?:/i.test(href);
const linkProps = (href: string) =>
  external(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };

const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;

/** The <picture> of a creative image: WebP variants by srcset, the original as fallback. */
function Picture(props: { media: TViewerMedia; alt: string; first: boolean; sizes: string }) {
  const { media } = props;
  const srcSet = media.variants.map((v) => `${v.url} ${v.width}w`).join(',');
  return (
    <picture>
      {srcSet && <source type="image/webp" srcSet={srcSet} sizes={props.sizes} />}
      <img
        src={media.url}
        alt={props.alt}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        loading={props.first ? 'eager' : 'lazy'}
        decoding={props.first ? 'sync' : 'async'}
        {...(props.first ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}

function Button(props: {
  href: string | null;
  text: string;
  colour: string;
  textColour: string;
  ev: string;
  evId?: string;
}) {
  if (!props.text || !props.href) return null;
  return (
    <a
      className="bt"
      {...linkProps(props.href)}
      style={{ background: props.colour, color: props.textColour }}
      data-ev={props.ev}
      data-id={props.evId}
    >
      {props.text}
    </a>
  );
}

const ARROWS = {
  au: 'M6 15l6-6 6 6',
  ad: 'M6 9l6 6 6-6',
  al: 'M15 6l-6 6 6 6',
  aa: 'M9 6l6 6-6 6',
} as const;

function Arrow(props: { dir: keyof typeof ARROWS; to: string | undefined; colour: string; label: string }) {
  if (!props.to) return null;
  return (
    <a className={`ar ${props.dir}`} href={`#${props.to}`} style={{ color: props.colour }}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={ARROWS[props.dir]} />
      </svg>
      <span className="vh">{props.label}</span>
    </a>
  );
}

function BottomBar(props: { ctx: TCtx; creative: TCreative }) {
  const { ctx, creative } = props;
  const content = ctx.doc.content[ctx.lang]!;
  const sns = creative.showSns ? content.sns.filter((s) => s.snsUrl) : [];
  if (sns.length === 0 && !creative.showCompany) return null;
  return (
    <div className="bb">
      {sns.map((s) => {
        const href =
          s.snsType === 'phone_number' ? `tel:${s.snsUrl.replace(/^tel:/, '').replace(/\s/g, '')}` : s.snsUrl;
        if (!isSafeUserLink(href)) return null;
        return (
          <a
            key={`${s.snsType}:${s.snsUrl}`}
            className="sn"
            href={href}
            {...(external(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            data-ev="SNS"
            data-id={s.snsType}
          >
            <svg aria-hidden="true">
              <use href={`#i-${s.snsType}`} />
            </svg>
            <span className="vh">{SNS_ICONS[s.snsType].label}</span>
          </a>
        );
      })}
      {creative.showCompany && (
        <a className="ch cb" href="#co" data-ev="COMPANY">
          {ctx.t.company}
        </a>
      )}
    </div>
  );
}

function Page(props: {
  ctx: TCtx;
  creative: TCreative;
  index: number;
  total: number;
  neighbours: { up?: string; down?: string; left?: string; right?: string };
}) {
  const { ctx, creative, index } = props;
  const { t } = ctx;
  const media = creative.media ? ctx.media[creative.media.assetId] : undefined;
  const locked = creative.membersOnlyLock && ctx.mode === 'PUBLIC';
  const sizes = ctx.doc.viewMode === 'MOBILE' ? '(min-width: 500px) 500px, 100vw' : '100vw';
  const arrows = (
    <>
      <Arrow dir="au" to={props.neighbours.up} colour={creative.hoverArrowColor} label={t.up} />
      <Arrow dir="ad" to={props.neighbours.down} colour={creative.hoverArrowColor} label={t.down} />
      <Arrow dir="al" to={props.neighbours.left} colour={creative.hoverArrowColor} label={t.previous} />
      <Arrow dir="aa" to={props.neighbours.right} colour={creative.hoverArrowColor} label={t.next} />
    </>
  );
  return (
    <article
      className="pg"
      id={creative.coordinate}
      data-i={index}
      data-fade={creative.arrowFadeInterval || undefined}
      aria-label={`${index + 1} / ${props.total}`}
    >
      {ctx.doc.displayPageCount && (
        <div className="pc" aria-hidden="true">
          {index + 1} / {props.total}
        </div>
      )}
      {locked ? (
        <div className="lk">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          <p>{t.locked}</p>
          <div>
            <a className="lb" href={`${ctx.langRoot}/login`}>
              {t.signIn}
            </a>
            <a className="lb" href={`${ctx.langRoot}/register`}>
              {t.register}
            </a>
          </div>
        </div>
      ) : (
        <>
          {media?.kind === 'VIDEO' ? (
            <video
              src={media.url}
              muted
              playsInline
              loop
              autoPlay
              preload="metadata"
              aria-label={creative.imageAlt}
            />
          ) : media ? (
            <Picture media={media} alt={creative.imageAlt} first={index === 0} sizes={sizes} />
          ) : null}
          {creative.membersOnlyLock && <div className="bd">🔒</div>}
          {(creative.mainText || creative.price || creative.linkButtonText) && (
            <div className="tx">
              {creative.mainText && (
                <p className="mt" style={{ color: creative.mainTextColor }}>
                  {creative.mainText}
                </p>
              )}
              {creative.price && (
                <p className="pr" style={{ color: creative.priceTextColor }}>
                  {creative.price}
                </p>
              )}
              <Button
                href={linkHref(creative.link, ctx.langRoot)}
                text={creative.linkButtonText}
                colour={creative.linkButtonColor}
                textColour={creative.linkTextColor}
                ev="LINK"
                evId={creative.coordinate}
              />
            </div>
          )}
          {creative.products.map((p, i) => (
            <a
              key={p.id ?? i}
              className="hs"
              href={`#p-${creative.coordinate}-${i + 1}`}
              style={{
                left: `${(p.coordinateX / DESIGN_FRAME.width) * 100}%`,
                top: `${(p.coordinateY / DESIGN_FRAME.height) * 100}%`,
              }}
              aria-label={p.productName}
              data-ev="PRODUCT"
              data-id={`${creative.coordinate}-${i + 1}`}
            >
              {i + 1}
            </a>
          ))}
        </>
      )}
      {arrows}
      <BottomBar ctx={ctx} creative={creative} />
    </article>
  );
}

/** A product's panel: opened by its hotspot (:target), closed back to its page. */
function ProductPanel(props: { ctx: TCtx; page: string; product: TProduct; n: number }) {
  const { ctx, product } = props;
  const image = product.image ? ctx.media[product.image.assetId] : undefined;
  const id = `p-${props.page}-${props.n}`;
  return (
    <div className="ov" id={id} role="dialog" aria-modal="true" aria-labelledby={`${id}-t`}>
      <div className="sh">
        <a className="x" href={`#${props.page}`} aria-label={ctx.t.close}>
          ×
        </a>
        {image && <img className="pi" src={image.variants[1]?.url ?? image.url} alt="" loading="lazy" />}
        <h2 id={`${id}-t`}>{product.productName}</h2>
        {product.price !== null && (
          <p className="pp">
            {yen(product.price)} <small>({ctx.t.taxIncluded})</small>
          </p>
        )}
        {product.description && <p className="pd">{product.description}</p>}
        <Button
          href={linkHref(product.link, ctx.langRoot)}
          text={product.linkButtonText}
          colour={product.linkButtonColor}
          textColour={product.linkTextColor}
          ev="LINK"
          evId={id}
        />
      </div>
    </div>
  );
}

/** SPEC 2: the company-info modal, its four tabs as an exclusive accordion (no script needed). */
function CompanyModal({ ctx }: { ctx: TCtx }) {
  const company = ctx.doc.content[ctx.lang]!.company;
  const sections = [
    company.companyProfile,
    company.companyClause,
    company.termsOfService,
    company.privacyPolicy,
  ];
  const keys = ['COMPANY_PROFILE', 'SPECIFIC_COMMERCIAL', 'TERMS_OF_USE', 'PRIVACY_POLICY'];
  return (
    <div className="ov" id="co" role="dialog" aria-modal="true" aria-labelledby="co-t">
      <div className="sh">
        {/* biome-ignore lint/a11y/useValidAnchor: without script, '#' closes the modal and leaves the swiped position as it was */}
        <a className="x" href="#" data-close="" aria-label={ctx.t.close}>
          ×
        </a>
        <h2 id="co-t">{ctx.t.company}</h2>
        {sections.map((text, i) => (
          <details key={keys[i]} className="ct" name="co" open={i === 0} data-tab={keys[i]}>
            <summary>{ctx.t.companyTabs[i]}</summary>
            <div>
              {text}
              {i === 0 && company.companyWebsite && isSafeUserLink(company.companyWebsite) && (
                <>
                  {text ? '\n' : ''}
                  <a href={company.companyWebsite} target="_blank" rel="noopener noreferrer">
                    {company.companyWebsite}
                  </a>
                </>
              )}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}

/** A popup CTA: hidden in the HTML (which is cached), shown by the runtime within its dates. */
function Popup(props: { ctx: TCtx; kind: (typeof POPUP_KINDS)[number]; cta: TPopupCta }) {
  const { ctx, cta, kind } = props;
  const image = cta.image ? ctx.media[cta.image.assetId] : undefined;
  const href = linkHref(cta.link, ctx.langRoot);
  return (
    <div
      className={cta.position === 'TOP' ? 'pu tp' : 'pu'}
      hidden
      data-kind={kind}
      data-start={cta.startDate ?? undefined}
      data-end={cta.endDate ?? undefined}
      data-pages={cta.effectivePages.join(',')}
      data-limit={kind === 'applicantLimit' ? cta.limit : undefined}
      data-remaining-time={cta.showRemainingTime ? '' : undefined}
    >
      {image && <img src={image.variants[0]?.url ?? image.url} alt="" loading="lazy" />}
      <div className="pb">
        <Button
          href={href}
          text={cta.linkButtonText || (href ? '▶' : '')}
          colour={cta.linkButtonColor}
          textColour={cta.linkTextColor}
          ev="CTA"
          evId={kind}
        />
        <span className="cd" />
      </div>
      <button type="button" className="x" aria-label={ctx.t.close}>
        ×
      </button>
    </div>
  );
}

function Header({ ctx }: { ctx: TCtx }) {
  const { doc, lang, t } = ctx;
  const content = doc.content[lang]!;
  const logo = doc.logo ? ctx.media[doc.logo.assetId] : undefined;
  const menus = doc.displayGlobalMenu ? content.menus.filter((m) => m.name) : [];
  return (
    <header className="hd">
      {logo ? (
        <a className="lo" href={`#${content.creatives[0]?.coordinate ?? 'A1'}`}>
          <img src={logo.variants[0]?.url ?? logo.url} alt={doc.name} height={36} />
        </a>
      ) : (
        <span className="sp" />
      )}
      {doc.displayLanguageIcon &&
        (doc.languages.length > 1 ? (
          <details className="dd">
            <summary className="ch" aria-label={t.language}>
              {LANGUAGE_NAMES[lang]} ▾
            </summary>
            <nav className="dl">
              {doc.languages.map((l) => (
                <a
                  key={l}
                  href={languagePath(ctx, l)}
                  hrefLang={HTML_LANG[l]}
                  lang={HTML_LANG[l]}
                  aria-current={l === lang ? 'true' : undefined}
                  data-lang={l}
                >
                  {LANGUAGE_NAMES[l]}
                </a>
              ))}
            </nav>
          </details>
        ) : (
          <span className="ch">{LANGUAGE_NAMES[lang]}</span>
        ))}
      {menus.length > 0 && (
        <details className="dd mn">
          <summary className="ch" style={{ color: doc.globalMenuTextColor }}>
            ☰ {t.menu}
          </summary>
          <nav className="dl">
            {menus.map((m, i) => (
              <a
                key={m.id ?? i}
                href={`#${m.target}`}
                style={m.textColor ? ({ color: m.textColor } as CSSProperties) : undefined}
                data-ev="MENU"
                data-id={m.target}
              >
                {m.name}
              </a>
            ))}
          </nav>
        </details>
      )}
    </header>
  );
}

function Head({ ctx, children }: { ctx: TCtx; children?: ReactNode }) {
  const { doc, lang } = ctx;
  const seo = doc.content[lang]!.seo;
  const title = seo.title || doc.name;
  const url = `${ctx.origin}${languagePath(ctx, lang)}`;
  const first = doc.content[lang]!.creatives.find((c) => c.media && !c.membersOnlyLock);
  const firstMedia = first?.media ? ctx.media[first.media.assetId] : undefined;
  const ogImage =
    firstMedia?.kind === 'IMAGE' ? (firstMedia.variants.at(-1)?.url ?? firstMedia.url) : undefined;
  const favicon = doc.favicon ? ctx.media[doc.favicon.assetId] : undefined;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
      <title>{title}</title>
      {seo.description && <meta name="description" content={seo.description} />}
      {ctx.mode === 'PREVIEW' && <meta name="robots" content="noindex,nofollow" />}
      <link rel="canonical" href={url} />
      {doc.languages.map((l) => (
        <link key={l} rel="alternate" hrefLang={HTML_LANG[l]} href={`${ctx.origin}${languagePath(ctx, l)}`} />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={`${ctx.origin}${languagePath(ctx, doc.defaultLanguage)}`}
      />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      {seo.description && <meta property="og:description" content={seo.description} />}
      <meta property="og:url" content={url} />
      {ogImage && <meta property="og:image" content={`${ctx.origin}${ogImage}`} />}
      {favicon && <link rel="icon" href={favicon.variants[0]?.url ?? favicon.url} />}
      {firstMedia?.kind === 'IMAGE' && firstMedia.variants.length > 0 && (
        <link
          rel="preload"
          as="image"
          imageSrcSet={firstMedia.variants.map((v) => `${v.url} ${v.width}w`).join(',')}
          imageSizes={doc.viewMode === 'MOBILE' ? '(min-width: 500px) 500px, 100vw' : '100vw'}
          fetchPriority="high"
        />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS, no user text */}
      <style dangerouslySetInnerHTML={{ __html: CSS }} />
      {safeHeadTags(seo.head).map((tag) =>
        tag.tag === 'meta' ? (
          <meta key={JSON.stringify(tag.attrs)} {...tag.attrs} />
        ) : (
          <link key={JSON.stringify(tag.attrs)} {...tag.attrs} />
        ),
      )}
      <script src={ctx.runtimeUrl} defer />
      {children}
    </head>
  );
}

/** One language of a site as a whole HTML document, and the script origins its CSP must allow. */
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
  const scripts = safeBodyScripts(content.seo.body);
  const sns = new Set(content.sns.map((s) => s.snsType));
  const popups = POPUP_KINDS.filter((k) => doc.popupCtas[k].enabled);

  const body = (
    <body
      className={doc.viewMode === 'MOBILE' ? 'm' : undefined}
      data-site={input.siteId}
      data-lang={lang}
      data-ev-url={input.eventsUrl ?? undefined}
      data-mode={input.mode}
    >
      {sns.size > 0 && <SnsSprite types={[...sns]} />}
      <div className="fr">
        {content.seo.h1 && <h1 className="vh">{content.seo.h1}</h1>}
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
      </div>
      {creatives.flatMap((c) =>
        c.membersOnlyLock && input.mode === 'PUBLIC'
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
      {scripts.map((src) => (
        <script key={src} src={src} defer />
      ))}
    </body>
  );
  const html = renderToStaticMarkup(
    <html lang={HTML_LANG[lang]}>
      <Head ctx={ctx} />
      {body}
    </html>,
  );
  return { html: `<!doctype html>${html}`, scriptSources: scriptOrigins(scripts) };
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
