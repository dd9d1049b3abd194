import { camelToSnake } from './case';
import {
  AA_LARGE,
  AA_NORMAL,
  layerOverImage,
  over,
  parseColour,
  plain,
  surface,
  type TBackdrop,
  worstContrast,
} from './colour-contrast';
import type { TMessageKey } from './messages';
import {
  checkPublishable,
  DESIGN_FRAME,
  POPUP_KINDS,
  seoOf,
  type TLink,
  type TMediaRef,
  type TSiteDocument,
  type TSiteLanguage,
} from './sites';

// The pre-publish check: what is wrong or risky in a site before it goes public. Errors
// block publishing (the server refuses them, the editor disables Publish); warnings are only
// shown. One list of findings for both, so the editor's panel and the server cannot disagree.

export const SITE_FINDING_CODES = [
  /** A language none of whose pages has an image (checkPublishable). */
  'emptyLanguage',
  /** An empty page before a filled one (checkPublishable). */
  'imagesConsecutive',
  /** Members-only pages while nobody can register (they need membership registration). */
  'registrationUnavailable',
  'altMissing',
  'lowContrast',
  'imageOversized',
  'seoTitleMissing',
] as const;
export type TSiteFindingCode = (typeof SITE_FINDING_CODES)[number];
export type TFindingSeverity = 'error' | 'warning';

export type TSiteFinding = {
  severity: TFindingSeverity;
  code: TSiteFindingCode;
  /** The field to open, as the editor names it: 'content.EN.creatives.3.imageAlt'. */
  path: string;
  lang?: TSiteLanguage;
  /** The page's coordinate ('B2'). */
  page?: string;
  params: Record<string, string | number>;
};

/** What the server answers for each error (its catalogue key). */
const REFUSAL_MESSAGES: Partial<Record<TSiteFindingCode, TMessageKey>> = {
  emptyLanguage: 'sites.imageRequired',
  imagesConsecutive: 'sites.imagesConsecutive',
  registrationUnavailable: 'sites.registrationUnavailable',
};

/** What the media library knows of a file: pixels (null for videos) and bytes. */
export type TMediaSize = { width: number | null; height: number | null; bytes: number | null };

/** What lies behind the page's texts: the .tx gradient's darkest end (packages/site-render/src/render/styles.ts). */
export const TEXT_SCRIM = 'rgba(0,0,0,.55)';
/** A page without media shows its background (.pg) under the texts. */
export const PAGE_BACKGROUND = '#1c1c1e';
/** The popup card (.pu) and the product sheet (.sh). */
export const POPUP_CARD = 'rgba(255,255,255,.97)';
export const PRODUCT_SHEET = '#fff';

/**
 * An image is far larger than shown when it is more than this many times the device pixels its
 * place needs (in the direction that decides its scale), or heavier than IMAGE_HEAVY_BYTES.
 */
export const IMAGE_OVERSIZE_FACTOR = 2;
export const IMAGE_HEAVY_BYTES = 5 * 1024 * 1024;
/** Phones draw at up to 3 device pixels per CSS pixel (the largest variant, 1170, is 390 x 3). */
const DPR = 3;

type TSlot = { width: number; height: number; fit: 'cover' | 'contain' };
/** The device pixels each place of an image needs at most, and how the image fills it. */
export const IMAGE_SLOTS = {
  /** A page on a phone: the designer frame, covered. */
  page: { width: DESIGN_FRAME.width * DPR, height: DESIGN_FRAME.height * DPR, fit: 'cover' },
  /** A page of a PC-mode site: a 1920 x 1080 screen at 2 device pixels per CSS pixel. */
  pagePc: { width: 3840, height: 2160, fit: 'cover' },
  /** An image button (.bi img): up to the text column's 460 wide and 30% of the frame high. */
  buttonImage: {
    width: 460 * DPR,
    height: Math.round(DESIGN_FRAME.height * 0.3) * DPR,
    fit: 'contain',
  },
  /** The product sheet's picture (.pi): up to 460 x 260, contained. */
  product: { width: 460 * DPR, height: 260 * DPR, fit: 'contain' },
  /** The popup's thumbnail (.pu img): 64 x 64, covered. */
  popup: { width: 64 * DPR, height: 64 * DPR, fit: 'cover' },
  /** The logo is 36 px high, as wide as it is (.lo img). */
  logo: { width: Number.POSITIVE_INFINITY, height: 36 * DPR, fit: 'contain' },
  /** Browsers ask at most 256 x 256 of a favicon (the recommended size the spec gives). */
  favicon: { width: 256, height: 256, fit: 'contain' },
} as const satisfies Record<string, TSlot>;

const round1 = (n: number) => Math.round(n * 10) / 10;
/** WCAG forbids rounding a ratio up to pass: shown cut to two decimals. */
const floor2 = (n: number) => Math.floor(n * 100) / 100;

