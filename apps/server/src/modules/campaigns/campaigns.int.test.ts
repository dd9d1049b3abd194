import { jstToday } from '@swipe/contracts/analytics';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDb } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertReadyAsset, insertSite, siteDocument } from '../sites/site-fixtures';
import { campaignInput } from './campaign-fixtures';
import { seedDemoCampaign } from './demo-campaign';

// The published page's side of campaigns over real HTTP (the page cache answers
// before Fastify): the zone of a campaign active today and not of one that ended, the cached page
// following the JST days a campaign starts and ends on without a republish. The designer's API is
// campaigns-api.int.test.ts, a visitor's clicks campaign-clicks.int.test.ts.

let t: TTestApp;
let db: TDb;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  base = await t.listen();
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
const company = () => t.fixtures.accounts.company.id;
const page = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  return res.text();
};
const zoneIds = (html: string) => [...html.matchAll(/<div class="cz" data-cz="([^"]+)"/g)].map((m) => m[1]);

/** A published 2 x 2 MOBILE site like the demo's, with an image in the account's library. */
async function demoLikeSite() {
  await insertReadyAsset(db, company(), { storageKey: 'assets/campaign/original.png' });
  return insertSite(db, {
    accountId: company(),
    doc: siteDocument({ name: 'Demo-like', rows: 2, columns: 2, languages: ['JP', 'EN'] }),
    published: true,
  });
}

async function addCampaign(
  siteId: string,
  startDate: string,
  endDate: string,
  effectivePages = ['A1', 'B1'],
) {
  const input = campaignInput({ startDate, endDate, effectivePages });
  const [row] = await db
    .insert(campaigns)
    .values({ siteId, document: input, startDate, endDate })
    .returning({ id: campaigns.id });
  return row!.id;
}

describe('campaign zones on the published page', () => {
  it('shows the zone of the active campaign (the demo one) and not of one that ended', async () => {
    const site = await demoLikeSite();
    await seedDemoCampaign(db, site);
    const [demo] = await db.select().from(campaigns).where(eq(campaigns.siteId, site.id));
    const ended = await addCampaign(site.id, '2001-01-01', '2001-12-31');

    for (const path of [`/sites/${site.id}`, `/sites/${site.id}/en`]) {
      const html = await page(path);
      expect(zoneIds(html)).toEqual([demo!.id]);
      expect(html).not.toContain(ended);
      expect(html).toContain('data-pages="A1,B1,A2,B2"');
      expect(html).toContain('data-ci="demo-button"');
      expect(html).toContain('data-ci="demo-banner"');
      expect(html).toContain('/media/assets/campaign/original.png');
      expect(html).toContain('@media (prefers-reduced-motion:no-preference){.k1');
    }
    // The page cache keeps it (a hit answers the same bytes).
    expect(await page(`/sites/${site.id}`)).toBe(await page(`/sites/${site.id}`));
  });

  it('has no zone on a site without campaigns, nor on its contact page', async () => {
    const site = await demoLikeSite();
    expect(await page(`/sites/${site.id}`)).not.toContain('class="cz"');
    await seedDemoCampaign(db, site);
    const contact = await fetch(`${base}/sites/${site.id}/contact`);
    expect(await contact.text()).not.toContain('class="cz"');
  });

  it('follows the JST days a campaign starts and ends on, without a republish', async () => {
    const site = await demoLikeSite();
    const now = Date.now();
    const tomorrow = jstToday(now + DAY);
    const id = await addCampaign(site.id, tomorrow, tomorrow);
    const path = `/sites/${site.id}`;

    expect(zoneIds(await page(path))).toEqual([]);
    expect(zoneIds(await page(path))).toEqual([]); // from the cache

    // Just after JST midnight of its (only) day: the cached page has gone stale by itself.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${tomorrow}T00:00:01+09:00`) });
    expect(zoneIds(await page(path))).toEqual([id]);
    vi.setSystemTime(Date.parse(`${tomorrow}T23:59:59+09:00`));
    expect(zoneIds(await page(path))).toEqual([id]); // the last day counts
    // The day after: gone again.
    vi.setSystemTime(Date.parse(`${tomorrow}T00:00:00+09:00`) + DAY);
    expect(zoneIds(await page(path))).toEqual([]);
  });

  it('shows on each page the latest started of the campaigns covering it', async () => {
    const site = await demoLikeSite();
    const older = await addCampaign(site.id, '2001-01-01', '2099-12-31', ['A1', 'B1']);
    const newer = await addCampaign(site.id, '2002-01-01', '2099-12-31', ['B1', 'A2']);
    const html = await page(`/sites/${site.id}`);
    expect(html).toContain(`data-cz="${older}" data-pages="A1"`);
    expect(html).toContain(`data-cz="${newer}" data-pages="B1,A2" hidden=""`);
  });
});
