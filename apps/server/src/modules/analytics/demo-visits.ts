import type { TEventRow } from '../../platform/visit-events';

// Generated visits (for the demo seed, the rollup tests and the bench): visitors arriving mostly
// on A1 from ads, swiping right and down through the grid with a falling reach, dwelling, tapping
// the creative (most often around its button), clicking and sometimes converting. Seeded, so a
// run can be replayed.

export function seededRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DEVICES = ['PHONE', 'PHONE', 'PHONE', 'PHONE', 'TABLET', 'DESKTOP'] as const;
/** Where visits come from: ad clicks carry their network's click id (made from the visit's id). */
const SOURCES = [
  {
    referrerHost: 'www.instagram.com',
    utmSource: 'instagram',
    utmMedium: 'paid_social',
    utmCampaign: 'autumn',
    adNetwork: 'META',
  },
  {
    referrerHost: 'www.google.com',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'autumn',
    adNetwork: 'GOOGLE',
  },
  { referrerHost: 'line.me', utmSource: 'line', utmMedium: 'cpc', utmCampaign: 'autumn', adNetwork: 'LINE' },
  {
    referrerHost: 'search.yahoo.co.jp',
    utmSource: 'yahoo',
    utmMedium: 'cpc',
    utmCampaign: 'autumn_search',
    adNetwork: 'YAHOO',
  },
  { referrerHost: 'news.yahoo.co.jp', utmSource: null, utmMedium: null, utmCampaign: null, adNetwork: null },
  { referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null, adNetwork: null },
] as const;
const CONVERSIONS = ['MEMBER', 'CONTACT', 'FORM', 'SURVEY'] as const;

export type TVisitPlan = {
  siteId: string;
  /** The grid's pages, row by row ('A1', 'A2', ... 'B1', ...), and its column count. */
  pages: string[];
  columns: number;
  languages: string[];
  /** How many visits, starting uniformly between `from` and `to` (epoch ms). */
  count: number;
  from: number;
  to: number;
  seed: number;
  /** Visitors to draw the visits from (a visitor comes back now and then). */
  visitors?: number;
  /**
   * The share of visits that open on another page than the first, by a link to it (#B2); 0.15
   * unless told. The rest start on the first page, whose reach is then 1 minus this share.
   */
  deepLinks?: number;
};

/** The events of `plan.count` visits, in order of each visit. */
export function generateVisits(plan: TVisitPlan): TEventRow[] {
  const rnd = seededRandom(plan.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out: TEventRow[] = [];
  const visitors = plan.visitors ?? Math.max(1, Math.floor(plan.count * 0.7));
  const at = (page: string) => plan.pages.indexOf(page);
  const deepLinks = plan.pages.length > 1 ? (plan.deepLinks ?? 0.15) : 0;
  for (let v = 0; v < plan.count; v++) {
    const visitId = `v${plan.seed.toString(36)}x${v.toString(36)}`.padEnd(16, '_');
    const visitorId = `u${plan.seed.toString(36)}x${Math.floor(rnd() * visitors).toString(36)}`.padEnd(
      16,
      '0',
    );
    const lang = rnd() < 0.8 ? plan.languages[0]! : pick(plan.languages);
    const device = pick(DEVICES);
    const base = {
      siteId: plan.siteId,
      visitId,
      lang,
      device,
      fromPage: null,
      target: null,
      targetId: null,
      dwellMs: null,
      ordinal: null,
      x: null,
      y: null,
    };
    let time = plan.from + Math.floor(rnd() * (plan.to - plan.from));
    let seq = 0;
    const seen: string[] = [];
    const source = pick(SOURCES);
    let page = rnd() < 1 - deepLinks ? plan.pages[0]! : pick(plan.pages.slice(1));
    const entry = page;
    for (let step = 0; step < 50; step++) {
      const first = !seen.includes(page);
      if (first) seen.push(page);
      out.push({
        ...base,
        seq: seq++,
        type: 'VIEW',
        page,
        ordinal: first ? seen.length : null,
        occurredAt: new Date(time),
        ...(step === 0
          ? { visit: { visitorId, ...source, adClickId: source.adNetwork && `cl_${visitId}` } }
          : {}),
      });
      if (rnd() < 0.35) {
        // Taps gather around the button at the bottom, the rest anywhere.
        const nearButton = rnd() < 0.6;
        out.push({
          ...base,
          seq: seq++,
          type: 'TAP',
          page,
          x: nearButton ? 500 + Math.floor((rnd() - 0.5) * 360) : Math.floor(rnd() * 1001),
          y: nearButton ? 860 + Math.floor((rnd() - 0.5) * 90) : Math.floor(rnd() * 1001),
          occurredAt: new Date(time + 800),
        });
      }
      if (rnd() < 0.12)
        out.push({
          ...base,
          seq: seq++,
          type: 'CLICK',
          page,
          target: 'LINK',
          targetId: page,
          occurredAt: new Date(time + 1500),
        });
      if (rnd() < 0.05)
        out.push({
          ...base,
          seq: seq++,
          type: 'CLICK',
          page,
          target: 'PRODUCT',
          targetId: `${page}-1`,
          occurredAt: new Date(time + 1200),
        });
      if (page === plan.pages[0] && rnd() < 0.04)
        out.push({
          ...base,
          seq: seq++,
          type: 'CLICK',
          page,
          target: 'CTA',
          targetId: 'timeLimit',
          occurredAt: new Date(time + 2000),
        });
      const dwellMs = Math.floor(1500 + rnd() ** 2 * 40_000);
      time += dwellMs;
      out.push({ ...base, seq: seq++, type: 'DWELL', page, dwellMs, occurredAt: new Date(time) });
      // Leave, or swipe right (same row) or down (same column), now and then back.
      if (rnd() < 0.22 + step * 0.04) break;
      const i = at(page);
      const right = (i + 1) % plan.columns !== 0 ? plan.pages[i + 1] : undefined;
      const down = plan.pages[i + plan.columns];
      const back = seen.length > 1 ? seen[seen.length - 2] : undefined;
      const next = rnd() < 0.08 && back ? back : rnd() < 0.65 ? (right ?? down) : (down ?? right);
      if (!next) break;
      out.push({
        ...base,
        seq: seq++,
        type: 'SWIPE',
        page: next,
        fromPage: page,
        occurredAt: new Date(time),
      });
      page = next;
    }
    if (rnd() < 0.04)
      out.push({
        ...base,
        seq: 1_000_000,
        type: 'CONV',
        page: entry,
        target: pick(CONVERSIONS),
        occurredAt: new Date(time),
      });
  }
  return out;
}
