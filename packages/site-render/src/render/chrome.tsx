import { seoOf, type TLanguageContent, type TSiteLanguage } from '@swipe/contracts/sites';
import type { CSSProperties, ReactNode } from 'react';
import { AlbumButton } from './album';
import { NewsButton } from './notices';
import { languagePath, type TCtx } from './parts';
import { safeHeadTags, type THeadTag } from './safe-tags';
import { CSS } from './styles';
import { HTML_LANG, LANGUAGE_NAMES } from './texts';

// The document's head (SEO, Open Graph, critical CSS, the runtime) and the fixed header.

type TMenuEntry = TLanguageContent['menus'][number];

/**
 * The global menu's entries grouped by category (categories hold pages): entries
 * without one first, then each category under its heading, in the order categories first appear.
 */
export function menuGroups(menus: TMenuEntry[]): { category: string; entries: TMenuEntry[] }[] {
  const groups = new Map<string, TMenuEntry[]>([['', []]]);
  for (const m of menus) {
    const list = groups.get(m.category) ?? [];
    list.push(m);
    groups.set(m.category, list);
  }
  return [...groups].flatMap(([category, entries]) => (entries.length ? [{ category, entries }] : []));
}

/** Head tags with the menu entries' keywords added to the page's meta keywords, when it has them. */
export function withMenuKeywords(tags: THeadTag[], menus: TMenuEntry[]): THeadTag[] {
  const words = menus.map((m) => m.keywords).filter(Boolean);
  if (words.length === 0) return tags;
  return tags.map((tag) =>
    tag.tag === 'meta' && tag.attrs.name?.toLowerCase() === 'keywords'
      ? { ...tag, attrs: { ...tag.attrs, content: [tag.attrs.content, ...words].filter(Boolean).join(', ') } }
      : tag,
  );
}

export function Header({ ctx }: { ctx: TCtx }) {
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
      {ctx.notices && ctx.notices.length > 0 && <NewsButton ctx={ctx} list={ctx.notices} />}
      {doc.displayAlbum && <AlbumButton ctx={ctx} />}
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
            {menuGroups(menus).map((g, n) =>
              g.category ? (
                // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls (fieldset)
                <div key={g.category} role="group" aria-labelledby={`mc${n}`}>
                  <p className="mh" id={`mc${n}`}>
                    {g.category}
                  </p>
                  {g.entries.map((m, i) => (
                    <MenuLink key={m.id ?? i} entry={m} />
                  ))}
                </div>
              ) : (
                g.entries.map((m, i) => <MenuLink key={m.id ?? i} entry={m} />)
              ),
            )}
          </nav>
        </details>
      )}
    </header>
  );
}

function MenuLink({ entry: m }: { entry: TMenuEntry }) {
  return (
    <a
      href={`#${m.target}`}
      style={m.textColor ? ({ color: m.textColor } as CSSProperties) : undefined}
      data-ev="MENU"
      data-id={m.target}
    >
      {m.name}
      {m.keywords && <small className="mk">{m.keywords}</small>}
    </a>
  );
}

export function Head({ ctx, children }: { ctx: TCtx; children?: ReactNode }) {
  const { doc, lang } = ctx;
  const seo = seoOf(doc, lang);
  const title = seo.title || doc.name;
  // The addresses search engines and shares should keep: the site's own, wherever it is served.
  const root = ctx.canonicalRoot ?? `${ctx.origin}${ctx.basePath}`;
  const origin = ctx.canonicalRoot ? new URL(ctx.canonicalRoot).origin : ctx.origin;
  const address = (l: TSiteLanguage) => languagePath({ basePath: root, doc }, l);
  const url = address(lang);
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
        <link key={l} rel="alternate" hrefLang={HTML_LANG[l]} href={address(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={address(doc.defaultLanguage)} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      {seo.description && <meta property="og:description" content={seo.description} />}
      <meta property="og:url" content={url} />
      {ogImage && (
        <meta property="og:image" content={/^https?:\/\//.test(ogImage) ? ogImage : `${origin}${ogImage}`} />
      )}
      {/* A site without an icon names an empty one: browsers then do not ask for /favicon.ico. */}
      <link rel="icon" href={favicon ? (favicon.variants[0]?.url ?? favicon.url) : 'data:,'} />
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
      {withMenuKeywords(safeHeadTags(seo.head), doc.content[lang]!.menus).map((tag) =>
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
