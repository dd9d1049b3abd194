import {
  BUTTON_DEFAULT_SIZE,
  CAMPAIGN_FRAME,
  isCampaignActive,
  type TCampaign,
  type TCampaignBanner,
  type TCampaignButton,
  type TCampaignInput,
  ZCampaignInput,
} from '@swipe/contracts/campaigns';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import { SITE_LANGUAGES, type TMediaRef, type TSiteLanguage } from '@swipe/contracts/sites';
import { issueText } from '../../app/forms';

// The campaign designer's state and rules, kept pure so they are unit-tested: a draft is what the
// API takes (ZCampaignInput); geometry (snap, resize, nudge, stacking order), the undo history,
// the list's status and names, and the errors keyed by the field paths the server uses too
// ('banners.0.link.url').

export type TCampaignDraft = TCampaignInput;
export type TItemKind = 'banner' | 'button';
export type TSelection = { kind: TItemKind; id: string } | null;
export type TBox = { x: number; y: number; width: number; height: number };
export type TItem = TCampaignBanner | TCampaignButton;

export const SNAP_DISTANCE = 6;
const FRAME = CAMPAIGN_FRAME;

/** A short id, unique enough inside one campaign: lower-case letters and digits (they survive snake_case). */
export const newItemId = (prefix: 'b' | 'n') => `${prefix}${Math.random().toString(36).slice(2, 10)}`;

const allNames = (names: Partial<Record<TSiteLanguage, string | undefined>> = {}) =>
  Object.fromEntries(SITE_LANGUAGES.map((l) => [l, names[l] ?? ''])) as Record<TSiteLanguage, string>;

/** YYYY-MM-DD `days` after `day` (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function emptyCampaign(pages: readonly string[], today: string): TCampaignDraft {
  return {
    names: allNames(),
    background: null,
    backgroundColor: '#f1f3f5',
    backgroundOpacity: 100,
    startDate: today,
    endDate: addDays(today, 30),
    effectivePages: [...pages],
    clickCounting: true,
    position: 2,
    banners: [],
    buttons: [],
  };
}

/** The editable part of a stored campaign. */
export function draftOf(c: TCampaign | TCampaignInput): TCampaignDraft {
  return {
    names: allNames(c.names),
    background: c.background,
    backgroundColor: c.backgroundColor,
    backgroundOpacity: c.backgroundOpacity,
    startDate: c.startDate,
    endDate: c.endDate,
    effectivePages: [...c.effectivePages],
    clickCounting: c.clickCounting,
    position: c.position,
    banners: structuredClone(c.banners),
    buttons: structuredClone(c.buttons),
  };
}

/** What is sent: every language key present (the contract's record is exhaustive), texts trimmed. */
export function forSave(d: TCampaignDraft): TCampaignDraft {
  return {
    ...d,
    names: Object.fromEntries(
      SITE_LANGUAGES.map((l) => [l, (d.names[l] ?? '').trim()]),
    ) as TCampaignDraft['names'],
    buttons: d.buttons.map((b) => ({
      ...b,
      microcopy: { ...b.microcopy, lines: b.microcopy.lines.map((l) => l.trim()).filter(Boolean) },
    })),
  };
}

/** A copy for "duplicate": every name gets the suffix (kept within the name's length limit). */
export function duplicateOf(c: TCampaign | TCampaignInput, suffix: string): TCampaignDraft {
  const d = draftOf(c);
  const names = Object.fromEntries(
    Object.entries(d.names).map(([l, n]) => {
      if (!n?.trim()) return [l, ''];
      return [l, `${n.trim().slice(0, TEXT_MAX.default - suffix.length)}${suffix}`];
    }),
  ) as TCampaignDraft['names'];
  return forSave({ ...d, names });
}

// --- the list ----------------------------------------------------------------------------------

export type TCampaignStatus = 'active' | 'scheduled' | 'ended';

/** The contracts' rule: active between its days inclusive (JST today). */
export function campaignStatus(c: Pick<TCampaignInput, 'startDate' | 'endDate'>, jstToday: string) {
  if (isCampaignActive(c, jstToday)) return 'active' as const;
  return jstToday < c.startDate ? ('scheduled' as const) : ('ended' as const);
}

