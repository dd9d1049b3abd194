import {
  isScheduled,
  noticeStatus,
  type TDeliveryInput,
  type TNewsInput,
  type TNoticeState,
  type TNoticeStatus,
  type TPublication,
  ZNoticeListQuery,
} from '@swipe/contracts/communications';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TMediaRef, TSiteLanguage } from '@swipe/contracts/sites';
import { z } from 'zod';
import { defineListQuery, type TListQuery } from '../../app/use-list-query';

// The pure side of the latest-information and notification-delivery screens: the form's values
// and what is sent, the JST wall time of the date-time pickers, the status a row shows, the
// buttons a form offers, and the list's query in the address. Unit-tested next door.

/** What the shared form edits (news and deliveries alike; a delivery has no sites). */
export type TNoticeFormValues = {
  title: string;
  linkUrl: string;
  content: string;
  /** JST day, YYYY-MM-DD. */
  postedDate: string;
  image: TMediaRef | null;
  publication: TPublication;
  /** ISO instants (kept while IMMEDIATE is chosen, so switching back restores them). */
  startAt: string | null;
  endAt: string | null;
  /** The state saved last (a new item: DRAFT); the button pressed picks the one sent. */
  state: TNoticeState;
  languages: TSiteLanguage[];
  siteIds: string[];
};

/** The fields of a saved item the form reads (TNews and TDelivery both have them). */
type TSavedNotice = Omit<TNoticeFormValues, 'siteIds'> & { siteIds?: string[] };

export const emptyNotice = (today: string): TNoticeFormValues => ({
  title: '',
  linkUrl: '',
  content: '',
  postedDate: today,
  image: null,
  publication: 'IMMEDIATE',
  startAt: null,
  endAt: null,
  state: 'DRAFT',
  languages: [],
  siteIds: [],
});

export const valuesOf = (n: TSavedNotice): TNoticeFormValues => ({
  title: n.title,
  linkUrl: n.linkUrl,
  content: n.content,
  postedDate: n.postedDate,
  image: n.image,
  publication: n.publication,
  startAt: n.startAt,
  endAt: n.endAt,
  state: n.state,
  languages: [...n.languages],
  siteIds: [...(n.siteIds ?? [])],
});

/** A delivery's body with the state of the button pressed; an immediate one has no start. */
export function deliveryBody(v: TNoticeFormValues, state: TNoticeState): TDeliveryInput {
  return {
    title: v.title.trim(),
    linkUrl: v.linkUrl.trim(),
    content: v.content.trim(),
    postedDate: v.postedDate,
    image: v.image,
    publication: v.publication,
    startAt: v.publication === 'SCHEDULED' ? v.startAt : null,
    endAt: v.endAt,
    state,
    languages: v.languages,
  };
}

/** News: a delivery's body plus the sites it goes to. */
export const newsBody = (v: TNoticeFormValues, state: TNoticeState): TNewsInput => ({
  ...deliveryBody(v, state),
  siteIds: v.siteIds,
});

/** Characters the content counter shows, as the contract counts them (after trimming). */
export const contentCount = (content: string) => content.trim().length;

// --- JST wall time -------------------------------------------------------------------------

const JST_MS = 9 * 3_600_000;

/** An instant as the JST wall time a date-time picker holds ('YYYY-MM-DD HH:mm:ss'). */
export function jstPickerValue(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const jst = new Date(time + JST_MS).toISOString();
  return `${jst.slice(0, 10)} ${jst.slice(11, 19)}`;
}

