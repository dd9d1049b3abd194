import { countdownText, remainingText } from './countdown';
import { autoAdvance, isForwardSwipe } from './paging';
import { eventsUrl, flush, lang, siteId, track, trackClick, tracked, visit, visitId } from './tracking';

// The published page's runtime (vanilla, under 10 KB gzip). The page works without it:
// swiping is CSS scroll-snap, overlays are <details> and :target. This adds visit tracking
// (sendBeacon; a visitor id the server issued, in this origin's storage, no cookie beyond lang
// and position_tab), keyboard paging, the arrows'
// fade, the popup CTAs with their countdown, Escape to close, keeps the position on a
// language change, shows the current page's campaign zone and counts clicks on its items, and
// marks the news bell's unread items and the newest delivery's banner (Web Push loads on a press).
// Where the site has them on: the auto-advance (sliderTime), swipe redirection, and the sound
// toggle of video pages.
// Buttons that are no links: a SCRIPT button runs its code, a POPUP_CTA_TRANSITION one opens
// its popup.

const doc = document;
const body = doc.body;
const pages = [...doc.querySelectorAll<HTMLElement>('.pg')];
const rows = doc.querySelectorAll<HTMLElement>('.rw');
const grid = doc.querySelector<HTMLElement>('.gr');
const frame = doc.querySelector<HTMLElement>('.fr');
const YEAR = 2_592_000; // The language cookie lives 30 days.

const setCookie = (name: string, value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  doc.cookie = `${name}=${encodeURIComponent(value)};path=/;max-age=${YEAR};samesite=lax`;
};

const seenPages: string[] = [];

// --- the current page -------------------------------------------------------------------------

let current = pages[0];
let since = Date.now();

function arrive(page: HTMLElement) {
  if (page === aim) aim = undefined;
  if (page === current && tracked()) return;
  const now = Date.now();
  if (current && page !== current) {
    track({ type: 'DWELL', page: current.id, dwell_ms: Math.min(now - since, 86_400_000) });
    track({ type: 'SWIPE', page: page.id, from: current.id });
  }
  current = page;
  since = now;
  const first = !seenPages.includes(page.id);
  if (first) seenPages.push(page.id);
  // The visitor pages (forms, registration) say which visit they converted: id, entry page, device.
  if (seenPages.length === 1 && first)
    try {
      sessionStorage.setItem('swipe_visit', `${siteId}.${visitId}.${page.id}.${visit.device}`);
    } catch {}
  track({ type: 'VIEW', page: page.id, ...(first ? { n: seenPages.length } : {}) });
  setCookie('position_tab', page.id);
  setCookie('pageId', siteId);
  fade(page);
  popups();
  hush(page);
  slides?.restart();
  for (const z of zones) z.hidden = !z.dataset.pages?.split(',').includes(page.id);
  align(page);
}

/**
 * Every other row is brought to the column of the page arrived at, so a vertical swipe lands
 * where the down and up arrows go (from B1 to B2, not A2). The rows out of sight move at once.
 */
function align(page: HTMLElement) {
  const row = page.parentElement;
  if (!row?.classList.contains('rw')) return;
  const column = [...row.children].indexOf(page);
  for (const other of rows) {
    const target = other.children[column] as HTMLElement | undefined;
    if (other !== row && target && other.scrollLeft !== target.offsetLeft)
      other.scrollTo({ left: target.offsetLeft, behavior: 'instant' });
  }
}

const seen = new IntersectionObserver(
  (entries) => {
    for (const e of entries) if (e.isIntersecting) arrive(e.target as HTMLElement);
  },
  { threshold: 0.6 },
);
for (const p of pages) seen.observe(p);

doc.addEventListener('visibilitychange', () => {
  if (doc.visibilityState === 'hidden') {
    if (current) track({ type: 'DWELL', page: current.id, dwell_ms: Date.now() - since });
    since = Date.now();
    flush();
  }
});
addEventListener('pagehide', flush);

// --- arrows fade after the page's interval ---------------------------------------------------

const timers = new Map<HTMLElement, number>();
function fade(page: HTMLElement) {
  const seconds = Number(page.dataset.fade);
  page.classList.remove('fd');
  clearTimeout(timers.get(page));
  if (seconds > 0)
    timers.set(
      page,
      window.setTimeout(() => page.classList.add('fd'), seconds * 1000),
    );
}

// --- keyboard paging: arrows, PageUp/PageDown -------------------------------------------------

