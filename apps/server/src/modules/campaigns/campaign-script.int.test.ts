import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { campaignInput, insertCampaign } from './campaign-fixtures';
import { SCRIPT_CSP } from './campaign-script';

// A SCRIPT item's code for the published page's sandboxed frame, over real HTTP (the app's global
// headers included): only for a SCRIPT item of a campaign of a live site whose code parses, with a
// CSP that sandboxes it; nothing for anything else.

let t: TTestApp;
let db: TDb;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  base = await t.listen();
});
afterAll(async () => t?.close());

const company = () => t.fixtures.accounts.company.id;
const SCRIPT = 'window.parent.postMessage("ran </script>", "*")';

/** A campaign with a SCRIPT button (`btn-s`) and banner (`ban-s`) beside the fixture's link button. */
async function scriptCampaign(opts: { published?: boolean } = {}) {
  const base = campaignInput();
  const input = campaignInput({
    buttons: [...base.buttons, { ...base.buttons[0]!, id: 'btn-s', link: { type: 'SCRIPT', url: SCRIPT } }],
  });
  return insertCampaign(db, { accountId: company(), input, ...opts });
}

const script = (id: string, item: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/end-user/campaign/${id}/script?item=${encodeURIComponent(item)}`, { headers });

describe("a campaign SCRIPT item's code", () => {
  it('is a sandboxed HTML document for a live site, its code escaped within one script element', async () => {
    const { campaign } = await scriptCampaign();
    const res = await script(campaign.id, 'btn-s', { 'sec-fetch-dest': 'iframe' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(SCRIPT_CSP);
    expect(SCRIPT_CSP).toMatch(/^sandbox allow-scripts allow-popups; default-src 'none'; /);
    expect(SCRIPT_CSP).toContain("frame-ancestors 'self'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    // Helmet's frame guard never refuses the page's own frame (frame-ancestors decides anyway).
    expect(res.headers.get('x-frame-options') ?? 'SAMEORIGIN').toBe('SAMEORIGIN');
    expect(await res.text()).toBe(
      '<!doctype html><meta charset=utf-8><script>(function(){\n' +
        'window.parent.postMessage("ran <\\/script>", "*")' +
        '\n})()</script>',
    );
    // A browser that does not say what it opens it as (or a test client) gets it too.
    expect((await script(campaign.id, 'btn-s')).status).toBe(200);
  });

  it('is not found for another item, an unknown one, another campaign or a site visitors cannot see', async () => {
    const { campaign, site } = await scriptCampaign();
    expect((await script(campaign.id, 'btn-1')).status).toBe(404); // an EXTERNAL_URL item
    expect((await script(campaign.id, 'nope')).status).toBe(404);
    expect((await script('6f1d1c9e-0000-4000-8000-000000000000', 'btn-s')).status).toBe(404);
    expect((await script('not-an-id', 'btn-s')).status).toBe(404);

    const draft = await scriptCampaign({ published: false });
    expect((await script(draft.campaign.id, 'btn-s')).status).toBe(404);
    await db.update(sites).set({ status: 'PRIVATE' }).where(eq(sites.id, site.id));
    expect((await script(campaign.id, 'btn-s')).status).toBe(404);
  });

  it('is not found when the code does not parse, nor when the browser opens it as a page', async () => {
    const { campaign } = await scriptCampaign();
    // Opened in a tab (or fetched by a script): the address serves frames only.
    expect((await script(campaign.id, 'btn-s', { 'sec-fetch-dest': 'document' })).status).toBe(404);
    expect((await script(campaign.id, 'btn-s', { 'sec-fetch-dest': 'empty' })).status).toBe(404);
    // Stored by some other way than the API (which refuses it).
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    const doc = row!.document;
    doc.buttons[1]!.link = { type: 'SCRIPT', url: 'window.x = (' };
    await db.update(campaigns).set({ document: doc }).where(eq(campaigns.id, campaign.id));
    expect((await script(campaign.id, 'btn-s')).status).toBe(404);
  });
});