/** The site language that matches a UI language. */
export const SITE_LANGUAGE_OF_UI: Record<TUiLanguage, TSiteLanguage> = {
  en: 'EN',
  ja: 'JP',
  cn: 'CN',
  kr: 'KR',
};

/** The name in the UI's site language, else the first one given (in the site's language order). */
export function campaignName(
  c: Pick<TCampaignInput, 'names'>,
  uiLang: string,
  siteLanguages: readonly TSiteLanguage[] = SITE_LANGUAGES,
): string {
  const own = c.names[SITE_LANGUAGE_OF_UI[uiLang as TUiLanguage] ?? 'JP']?.trim();
  if (own) return own;
  for (const l of [...siteLanguages, ...SITE_LANGUAGES]) {
    const n = c.names[l]?.trim();
    if (n) return n;
  }
  return '';
}

// --- items ---------------------------------------------------------------------------------------

const topZ = (d: TCampaignDraft) =>
  Math.max(0, ...d.banners.map((b) => b.zIndex), ...d.buttons.map((b) => b.zIndex));

export function newBanner(d: TCampaignDraft, media: TMediaRef, natural?: { width: number; height: number }) {
  // The image's own proportions, as wide as 70% of the frame at most.
  const ratio = natural && natural.width > 0 ? natural.height / natural.width : 1;
  const width = Math.round(FRAME.width * 0.7);
  const height = Math.max(8, Math.min(FRAME.height, Math.round(width * ratio)));
  const banner: TCampaignBanner = {
    id: newItemId('b'),
    media,
    x: Math.round((FRAME.width - width) / 2),
    y: Math.round((FRAME.height - height) / 2),
    width,
    height,
    zIndex: topZ(d) + 1,
    lockRatio: true,
    link: { type: 'EXTERNAL_URL', url: '' },
  };
  return banner;
}

export function newButton(d: TCampaignDraft, text: string): TCampaignButton {
  const { width, height } = BUTTON_DEFAULT_SIZE;
  return {
    id: newItemId('n'),
    type: 'TEXT',
    text,
    html: '',
    media: null,
    x: Math.round((FRAME.width - width) / 2),
    y: Math.round(FRAME.height * 0.75),
    width,
    height,
    zIndex: topZ(d) + 1,
    backgroundColor: '#c2410c',
    textColor: '#ffffff',
    microcopy: { lines: [], color: '#212529', align: 'CENTER', position: 'BOTTOM' },
    animation: 'NONE',
    corner: 'SLIGHTLY_ROUNDED_EDGE',
    link: { type: 'EXTERNAL_URL', url: '' },
  };
}

const listOf = (kind: TItemKind) => (kind === 'banner' ? 'banners' : 'buttons');

export function findItem(d: TCampaignDraft, sel: TSelection): TItem | null {
  if (!sel) return null;
  return (d[listOf(sel.kind)] as TItem[]).find((i) => i.id === sel.id) ?? null;
}

export function indexOfItem(d: TCampaignDraft, sel: NonNullable<TSelection>): number {
  return (d[listOf(sel.kind)] as TItem[]).findIndex((i) => i.id === sel.id);
}

/** Changes one item (a new draft; nothing else is copied). */
export function updateItem<T extends TItem>(
  d: TCampaignDraft,
  sel: NonNullable<TSelection>,
  fn: (item: T) => T,
): TCampaignDraft {
  const key = listOf(sel.kind);
  return { ...d, [key]: (d[key] as TItem[]).map((i) => (i.id === sel.id ? fn(i as T) : i)) };
}

export function removeItem(d: TCampaignDraft, sel: NonNullable<TSelection>): TCampaignDraft {
  const key = listOf(sel.kind);
  return { ...d, [key]: (d[key] as TItem[]).filter((i) => i.id !== sel.id) };
}

