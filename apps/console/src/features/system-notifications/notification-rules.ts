import type {
  TNoticeState,
  TSystemNotification,
  TSystemNotificationInput,
} from '@swipe/contracts/communications';
import type { TActingRole } from '@swipe/contracts/roles';

// The pure rules of the system-notification screens: who manages them, the form's draft and what
// it sends, the bell's count and its cached answer after a read. What system notifications share
// with latest information and deliveries (the list's query, JST pickers, the form's buttons) is
// in ../communications/notice-values.ts.

/** MASTER writes system notifications; every other operator receives them. */
export const managesNotifications = (actingRole: TActingRole) => actingRole === 'MASTER';

/** A new notification: a draft for every audience's choice still to be made. */
export const emptyDraft = (): TSystemNotificationInput => ({
  title: '',
  linkUrl: '',
  content: '',
  image: null,
  publication: 'IMMEDIATE',
  startAt: null,
  endAt: null,
  state: 'DRAFT',
  audiences: [],
});

/** The form's draft of a saved notification. */
export const draftOf = (n: TSystemNotification): TSystemNotificationInput => ({
  title: n.title,
  linkUrl: n.linkUrl,
  content: n.content,
  image: n.image,
  publication: n.publication,
  startAt: n.publication === 'SCHEDULED' ? n.startAt : null,
  endAt: n.endAt,
  state: n.state,
  audiences: [...n.audiences],
});

/** What a save sends: the chosen state; an immediate notification has no start of its own. */
export const inputOf = (draft: TSystemNotificationInput, state: TNoticeState): TSystemNotificationInput => ({
  ...draft,
  title: draft.title.trim(),
  linkUrl: draft.linkUrl.trim(),
  content: draft.content.trim(),
  startAt: draft.publication === 'SCHEDULED' ? draft.startAt : null,
  state,
});

/** The same notification withdrawn (MASTER's "Unpublish"). */
export const unpublishedInput = (n: TSystemNotification) => inputOf(draftOf(n), 'UNPUBLISHED');

/** The bell's count on its button: nothing at 0, then the number, at most "99+". */
export const bellCount = (unread: number): string | null =>
  unread <= 0 ? null : unread > 99 ? '99+' : String(unread);

export type TShowAnswer = { items: TSystemNotification[]; unread: number };

/** The bell's answer once `ids` were read and the server counted `unread` left. */
export function withRead(show: TShowAnswer, ids: readonly string[], unread: number): TShowAnswer {
  return {
    items: show.items.map((n) => (ids.includes(n.id) && !n.read ? { ...n, read: true } : n)),
    unread: Math.max(0, unread),
  };
}

/** When a notification shows from, for readers: its start, or when it was published. */
export const shownFrom = (n: Pick<TSystemNotification, 'visibleFrom' | 'startAt' | 'createdAt'>) =>
  n.visibleFrom ?? n.startAt ?? n.createdAt;