const errorFinding = (f: Omit<TSiteFinding, 'severity' | 'params'> & { params?: TSiteFinding['params'] }) =>
  ({ severity: 'error', params: {}, ...f }) as TSiteFinding;
const warning = (f: Omit<TSiteFinding, 'severity' | 'params'> & { params?: TSiteFinding['params'] }) =>
  ({ severity: 'warning', params: {}, ...f }) as TSiteFinding;

/** A button is drawn when it has a text and leads somewhere. */
const drawsButton = (text: string, link: TLink) => text.trim() !== '' && link.kind !== 'NONE';

/**
 * The errors: checkPublishable's (an image in every language, placed from the first page on),
 * then members-only pages nobody can register for. The lock screen always offers registration
 * (packages/site-render/src/render/page.tsx), and membership is in every plan, so registration only fails
 * when the language's membership form lacks the email or password field the server needs.
 */
function errorFindings(doc: TSiteDocument): TSiteFinding[] {
  const out: TSiteFinding[] = [];
  for (const issue of checkPublishable(doc)) {
    const lang = issue.path[1] as TSiteLanguage;
    const index = issue.path[3];
    out.push(
      errorFinding({
        code: issue.message === 'sites.imageRequired' ? 'emptyLanguage' : 'imagesConsecutive',
        path: issue.path.join('.'),
        lang,
        page: typeof index === 'number' ? doc.content[lang]?.creatives[index]?.coordinate : undefined,
      }),
    );
  }
  for (const lang of doc.languages) {
    const content = doc.content[lang];
    if (!content) continue;
    const locked = content.creatives.filter((c) => c.membersOnlyLock).map((c) => c.coordinate);
    if (locked.length === 0) continue;
    const fields = content.forms.MEMBERSHIP_SETTING;
    const registers = ['EMAIL', 'PASSWORD'].every((b) => fields.some((f) => f.builtIn === b));
    if (!registers)
      out.push(
        errorFinding({
          code: 'registrationUnavailable',
          path: `content.${lang}.forms.MEMBERSHIP_SETTING`,
          lang,
          page: locked[0],
          params: { pages: locked.join(', '), count: locked.length },
        }),
      );
  }
  return out;
}

/** Text in `text` on `fill` (or straight on the backdrop), below AA: a finding. */
function contrast(
  opts: {
    text: string;
    fill?: string;
    behind: TBackdrop;
    large: boolean;
    element: string;
  } & Pick<TSiteFinding, 'path' | 'lang' | 'page'>,
): TSiteFinding | null {
  const text = parseColour(opts.text);
  const fill = opts.fill === undefined ? undefined : parseColour(opts.fill);
  if (!text || fill === null) return null;
  const ratio = worstContrast(text, fill ? surface(fill, opts.behind) : opts.behind);
  const required = opts.large ? AA_LARGE : AA_NORMAL;
  if (ratio >= required) return null;
  return warning({
    code: 'lowContrast',
    path: opts.path,
    lang: opts.lang,
    page: opts.page,
    params: {
      element: opts.element,
      ratio: floor2(ratio),
      required,
      text: opts.text,
      ...(opts.fill ? { background: opts.fill } : {}),
    },
  });
}

/** How many times more pixels than its place needs an image has, and whether that is too many. */
function oversized(
  ref: TMediaRef | null,
  slot: TSlot,
  media: Record<string, TMediaSize>,
  where: Pick<TSiteFinding, 'path' | 'lang' | 'page'>,
): TSiteFinding | null {
  if (!ref || ref.kind !== 'IMAGE') return null;
  const size = media[ref.assetId];
  if (!size) return null;
  const { width, height, bytes } = size;
  // Covering, the tighter direction decides the scale; contained, the looser one.
  const times =
    width && height
      ? (slot.fit === 'cover' ? Math.min : Math.max)(width / slot.width, height / slot.height)
      : 0;
  const heavy = bytes !== null && bytes > IMAGE_HEAVY_BYTES;
  if (times <= IMAGE_OVERSIZE_FACTOR && !heavy) return null;
  return warning({
    ...where,
    code: 'imageOversized',
    params: {
      width: width ?? 0,
      height: height ?? 0,
      times: round1(times),
      megabytes: round1((bytes ?? 0) / (1024 * 1024)),
    },
  });
}