/** The instant of a picker's JST wall time ('YYYY-MM-DD HH:mm[:ss]'), ISO; null for none. */
export function instantOfJstPicker(value: string | null | undefined): string | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?/.exec(value) : null;
  if (!m) return null;
  const time = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ':00'}+09:00`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

// --- status --------------------------------------------------------------------------------

/** What a row shows: the derived status and, for a published item still to start, from when. */
export type TNoticeDisplay = { status: TNoticeStatus; scheduledFrom: string | null };

/** Derived on the client too, so a page left open does not keep showing an item that expired. */
export function noticeDisplay(
  n: { state: TNoticeState; visibleFrom: string | null; endAt: string | null },
  now: Date,
): TNoticeDisplay {
  return {
    status: noticeStatus(n, now),
    scheduledFrom: isScheduled(n, now) ? n.visibleFrom : null,
  };
}

/** Badge colours: published teal, scheduled blue, unpublished orange, draft grey, expired red. */
export const STATUS_COLORS: Record<TNoticeStatus | 'SCHEDULED', string> = {
  PUBLISHED: 'teal',
  SCHEDULED: 'blue',
  UNPUBLISHED: 'orange',
  DRAFT: 'gray',
  EXPIRED: 'red',
};

// --- the form's buttons --------------------------------------------------------------------

export type TFormAction = {
  /** The state sent. */
  state: TNoticeState;
  label: 'saveDraft' | 'publish' | 'unpublish' | 'saveChanges' | 'save';
  primary: boolean;
};

/**
 * The buttons for an item in `saved` state (null: a new one), primary last. A draft is saved as
 * a draft or published; a published item is updated as it is or unpublished; an unpublished one
 * is kept unpublished, turned back into a draft, or published again.
 */
export function formActions(saved: TNoticeState | null): TFormAction[] {
  if (saved === 'PUBLISHED')
    return [
      { state: 'UNPUBLISHED', label: 'unpublish', primary: false },
      { state: 'PUBLISHED', label: 'saveChanges', primary: true },
    ];
  if (saved === 'UNPUBLISHED')
    return [
      { state: 'DRAFT', label: 'saveDraft', primary: false },
      { state: 'UNPUBLISHED', label: 'save', primary: false },
      { state: 'PUBLISHED', label: 'publish', primary: true },
    ];
  return [
    { state: 'DRAFT', label: 'saveDraft', primary: false },
    { state: 'PUBLISHED', label: 'publish', primary: true },
  ];
}

// --- the list's query ----------------------------------------------------------------------

/**
 * The list's query in the address (?keyword=&status=&page=&size=): the contract's, its search
 * under the name the shared list page searches by.
 */
export const noticeListQuery = defineListQuery(
  ZNoticeListQuery.omit({ search: true }).extend({
    keyword: z
      .string()
      .trim()
      .max(ZNoticeListQuery.shape.search.unwrap().maxLength ?? 100)
      .optional(),
  }),
);
export type TNoticeListQuery = TListQuery<typeof noticeListQuery>;

/** The API's form of the list query. */
export const noticeApiQuery = ({ keyword, ...rest }: TNoticeListQuery) => ({
  ...rest,
  search: keyword ?? '',
});

// --- sites to choose -----------------------------------------------------------------------

type TSiteOption = { id: string; name: string; accountName: string };

/**
 * The MultiSelect's data: the sites grouped by account (one group needs no heading), plus the
 * chosen sites the options no longer list (kept, under their saved names, so nothing vanishes).
 */
export function siteSelectData(
  options: readonly TSiteOption[],
  chosen: readonly { id: string; name: string }[],
  otherLabel: string,
): { group: string; items: { value: string; label: string }[] }[] | { value: string; label: string }[] {
  const known = new Set(options.map((o) => o.id));
  const extra = chosen.filter((c) => !known.has(c.id)).map((c) => ({ value: c.id, label: c.name }));
  const accounts = [...new Set(options.map((o) => o.accountName))];
  if (accounts.length <= 1) return [...options.map((o) => ({ value: o.id, label: o.name })), ...extra];
  const groups = accounts.map((account) => ({
    group: account,
    items: options.filter((o) => o.accountName === account).map((o) => ({ value: o.id, label: o.name })),
  }));
  return extra.length > 0 ? [...groups, { group: otherLabel, items: extra }] : groups;
}

// --- dates in the UI language --------------------------------------------------------------

export const DAYJS_LOCALE: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh-cn', kr: 'ko' };
/** A date and time as each UI language writes them (the pickers' display). */
export const DATE_TIME_FORMAT: Record<TUiLanguage, string> = {
  ja: 'YYYY/MM/DD HH:mm',
  en: 'MMM D, YYYY HH:mm',
  cn: 'YYYY/MM/DD HH:mm',
  kr: 'YYYY. MM. DD. HH:mm',
};
export const DATE_FORMAT: Record<TUiLanguage, string> = {
  ja: 'YYYY/MM/DD',
  en: 'MMM D, YYYY',
  cn: 'YYYY/MM/DD',
  kr: 'YYYY. MM. DD.',
};

// --- a delivery's time ---------------------------------------------------------------------

/**
 * When a delivery goes out: when it went (delivered), when it is set to go (its scheduled start,
 * or when it was published, the job not having run yet), or on publication (not published yet).
 */
export function deliveryTime(d: {
  deliveredAt: string | null;
  publication: TPublication;
  startAt: string | null;
  visibleFrom: string | null;
}): { kind: 'delivered' | 'at'; iso: string } | { kind: 'onPublish' } {
  if (d.deliveredAt) return { kind: 'delivered', iso: d.deliveredAt };
  const at = (d.publication === 'SCHEDULED' ? d.startAt : null) ?? d.visibleFrom;
  return at ? { kind: 'at', iso: at } : { kind: 'onPublish' };
}

// --- addresses -----------------------------------------------------------------------------

const enc = encodeURIComponent;

/** /{prefix}/latest-information and its create, detail and edit pages. */
export const newsPaths = (prefix: string) => {
  const base = `/${prefix}/latest-information`;
  return {
    list: base,
    create: `${base}/create`,
    detail: (id: string) => `${base}/${enc(id)}`,
    edit: (id: string) => `${base}/edit/${enc(id)}`,
  };
};

/** /{prefix}/notification-delivery/{siteId} and its create, detail and edit pages. */
export const deliveryPaths = (prefix: string, siteId: string) => {
  const base = `/${prefix}/notification-delivery/${enc(siteId)}`;
  return {
    list: base,
    create: `${base}/create`,
    detail: (id: string) => `${base}/detail/${enc(id)}`,
    edit: (id: string) => `${base}/edit/${enc(id)}`,
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id of the address the API could know (anything else is "not found" without asking). */
export const isUuid = (value: string | undefined): value is string => !!value && UUID.test(value);
