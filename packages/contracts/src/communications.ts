import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import {
  addRuleIssues,
  checkDateRange,
  TEXT_MAX,
  type TRuleIssue,
  zExternalLinkUrl,
  zText,
  zTextarea,
} from './site-rules';
import { SITE_LANGUAGES, ZMediaRef } from './sites';

// Communications: latest information (news that platform staff publish
// to the sites they choose), notification delivery (what a site's creators send to its
// visitors, at once or at a set time) and system notifications (from MASTER to operators, by
// audience). All three share one shape of fields and one status rule: the author sets a state
// (draft, published, unpublished); the status a list shows is derived from it and the dates, so
// a job that ran late never leaves an expired item showing.

/** What the author sets. */
export const NOTICE_STATES = ['DRAFT', 'PUBLISHED', 'UNPUBLISHED'] as const;
export type TNoticeState = (typeof NOTICE_STATES)[number];
/** What a list shows (draft, published, unpublished, expired), derived by `noticeStatus`. */
export const NOTICE_STATUSES = ['PUBLISHED', 'UNPUBLISHED', 'DRAFT', 'EXPIRED'] as const;
export type TNoticeStatus = (typeof NOTICE_STATUSES)[number];
/** The list filter: all, or one status. */
export const NOTICE_FILTERS = ['ALL', ...NOTICE_STATUSES] as const;
export type TNoticeFilter = (typeof NOTICE_FILTERS)[number];
/** Immediate (delivery: instant) or at the start date (delivery: scheduled). */
export const PUBLICATIONS = ['IMMEDIATE', 'SCHEDULED'] as const;
export type TPublication = (typeof PUBLICATIONS)[number];
export const NOTICE_KINDS = ['NEWS', 'DELIVERY'] as const;
export type TNoticeKind = (typeof NOTICE_KINDS)[number];
/** Who receives system notifications (the acting roles of the operators). */
export const NOTICE_AUDIENCES = ['OEM_MASTER', 'OEM_ADMIN', 'USER', 'MASTER_USER'] as const;
export type TNoticeAudience = (typeof NOTICE_AUDIENCES)[number];
/** News and notification content holds at most 120 characters. */
export const NOTICE_CONTENT_MAX = TEXT_MAX.textarea;
/** A published page lists at most this many items in its news panel (the newest). */
export const NOTICE_PANEL_MAX = 10;
/** The bell's dropdown shows the newest this many. */
export const BELL_MAX = 5;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'common.invalidDate');
const zInstant = z.iso.datetime({ offset: true, message: 'common.invalidDate' });

/** The fields every communication has: title, link, content, dates, image. */
const noticeFields = {
  title: zText(TEXT_MAX.default),
  /** Link destination: an http(s), mailto or tel address, or empty. */
  linkUrl: zExternalLinkUrl({ optional: true }).default(''),
  content: zTextarea(),
  /** The date shown beside the item (JST day). */
  postedDate: zDay,
  image: ZMediaRef.nullable().default(null),
  publication: z.enum(PUBLICATIONS).default('IMMEDIATE'),
  /** When it starts to show (SCHEDULED only; IMMEDIATE shows from its publication). */
  startAt: zInstant.nullable().default(null),
  /** When it stops showing (optional with IMMEDIATE, required with SCHEDULED). */
  endAt: zInstant.nullable().default(null),
  state: z.enum(NOTICE_STATES).default('DRAFT'),
};

type TFieldsDraft = {
  publication: TPublication;
  startAt: string | null;
  endAt: string | null;
  state: TNoticeState;
};

/**
 * A scheduled item needs its start; an end needs to be after the start and, for an item
 * being published, after now. Paths are the field names.
 */
export function noticeDateIssues(v: TFieldsDraft, now: Date) {
  const issues: TRuleIssue[] = [];
  if (v.publication === 'SCHEDULED' && !v.startAt)
    issues.push({ path: ['startAt'], message: 'common.required' });
  issues.push(
    ...checkDateRange(
      { startAt: v.publication === 'SCHEDULED' ? v.startAt : null, endAt: v.endAt },
      { start: 'startAt', end: 'endAt', ...(v.state === 'PUBLISHED' ? { now: () => now } : {}) },
    ),
  );
  return issues;
}

const refineNotice =
  (now: () => Date) =>
  (v: TFieldsDraft, ctx: z.RefinementCtx): void =>
    addRuleIssues(ctx, noticeDateIssues(v, now()));

const zNoticeObject = z.object(noticeFields);

/**
 * Latest information: published to one or more sites of the author's subtree, optionally only to
 * some of their languages (none: every language). `now` is the clock of the "end after now" rule.
 */
export const zNewsInput = (now: () => Date = () => new Date()) =>
  zNoticeObject
    .extend({
      siteIds: z.array(z.uuid()).min(1, 'communications.sitesRequired').max(200),
      languages: z.array(z.enum(SITE_LANGUAGES)).max(SITE_LANGUAGES.length).default([]),
    })
    .superRefine(refineNotice(now));
export const ZNewsInput = zNewsInput();
export type TNewsInput = z.infer<typeof ZNewsInput>;

/** A notification delivery: one site's visitors (the site is in the address). */
export const zDeliveryInput = (now: () => Date = () => new Date()) =>
  zNoticeObject
    .extend({ languages: z.array(z.enum(SITE_LANGUAGES)).max(SITE_LANGUAGES.length).default([]) })
    .superRefine(refineNotice(now));
export const ZDeliveryInput = zDeliveryInput();
export type TDeliveryInput = z.infer<typeof ZDeliveryInput>;

/** A system notification: from MASTER to the operators of the chosen audiences. */
export const zSystemNotificationInput = (now: () => Date = () => new Date()) =>
  zNoticeObject
    .omit({ postedDate: true })
    .extend({
      audiences: z.array(z.enum(NOTICE_AUDIENCES)).min(1, 'communications.audienceRequired').max(4),
    })
    .superRefine(refineNotice(now));