/** Where a key press is heading: keys pressed while a page slides in count from that page. */
let aim: HTMLElement | undefined;
const go = (id: string | undefined) => {
  const el = id ? doc.getElementById(id) : null;
  if (!el?.classList.contains('pg')) return;
  aim = el;
  el.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'nearest' });
};
const neighbour = (cls: string) =>
  (aim ?? current)?.querySelector<HTMLAnchorElement>(`.${cls}`)?.hash.slice(1);
const KEYS: Record<string, string> = {
  ArrowUp: 'au',
  PageUp: 'au',
  ArrowDown: 'ad',
  PageDown: 'ad',
  ArrowLeft: 'al',
  ArrowRight: 'aa',
};

doc.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') return close();
  const target = e.target as HTMLElement;
  if (e.altKey || e.ctrlKey || e.metaKey || /INPUT|TEXTAREA|SELECT/.test(target.tagName)) return;
  // A campaign SCRIPT item is a button without a link: Enter and Space press it.
  if ((e.key === 'Enter' || e.key === ' ') && target.hasAttribute('data-cs')) {
    e.preventDefault();
    return target.click();
  }
  const cls = KEYS[e.key];
  if (
    !cls ||
    (location.hash.length > 1 && !doc.getElementById(location.hash.slice(1))?.classList.contains('pg'))
  )
    return;
  e.preventDefault();
  const to = neighbour(cls);
  // The key for "forward" on the last page of a row redirects as a swipe there would.
  if (!to && cls === 'aa' && redirecting) return redirect(aim ?? current);
  go(to);
});

/** Closes an open overlay (product panel, company information) or menu, back to the page. */
function close() {
  for (const d of doc.querySelectorAll<HTMLDetailsElement>('.dd[open]')) d.open = false;
  const id = location.hash.slice(1);
  // Back to the page the overlay was opened on: :target follows the new hash.
  if (id && doc.getElementById(id)?.classList.contains('ov')) location.hash = current?.id ?? '';
}

// --- clicks: tracking, links and the language switch ---------------------------------------

doc.addEventListener('click', (e) => {
  const item = (e.target as HTMLElement).closest<HTMLElement>('[data-ci]');
  if (item) return campaignClick(e, item);
  // A tap on the creative itself: where, in thousandths of it (the tap heatmap).
  const media = (e.target as HTMLElement).closest<HTMLElement>('.pg');
  if (media && current && media === current) {
    const r = media.getBoundingClientRect();
    if (r.width > 0 && r.height > 0)
      track({
        type: 'TAP',
        page: current.id,
        x: Math.max(0, Math.min(1000, Math.round(((e.clientX - r.left) / r.width) * 1000))),
        y: Math.max(0, Math.min(1000, Math.round(((e.clientY - r.top) / r.height) * 1000))),
      });
  }
  const speaker = (e.target as HTMLElement).closest<HTMLElement>('.sk');
  if (speaker) return toggleSound(speaker);
  const a = (e.target as HTMLElement).closest<HTMLElement>('a,[data-sc],[data-pu],[data-close],.pu .x');
  if (!a) return;
  if (a.matches('.pu .x')) {
    const kind = (a.parentElement as HTMLElement).dataset.kind ?? '';
    dismissed.add(kind);
    opened.delete(kind);
    return popups();
  }
  if (a.hasAttribute('data-close')) {
    e.preventDefault();
    return close();
  }
  const ev = a.dataset.ev;
  if (ev) {
    const hit = {
      page: current?.id ?? 'A1',
      target: ev,
      ...(a.dataset.id ? { target_id: a.dataset.id } : {}),
    };
    // The experiment's goal button's first click also says the visit converted.
    const reached = trackClick(hit);
    if (ev === 'CTA' || reached) flush();
  }
  // A SCRIPT button: the page registered its code under this key (an inline script its CSP
  // allows by hash, link-scripts.ts); a script that throws leaves the page working.
  const { sc, pu } = a.dataset;
  if (sc)
    try {
      (window as unknown as { swipeScripts?: Record<string, () => void> }).swipeScripts?.[sc]?.();
    } catch (err) {
      console.error(err);
    }
  // A POPUP_CTA_TRANSITION button opens its popup on any page (within its dates, places left).
  if (pu) {
    opened.add(pu);
    dismissed.delete(pu);
    popups();
  }
  const to = a.dataset.lang;
  if (to && a instanceof HTMLAnchorElement) {
    // A language change reloads to the language's path at the same position.
    e.preventDefault();
    setCookie('lang', to);
    track({ type: 'LANG', page: current?.id ?? 'A1', target_id: to });
    flush();
    location.href = `${a.pathname}#${current?.id ?? ''}`;
  }
  // Opening a menu entry or a product closes the menu it was in.
  a.closest<HTMLDetailsElement>('details.dd')?.removeAttribute('open');
});

