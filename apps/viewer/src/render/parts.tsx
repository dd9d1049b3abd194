/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import { LANGUAGE_SEGMENT, type TLink, type TSiteLanguage } from '@swipe/contracts/sites';
import type { TRenderInput, TViewerMedia } from './model';
import type { TEXTS } from './texts';

// The small pieces every part of a page uses: the render context, addresses, links, pictures
// and buttons.

export type TCtx = TRenderInput & { t: (typeof TEXTS)[TSiteLanguage]; langRoot: string };

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

export const external = (href: string) => /^https?:/i.test(href);
export const linkProps = (href: string) =>
  external(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };

export const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;

/** The <picture> of a creative image: WebP variants by srcset, the original as fallback. */
export function Picture(props: { media: TViewerMedia; alt: string; first: boolean; sizes: string }) {
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

export function Button(props: {
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
