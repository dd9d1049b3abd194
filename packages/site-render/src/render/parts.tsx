/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { formatYen } from '@swipe/contracts/jst-format';
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import { LANGUAGE_SEGMENT, type TLink, type TPopupKind, type TSiteLanguage } from '@swipe/contracts/sites';
import type { TRenderInput, TViewerMedia } from './model';
import type { TEXTS } from './texts';

// The small pieces every part of a page uses: the render context, addresses, links, pictures
// and buttons.

export type TCtx = TRenderInput & {
  t: (typeof TEXTS)[TSiteLanguage];
  langRoot: string;
  /**
   * The console's live canvas (not a published page): the elements a creator edits carry
   * `data-edit` (their field, relative to the page, the popup or the language), so a click selects
   * that field. Unset when publishing: the published HTML has no such attribute.
   */
  editable?: boolean;
};

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
  // Another page of the site: its anchor, as the arrows (the scroll-snap grid goes there unaided).
  if (link.kind === 'CREATIVE_BLOCK' && link.page) return `#${link.page}`;
  return null;
}

/** What a button that is no link does, with the runtime: run its script, open a popup CTA. */
export type TLinkAction = { 'data-sc': string } | { 'data-pu': TPopupKind };

/**
 * A SCRIPT button names its script by scriptKey (the page registers each script under it, see
 * link-scripts.ts); a POPUP_CTA_TRANSITION button names its popup. Null for the other kinds.
 */
export function linkAction(link: TLink): TLinkAction | null {
  if (link.kind === 'SCRIPT' && link.script) return { 'data-sc': scriptKey(link.script) };
  if (link.kind === 'POPUP_CTA_TRANSITION' && link.popup) return { 'data-pu': link.popup };
  return null;
}

/** A short name for a script, the same wherever it is computed (FNV-1a, base 36). */
export function scriptKey(code: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

export const external = (href: string) => /^https?:/i.test(href);
export const linkProps = (href: string) =>
  external(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };

export const yen = (n: number) => formatYen(n);

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

/**
 * Link texts that say nothing of where they lead, in the four site languages (and the phrases
 * search engines list as such): a link with one of them also says what it belongs to.
 */
const VAGUE_LINK_TEXTS = new Set([
  'click here',
  'click this',
  'details',
  'find out more',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'read more',
  'right here',
  'see more',
  'start',
  'this',
  'view more',
  'ここをクリック',
  'こちら',
  'こちらをクリック',
  'もっと見る',
  'リンク',
  '続きを読む',
  '続く',
  '全文表示',
  '詳しく見る',
  '詳しくはこちら',
  '詳細',
  '詳細はこちら',
  '여기',
  '여기를 클릭',
  '클릭',
  '링크',
  '자세히',
  '자세히 보기',
  '계속',
  '이동',
  '전체 보기',
  '더 보기',
  '点击这里',
  '点击此处',
  '这里',
  '更多',
  '了解更多',
  '查看详情',
  '详情',
  '阅读更多',
  '查看更多',
  '链接',
]);

/** True for a link text that names no destination ('Learn more', '詳しく見る ›'). */
export const isVagueLinkText = (text: string) =>
  VAGUE_LINK_TEXTS.has(
    text
      .trim()
      .replace(/[\s.。…!！>›»→▶]+$/u, '')
      .replace(/\s+/g, ' ')
      .toLowerCase(),
  );

/**
 * What a link is about, for screen readers and search engines only: visually hidden after its
 * text, so that 'Learn more' reads 'Learn more: Naturally brewed miso'.
 */
export const LinkContext = ({ about }: { about: string }) => <span className="vh">: {about}</span>;

export function Button(props: {
  href: string | null;
  /** Instead of a link: what the runtime does on a press (linkAction). */
  action?: TLinkAction | null;
  /** An image button: drawn as this image, the text its alternative text. */
  image?: TViewerMedia;
  text: string;
  /** What the button belongs to (its page's text, its product): said after a vague text. */
  about?: string;
  colour: string;
  textColour: string;
  ev: string;
  evId?: string;
  /** The button text's field, on the live canvas only (TCtx.editable). */
  edit?: string;
}) {
  if (!props.text || (!props.href && !props.action)) return null;
  const { image } = props;
  const look = {
    className: image ? 'bt bi' : 'bt',
    style: image ? undefined : { background: props.colour, color: props.textColour },
    'data-ev': props.ev,
    'data-id': props.evId,
    'data-edit': props.edit,
  };
  const face = image ? (
    <img
      src={image.url}
      srcSet={image.variants.map((v) => `${v.url} ${v.width}w`).join(',') || undefined}
      sizes="(min-width: 500px) 460px, 92vw"
      alt={props.text}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading="lazy"
    />
  ) : props.about && isVagueLinkText(props.text) ? (
    <>
      {props.text}
      <LinkContext about={props.about} />
    </>
  ) : (
    props.text
  );
  // A script or a popup is no place to go: a button, pressed with the runtime.
  if (props.action)
    return (
      <button type="button" {...look} {...props.action}>
        {face}
      </button>
    );
  return (
    <a {...look} {...linkProps(props.href!)}>
      {face}
    </a>
  );
}
