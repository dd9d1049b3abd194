// The published page's visit tracking (part of the runtime, site-runtime.ts): the visit and
// its visitor (a random visit id; the visitor id the server issued, in this origin's storage,
// never a cookie), where it came from (UTM, ad click id, referrer; kept for the tab), the
// experiment variation the page shows, and the events, sent in beacons of at most 100 every few
// seconds and when the page is hidden. The page stays the same for everyone (it is cached): the
// visit starts with a call that answers the visitor id and the visit's key, which the beacons
// carry; an experiment counts only visits with a key.

const body = document.body;
const doc = document;
export const siteId = body.dataset.site ?? '';
export const lang = body.dataset.lang ?? 'JP';
export const eventsUrl = body.dataset.evUrl;

type TEvent = {
  seq: number;
  type: string;
  page: string;
  from?: string;
  target?: string;
  target_id?: string;
  dwell_ms?: number;
  n?: number;
  x?: number;
  y?: number;
  at: number;
};
const randomId = () => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(
    bytes,
    (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[b & 63],
  ).join('');
};
export const visitId = randomId();
/** The browser's visitor id (issued by the server, kept in this origin's storage): unique visitors without knowing who. */
let visitorId: string | null = null;
try {
  visitorId = localStorage.getItem('swipe_vid');
} catch {
  // No storage (a private window): each visit counts as its own visitor.
}
const params = new URLSearchParams(location.search);
const referrer = doc.referrer ? new URL(doc.referrer).host : '';
/** The ad click id parameters and their networks (AD_CLICK_PARAMS of the contracts). */
const click = (
  [
    ['gclid', 'GOOGLE'],
    ['fbclid', 'META'],
    ['yclid', 'YAHOO'],
    ['ttclid', 'TIKTOK'],
    ['ldtag_cl', 'LINE'],
  ] as const
).find(([p]) => params.get(p));
const utm = (name: string) => params.get(`utm_${name}`)?.slice(0, 100) || undefined;
/**
 * Where the visit came from: the address's UTM parameters and ad click id, the referrer. A page
 * loaded again in the same tab without them (back from a form, a language change) keeps the
 * campaign the tab landed with, so a conversion is credited to the ad that brought the visitor.
 */
let source: Record<string, string | undefined> = {
  ...(referrer && referrer !== location.host ? { referrer } : {}),
  utm_source: utm('source'),
  utm_medium: utm('medium'),
  utm_campaign: utm('campaign'),
  ...(click ? { ad_network: click[1], ad_click_id: params.get(click[0])!.slice(0, 255) } : {}),
};
try {
  if (source.utm_source || source.ad_network)
    sessionStorage.setItem(`swipe_src.${siteId}`, JSON.stringify(source));
  else source = JSON.parse(sessionStorage.getItem(`swipe_src.${siteId}`) ?? 'null') ?? source;
} catch {}
/** The variation of a running experiment this page shows, and its goal button ('LINK:A1'). */
const { var: variation, goal } = body.dataset;
export const visit = {
  ...(variation ? { variation_id: variation } : {}),
  site_id: siteId,
  visit_id: visitId,
  lang,
  device: innerWidth < 600 ? 'PHONE' : innerWidth < 1024 ? 'TABLET' : 'DESKTOP',
  visitor_id: visitorId ?? visitId,
  ...source,
} as Record<string, string | undefined>;
let seq = 0;
const queue: TEvent[] = [];
/** Whether the server answered the visit's start (or could not): beacons wait for it while the page shows. */
let started = false;
if (eventsUrl)
  fetch(`${eventsUrl}/visit`, {
    method: 'POST',
    body: JSON.stringify({
      site_id: siteId,
      visit_id: visitId,
      ...(visitorId ? { visitor_id: visitorId } : {}),
    }),
    headers: { 'content-type': 'application/json' },
  })
    .then((r) => r.json())
    .then(({ data }) => {
      visit.visitor_id = data.visitor_id;
      visit.visit_key = data.visit_key;
      try {
        localStorage.setItem('swipe_vid', data.visitor_id);
      } catch {}
    })
    .catch(() => {})
    .finally(() => {
      started = true;
      flush();
    });

export const track = (e: Omit<TEvent, 'seq' | 'at'>) => {
  if (!eventsUrl) return;
  queue.push({ ...e, seq: seq++, at: Date.now() });
  if (queue.length >= 100) flush();
};

/**
 * Sends up to 100 queued events. A page being left (pagehide passes its event) or hidden sends a
 * beacon, which the browser delivers after the page is gone; a page that shows sends with fetch
 * and queues again a batch the server could not take (a stalled database answers 503), for the
 * next flush. Only a refused batch is sent again: the server stored nothing of it.
 */
export function flush(leaving?: unknown) {
  // A page being left sends what it has, key or not (its views still count in the analysis).
  if (!eventsUrl || queue.length === 0 || (!started && !leaving && !doc.hidden)) return;
  const batch = queue.splice(0, 100);
  const json = JSON.stringify({ ...visit, sent_at: Date.now(), events: batch });
  if (
    !(
      (leaving || doc.hidden) &&
      navigator.sendBeacon?.(eventsUrl, new Blob([json], { type: 'application/json' }))
    )
  )
    fetch(eventsUrl, {
      method: 'POST',
      body: json,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    })
      .then((r) => {
        if ((r.status >= 500 || r.status === 429) && queue.length < 1000) queue.unshift(...batch);
      })
      .catch(() => {});
  if (queue.length) flush(leaving);
}
setInterval(flush, 5000);

/** Whether the visit has reported anything yet. */
export const tracked = () => seq > 0;

let goalReached = false;
/**
 * A click on a button the page reports (`target` its kind, `target_id` which): a CLICK, and the
 * visit's GOAL the first time it is the experiment's goal button. True when it was that.
 */
export function trackClick(hit: { page: string; target: string; target_id?: string }) {
  track({ type: 'CLICK', ...hit });
  const reached = !goalReached && goal === `${hit.target}:${hit.target_id ?? ''}`;
  if (reached) {
    goalReached = true;
    track({ type: 'GOAL', ...hit });
  }
  return reached;
}