export const ZSystemNotificationInput = zSystemNotificationInput();
export type TSystemNotificationInput = z.infer<typeof ZSystemNotificationInput>;

// --- the status rule -------------------------------------------------------------------------

export type TNoticeTiming = {
  state: TNoticeState;
  /** The instant it shows from: the scheduled start, or when it was first published. */
  visibleFrom: string | null;
  endAt: string | null;
};

/** Draft, unpublished (withdrawn, or scheduled and not yet started), published, expired. */
export function noticeStatus(n: TNoticeTiming, now: Date): TNoticeStatus {
  if (n.state === 'DRAFT') return 'DRAFT';
  if (n.state === 'UNPUBLISHED') return 'UNPUBLISHED';
  const t = now.getTime();
  if (n.endAt && Date.parse(n.endAt) <= t) return 'EXPIRED';
  if (!n.visibleFrom || Date.parse(n.visibleFrom) > t) return 'UNPUBLISHED';
  return 'PUBLISHED';
}

/** A published item whose start is still to come (shown as "scheduled" beside its status). */
export const isScheduled = (n: TNoticeTiming, now: Date) =>
  n.state === 'PUBLISHED' && !!n.visibleFrom && Date.parse(n.visibleFrom) > now.getTime();

// --- what the console reads ------------------------------------------------------------------

const ZNoticeMeta = z.object({
  id: z.string(),
  status: z.enum(NOTICE_STATUSES),
  scheduled: z.boolean(),
  visibleFrom: z.string().nullable(),
  imageUrl: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZNews = zNoticeObject
  .extend({
    siteIds: z.array(z.string()),
    languages: z.array(z.enum(SITE_LANGUAGES)),
    sites: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .extend(ZNoticeMeta.shape);
export type TNews = z.infer<typeof ZNews>;

export const ZDelivery = zNoticeObject
  .extend({
    siteId: z.string(),
    languages: z.array(z.enum(SITE_LANGUAGES)),
    /** When it was delivered (shown on the site, and pushed to subscribers); null before. */
    deliveredAt: z.string().nullable(),
  })
  .extend(ZNoticeMeta.shape);
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZSystemNotification = zNoticeObject
  .omit({ postedDate: true })
  .extend({
    audiences: z.array(z.enum(NOTICE_AUDIENCES)),
    /** For its reader: opened already. For MASTER: how many operators opened it. */
    read: z.boolean(),
    readCount: z.number().int(),
  })
  .extend(ZNoticeMeta.shape);
export type TSystemNotification = z.infer<typeof ZSystemNotification>;

export const ZNoticeListQuery = z.object({
  status: z.enum(NOTICE_FILTERS).default('ALL'),
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TNoticeListQuery = z.infer<typeof ZNoticeListQuery>;

export const ZNewsResponse = envelope(ZNews);
export const ZNewsListResponse = listEnvelope(ZNews);
export const ZDeliveryResponse = envelope(ZDelivery);
export const ZDeliveryListResponse = listEnvelope(ZDelivery);
export const ZSystemNotificationResponse = envelope(ZSystemNotification);
export const ZSystemNotificationListResponse = listEnvelope(ZSystemNotification);

/** GET /api/system_noti/show: the caller's current notifications (newest first) and how many are unread. */
export const ZSystemNotificationShowResponse = envelope(
  z.object({ items: z.array(ZSystemNotification), unread: z.number().int() }),
);
export const ZMarkAsReadBody = z.object({ notiIds: z.array(z.uuid()).min(1).max(100) });
export const ZMarkAsReadResponse = envelope(z.object({ unread: z.number().int() }));

/** The sites an author may publish news to (the caller's subtree, live or not). */
export const ZNewsSiteOption = z.object({ id: z.string(), name: z.string(), accountName: z.string() });
export const ZNewsSiteOptionsResponse = envelope(z.array(ZNewsSiteOption));

// --- what visitors read ----------------------------------------------------------------------

/** One item of a published site's news panel (latest information and delivered notifications). */
export const ZVisitorNotice = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string(),
  imageUrl: z.string().nullable(),
  postedDate: z.string(),
  /** When it started to show (ISO): "new since your last look" compares against it. */
  visibleFrom: z.string(),
});
export type TVisitorNotice = z.infer<typeof ZVisitorNotice>;

export const ZNotiDeliveryQuery = z.object({
  siteId: z.uuid(),
  lang: z.enum(SITE_LANGUAGES).optional(),
});
export const ZNotiDeliveryResponse = envelope(z.array(ZVisitorNotice));

/** A visitor's Web Push subscription (the browser's PushSubscription.toJSON()). */
/**
 * The push services browsers subscribe with (Chrome and most Chromium browsers, Firefox, Safari,
 * Edge on Windows). The server POSTs to a subscription's endpoint, so any other address, the
 * machine's own or its network's above all, is refused when a visitor subscribes.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether `endpoint` is an https address of a known push service (the host or a subdomain of it). */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    !url.username &&
    !url.password &&
    PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
  );
}

export const ZPushSubscription = z.object({
  endpoint: z
    .url({ protocol: /^https$/ })
    .max(1000)
    .refine(isPushServiceEndpoint, 'communications.pushUnavailable'),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  lang: z.enum(SITE_LANGUAGES).optional(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;
export const ZPushKeyResponse = envelope(z.object({ publicKey: z.string() }));
/** POST .../push/unsubscribe: the browser's subscription endpoint to forget. */
export const ZPushUnsubscribe = z.object({ endpoint: z.string().min(1).max(1000) });
export const ZPushDoneResponse = envelope(z.null());