// --- campaign zones: the server rendered them; this shows the current page's and counts clicks

const zones = [...doc.querySelectorAll<HTMLElement>('.cz')];
let clicking = false;
/** The frame a SCRIPT item's code runs in: sandboxed (its CSP too), hidden, made on the first such click. */
let scriptFrame: HTMLIFrameElement | undefined;

/**
 * Counts the click (once per visit, server side), then follows the item's link or runs its
 * script (loading it again runs it again); ignored while one is sent.
 */
function campaignClick(e: MouseEvent, item: HTMLElement) {
  if (clicking) return e.preventDefault();
  const id = item.closest<HTMLElement>('.cz')?.dataset.cz;
  const ci = encodeURIComponent(item.dataset.ci ?? '');
  if (id && eventsUrl) {
    clicking = true;
    // Also a visit event: Effect Measurement counts campaign clicks per page.
    track({ type: 'CLICK', page: current?.id ?? 'A1', target: 'CAMPAIGN' });
    // keepalive: the count outlives a navigation to the link; a new tab opens at once (a popup
    // opened after waiting for the answer would be blocked). The server counts the click only
    // with the key it issued for this visit.
    fetch(
      `/api/end-user/campaign/${id}/click?item=${ci}&v=${visitId}&u=${visit.visitor_id}&k=${visit.visit_key}`,
      {
        keepalive: true,
      },
    )
      .catch(() => {})
      .finally(() => {
        clicking = false;
      });
  }
  if (id && item.dataset.cs !== undefined) {
    if (!scriptFrame) {
      scriptFrame = doc.createElement('iframe');
      scriptFrame.sandbox.value = 'allow-scripts allow-popups';
      scriptFrame.hidden = true;
      scriptFrame.title = 'script';
      body.append(scriptFrame);
    }
    scriptFrame.src = `/api/end-user/campaign/${id}/script?item=${ci}`;
  }
  const hash = item.getAttribute('href');
  if (hash?.[0] === '#') {
    e.preventDefault();
    go(hash.slice(1));
  }
}

// --- popup CTAs: within their dates, on their pages; countdown and places left -------------

const dismissed = new Set<string>();
/** Popups a button opened: shown on every page until closed. */
const opened = new Set<string>();
const popupEls = [...doc.querySelectorAll<HTMLElement>('.pu')];
let remaining: number | null = null;

function popups() {
  const now = Date.now();
  let bottom = false;
  for (const el of popupEls) {
    const d = el.dataset;
    const start = d.start ? Date.parse(d.start) : 0;
    const end = d.end ? Date.parse(d.end) : Number.POSITIVE_INFINITY;
    const onPage = opened.has(d.kind ?? '') || (!!current && (d.pages ?? '').split(',').includes(current.id));
    const full = d.kind === 'applicantLimit' && remaining !== null && remaining <= 0;
    el.hidden = !(now >= start && now <= end && onPage && !full && !dismissed.has(d.kind ?? ''));
    if (!el.hidden && !el.classList.contains('tp')) bottom = true;
    const cd = el.querySelector('.cd');
    if (!cd) continue;
    cd.textContent =
      d.kind === 'timeLimit'
        ? d.remainingTime !== undefined && d.end
          ? countdownText(end - now, lang)
          : ''
        : remaining !== null
          ? remainingText(remaining, lang)
          : '';
  }
  // A popup at the bottom lifts the page's text and button above it.
  frame?.classList.toggle('pb', bottom);
}

if (popupEls.length) {
  popups();
  setInterval(popups, 30_000);
  if (popupEls.some((el) => el.dataset.kind === 'applicantLimit') && body.dataset.mode !== 'PREVIEW')
    fetch(`/api/end-user/site/${siteId}/button/public`)
      .then((r) => (r.ok ? r.json() : null))
      .then((j) => {
        const n = j?.data?.applicant_limit?.remaining;
        if (typeof n === 'number') {
          remaining = n;
          popups();
        }
      })
      .catch(() => {});
}

// --- auto-advance, swipe redirection, sound ------------------------------------------------

/** A panel, product, company information or menu is open: nothing moves under it. */
const overlayOpen = () =>
  !!doc.querySelector('.dd[open]') || !!doc.getElementById(location.hash.slice(1))?.classList.contains('ov');