/** Every item, bottom first (ties: banners under buttons, then in list order). */
export function stackOf(d: TCampaignDraft): { kind: TItemKind; item: TItem }[] {
  const all = [
    ...d.banners.map((item, i) => ({ kind: 'banner' as const, item, order: i })),
    ...d.buttons.map((item, i) => ({ kind: 'button' as const, item, order: 1000 + i })),
  ];
  return all
    .sort((a, b) => a.item.zIndex - b.item.zIndex || a.order - b.order)
    .map(({ kind, item }) => ({ kind, item }));
}

/** Moves an item one step up (+1) or down (-1) the stack; the stack is renumbered 1..n. */
export function restack(d: TCampaignDraft, sel: NonNullable<TSelection>, by: 1 | -1): TCampaignDraft {
  const stack = stackOf(d);
  const at = stack.findIndex((s) => s.kind === sel.kind && s.item.id === sel.id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= stack.length) return d;
  [stack[at], stack[to]] = [stack[to]!, stack[at]!];
  const z = new Map(stack.map((s, i) => [`${s.kind}:${s.item.id}`, i + 1]));
  return {
    ...d,
    banners: d.banners.map((b) => ({ ...b, zIndex: z.get(`banner:${b.id}`)! })),
    buttons: d.buttons.map((b) => ({ ...b, zIndex: z.get(`button:${b.id}`)! })),
  };
}

// --- geometry ------------------------------------------------------------------------------------

export type TGuides = { v: number[]; h: number[] };

/**
 * Snaps a moved box to the frame's edges and centre lines: its left, centre or right to x = 0,
 * w/2, w (and the same vertically) when within `distance` px. Returns the guides to draw.
 */
export function snapBox(
  box: TBox,
  frame: { width: number; height: number } = FRAME,
  distance = SNAP_DISTANCE,
): { x: number; y: number; guides: TGuides } {
  const axis = (pos: number, size: number, total: number) => {
    const lines = [0, total / 2, total];
    let best: { pos: number; line: number; d: number } | null = null;
    for (const line of lines)
      for (const offset of [0, size / 2, size]) {
        const d = Math.abs(pos + offset - line);
        if (d <= distance && (!best || d < best.d)) best = { pos: line - offset, line, d };
      }
    return best;
  };
  const sx = axis(box.x, box.width, frame.width);
  const sy = axis(box.y, box.height, frame.height);
  return {
    x: Math.round(sx ? sx.pos : box.x),
    y: Math.round(sy ? sy.pos : box.y),
    guides: { v: sx ? [sx.line] : [], h: sy ? [sy.line] : [] },
  };
}

export type TCorner = 'nw' | 'ne' | 'sw' | 'se';
const MIN_SIZE = 8;

/**
 * A box resized by dragging a corner by (dx, dy); the opposite corner stays. With `lockRatio` the
 * proportions stay, following the larger of the two moves.
 */
export function resizeBox(start: TBox, corner: TCorner, dx: number, dy: number, lockRatio: boolean): TBox {
  const sx = corner === 'ne' || corner === 'se' ? 1 : -1;
  const sy = corner === 'sw' || corner === 'se' ? 1 : -1;
  let width = Math.max(MIN_SIZE, start.width + sx * dx);
  let height = Math.max(MIN_SIZE, start.height + sy * dy);
  if (lockRatio && start.width > 0 && start.height > 0) {
    const ratio = start.height / start.width;
    if (Math.abs(width - start.width) / start.width >= Math.abs(height - start.height) / start.height)
      height = Math.max(MIN_SIZE, width * ratio);
    else width = Math.max(MIN_SIZE, height / ratio);
  }
  width = Math.round(width);
  height = Math.round(height);
  return {
    x: sx === 1 ? start.x : start.x + start.width - width,
    y: sy === 1 ? start.y : start.y + start.height - height,
    width,
    height,
  };
}

/**
 * A corner drag with snapping: the box resized (resizeBox), then each edge the corner moves
 * snaps to the frame's edges and centre line within `distance` px (the opposite edges stay).
 * With `lockRatio` the nearer snap sets the size and the ratio the other side. Returns the guides
 * to draw.
 */