function warningFindings(doc: TSiteDocument, media: Record<string, TMediaSize>): TSiteFinding[] {
  const out: (TSiteFinding | null)[] = [];
  const scrim = parseColour(TEXT_SCRIM)!;
  const sheet = plain(parseColour(PRODUCT_SHEET)!);
  const pageSlot = doc.viewMode === 'PC' ? IMAGE_SLOTS.pagePc : IMAGE_SLOTS.page;
  for (const lang of doc.languages) {
    const content = doc.content[lang];
    if (!content) continue;
    content.creatives.forEach((c, i) => {
      const at = `content.${lang}.creatives.${i}`;
      const page = c.coordinate;
      if (c.media && !c.imageAlt.trim())
        out.push(warning({ code: 'altMissing', path: `${at}.imageAlt`, lang, page }));
      // Texts lie on the scrim over the photo (any brightness), or over the empty page's colour.
      const behindTexts = c.media ? layerOverImage(scrim) : plain(over(scrim, parseColour(PAGE_BACKGROUND)!));
      if (c.mainText.trim())
        out.push(
          contrast({
            text: c.mainTextColor,
            behind: behindTexts,
            large: true, // .mt: at least 20px, bold
            element: 'mainText',
            path: `${at}.mainTextColor`,
            lang,
            page,
          }),
        );
      if (c.price.trim())
        out.push(
          contrast({
            text: c.priceTextColor,
            behind: behindTexts,
            large: true, // .pr: 20px, bold
            element: 'price',
            path: `${at}.priceTextColor`,
            lang,
            page,
          }),
        );
      // An image button is drawn as its image: its colours are not used.
      const imageButton = c.buttonImage?.kind === 'IMAGE';
      if (drawsButton(c.linkButtonText, c.link) && !imageButton)
        out.push(
          contrast({
            text: c.linkTextColor,
            fill: c.linkButtonColor,
            behind: behindTexts,
            large: false, // .bt: 16px
            element: 'button',
            path: `${at}.linkTextColor`,
            lang,
            page,
          }),
        );
      out.push(
        oversized(c.buttonImage, IMAGE_SLOTS.buttonImage, media, { path: `${at}.buttonImage`, lang, page }),
      );
      c.products.forEach((p, j) => {
        const where = { lang, page };
        out.push(
          contrast({
            text: p.textColor,
            fill: p.backgroundColor,
            behind: sheet,
            large: false,
            element: 'productText',
            path: `${at}.products.${j}.textColor`,
            ...where,
          }),
        );
        if (drawsButton(p.linkButtonText, p.link))
          out.push(
            contrast({
              text: p.linkTextColor,
              fill: p.linkButtonColor,
              behind: sheet,
              large: false,
              element: 'productButton',
              path: `${at}.products.${j}.linkTextColor`,
              ...where,
            }),
          );
        out.push(
          oversized(p.image, IMAGE_SLOTS.product, media, { path: `${at}.products.${j}.image`, ...where }),
        );
      });
      out.push(oversized(c.media, pageSlot, media, { path: `${at}.media`, lang, page }));
    });
    // The Settings tab's default SEO stands in for a language's empty title (seoOf).
    if (!seoOf(doc, lang).title.trim())
      out.push(warning({ code: 'seoTitleMissing', path: `content.${lang}.seo.title`, lang }));
  }
  const card = layerOverImage(parseColour(POPUP_CARD)!);
  for (const kind of POPUP_KINDS) {
    const cta = doc.popupCtas[kind];
    if (!cta.enabled) continue;
    // With no text of its own the button shows '▶' when it leads somewhere (overlays.tsx).
    if (cta.link.kind !== 'NONE')
      out.push(
        contrast({
          text: cta.linkTextColor,
          fill: cta.linkButtonColor,
          behind: card,
          large: false, // .pu .bt: 15px
          element: 'popupButton',
          path: `popupCtas.${kind}.linkTextColor`,
        }),
      );
    for (const lang of doc.languages)
      out.push(
        oversized(cta.texts[lang]?.image ?? null, IMAGE_SLOTS.popup, media, {
          path: `popupCtas.${kind}.texts.${lang}.image`,
          lang,
        }),
      );
  }
  out.push(oversized(doc.logo, IMAGE_SLOTS.logo, media, { path: 'logo' }));
  out.push(oversized(doc.favicon, IMAGE_SLOTS.favicon, media, { path: 'favicon' }));
  return out.filter((f): f is TSiteFinding => f !== null);
}

/**
 * Everything the pre-publish check finds: the errors first, then the warnings. `media` is what
 * the media library knows of the document's files (asset id to size); files it does not name
 * are not judged by size.
 */
export function checkSite(
  doc: TSiteDocument,
  opts: { media?: Record<string, TMediaSize> } = {},
): TSiteFinding[] {
  return [...errorFindings(doc), ...warningFindings(doc, opts.media ?? {})];
}

/** The wire name of a finding's field: 'document.content.JP.creatives.0.image_alt'. */
export const findingField = (path: string) => `document.${path.split('.').map(camelToSnake).join('.')}`;

/**
 * Why the server refuses to publish: one field error per error finding, with its catalogue
 * key (the first one is the answer's message). Empty when publishing may go ahead.
 */
export function publishRefusals(
  doc: TSiteDocument,
): { field: string; messageKey: TMessageKey; params?: Record<string, string | number> }[] {
  return errorFindings(doc).map((f) => ({
    field: findingField(f.path),
    messageKey: REFUSAL_MESSAGES[f.code]!,
    ...(Object.keys(f.params).length > 0 ? { params: f.params } : {}),
  }));
}