/** sliderTime: the next page (row after row) every so many seconds, for those who want motion. */
let slides: { restart: () => void } | undefined;
const slideSeconds = Number(body.dataset.slide);
if (slideSeconds > 0 && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
  let touching = false;
  slides = autoAdvance({
    seconds: slideSeconds,
    next: () => {
      const from = aim ?? current;
      const to = from && pages[pages.indexOf(from) + 1];
      if (to) go(to.id);
      return !!to;
    },
    held: () => touching || doc.hidden || overlayOpen(),
  });
  // Any touch, wheel, key or press (and coming back to the tab) starts the wait over.
  for (const type of [
    'touchstart',
    'touchend',
    'touchcancel',
    'wheel',
    'keydown',
    'pointerdown',
    'visibilitychange',
  ])
    doc.addEventListener(
      type,
      (e) => {
        if (e.type.startsWith('touch')) touching = e.type === 'touchstart';
        slides?.restart();
      },
      { capture: true, passive: true },
    );
}

/** swipeRedirection: forward past the last page of a row (no next arrow) follows its link button. */
const redirecting = body.dataset.swr !== undefined;
const redirect = (page: HTMLElement | undefined) => {
  if (page && !page.querySelector('.aa')) page.querySelector<HTMLElement>('.tx .bt')?.click();
};
if (redirecting) {
  let from: HTMLElement | undefined;
  let x = 0;
  let y = 0;
  doc.addEventListener(
    'touchstart',
    (e) => {
      const t = e.touches[0]!;
      // One finger on the page being shown: the swipe counts from there.
      from = e.touches.length === 1 && (e.target as Element).closest('.pg') === current ? current : undefined;
      x = t.clientX;
      y = t.clientY;
    },
    { passive: true },
  );
  doc.addEventListener(
    'touchend',
    (e) => {
      const t = e.changedTouches[0]!;
      if (from && from === current && isForwardSwipe(t.clientX - x, t.clientY - y)) redirect(from);
    },
    { passive: true },
  );
}

/** Video pages start muted; their toggle (hidden without script) turns the sound on and off. */
const speakers = [...doc.querySelectorAll<HTMLElement>('.sk')];
for (const b of speakers) b.hidden = false;
function toggleSound(b: HTMLElement) {
  const video = b.parentElement?.querySelector('video');
  if (!video) return;
  video.muted = !video.muted;
  if (!video.muted) video.play().catch(() => {});
  b.setAttribute('aria-pressed', String(!video.muted));
}
/** Leaving a page with its sound on turns it off: one page speaks at a time. */
function hush(page: HTMLElement) {
  for (const b of speakers)
    if (!page.contains(b) && b.getAttribute('aria-pressed') === 'true') toggleSound(b);
}

// A deep link (#B2) lands on its page; the first visible page is counted even without scrolling.
if (grid && current) arrive(pages.find((p) => `#${p.id}` === location.hash) ?? current);

// --- news: the bell's unread dot, the newest delivery's banner once, the push button ----------

const bell = doc.querySelector<HTMLElement>('.nb');
if (bell) {
  const banner = doc.querySelector<HTMLElement>('.nbn');
  const keep = (key: string, value?: string) => {
    try {
      if (value === undefined) return localStorage.getItem(`swipe_${key}_${siteId}`);
      localStorage.setItem(`swipe_${key}_${siteId}`, value);
    } catch {}
  };
  /** Read up to the newest item (ISO instants compare as text); the banner is seen too. */
  const read = () => {
    bell.classList.remove('nu');
    keep('nw', bell.dataset.t);
    if (banner) seenBanner(banner);
  };
  const seenBanner = (b: HTMLElement) => {
    b.hidden = true;
    keep('nb', b.dataset.id);
  };
  bell.classList.toggle('nu', (bell.dataset.t ?? '') > (keep('nw') ?? ''));
  if (banner) {
    banner.hidden = keep('nb') === banner.dataset.id;
    banner.querySelector('.x')?.addEventListener('click', () => seenBanner(banner));
  }
  const opened = () => location.hash === '#nw' && read();
  addEventListener('hashchange', opened);
  opened();
  // Nothing of Web Push loads before a press: then permission (in the press, as Safari wants),
  // and the script that registers the worker and subscribes.
  const push = doc.querySelector<HTMLButtonElement>('.np');
  if (push && 'PushManager' in window && 'serviceWorker' in navigator) {
    push.hidden = false;
    push.onclick = () => {
      push.disabled = true;
      Notification.requestPermission().finally(() => {
        const s = doc.createElement('script');
        s.src = push.dataset.js ?? '';
        doc.head.append(s);
      });
    };
  }
}