export function snapResize(
  start: TBox,
  corner: TCorner,
  dx: number,
  dy: number,
  lockRatio: boolean,
  frame: { width: number; height: number } = FRAME,
  distance = SNAP_DISTANCE,
): { box: TBox; guides: TGuides } {
  const box = resizeBox(start, corner, dx, dy, lockRatio);
  const east = corner === 'ne' || corner === 'se';
  const south = corner === 'sw' || corner === 'se';
  /** The size that puts the moving edge on `line`, the other edge staying; null when too small. */
  const sizeTo = (line: number, from: number, size: number, forward: boolean) => {
    const s = Math.round(forward ? line - from : from + size - line);
    return s >= MIN_SIZE ? s : null;
  };
  /** The nearest frame line within reach of the moving edge, with the size it gives. */
  const nearest = (edge: number, total: number, size: (line: number) => number | null) => {
    let best: { line: number; d: number; size: number } | null = null;
    for (const line of [0, total / 2, total]) {
      const d = Math.abs(edge - line);
      const s = size(line);
      if (d <= distance && s !== null && (!best || d < best.d)) best = { line, d, size: s };
    }
    return best;
  };
  const sx = nearest(east ? box.x + box.width : box.x, frame.width, (line) =>
    sizeTo(line, start.x, start.width, east),
  );
  const sy = nearest(south ? box.y + box.height : box.y, frame.height, (line) =>
    sizeTo(line, start.y, start.height, south),
  );
  let width = box.width;
  let height = box.height;
  let guides: TGuides = { v: [], h: [] };
  if (lockRatio && start.width > 0 && start.height > 0) {
    const ratio = start.height / start.width;
    if (sx && (!sy || sx.d <= sy.d) && sx.size * ratio >= MIN_SIZE) {
      width = sx.size;
      height = Math.round(sx.size * ratio);
      guides = { v: [sx.line], h: [] };
    } else if (sy && sy.size / ratio >= MIN_SIZE) {
      height = sy.size;
      width = Math.round(sy.size / ratio);
      guides = { v: [], h: [sy.line] };
    }
  } else {
    if (sx) width = sx.size;
    if (sy) height = sy.size;
    guides = { v: sx ? [sx.line] : [], h: sy ? [sy.line] : [] };
  }
  return {
    box: {
      x: east ? start.x : start.x + start.width - width,
      y: south ? start.y : start.y + start.height - height,
      width,
      height,
    },
    guides,
  };
}

const NUDGE_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The move of an arrow key: 1 px, 10 px with Shift; null for any other key. */
export function nudgeOf(key: string, shift: boolean): [number, number] | null {
  const v = NUDGE_KEYS[key];
  if (!v) return null;
  const step = shift ? 10 : 1;
  return [v[0] * step, v[1] * step];
}

// --- validation ----------------------------------------------------------------------------------

/** The contracts' rules on the draft, keyed by field path ('buttons.0.link.url'), worded in `lang`. */
export function draftErrors(d: TCampaignDraft, lang: TUiLanguage): Record<string, string> {
  const result = ZCampaignInput.safeParse(forSave(d));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issueText(issue as Parameters<typeof issueText>[0], lang);
  }
  return errors;
}

/** The errors of one item ('url' for 'banners.0.link.url'). */
export function itemErrors(errors: Record<string, string>, d: TCampaignDraft, sel: TSelection) {
  if (!sel) return {};
  const prefix = `${listOf(sel.kind)}.${indexOfItem(d, sel)}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

/** The first item an error is about, to select it. */
export function firstItemWithError(errors: Record<string, string>, d: TCampaignDraft): TSelection {
  for (const k of Object.keys(errors)) {
    const m = /^(banners|buttons)\.(\d+)\./.exec(k);
    if (!m) continue;
    const list = d[m[1] as 'banners' | 'buttons'] as TItem[];
    const item = list[Number(m[2])];
    if (item) return { kind: m[1] === 'banners' ? 'banner' : 'button', id: item.id };
  }
  return null;
}

/** Whether an item holds an error (its outline on the frame turns red). */
export const itemHasError = (
  errors: Record<string, string>,
  d: TCampaignDraft,
  kind: TItemKind,
  id: string,
) => Object.keys(itemErrors(errors, d, { kind, id })).length > 0;
