import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertReadyAsset, insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { campaignBody, campaignInput, insertCampaign } from './campaign-fixtures';

// The designer's API: create, read, list, save and delete a site's campaigns with their rules
// (pages of the site, media of the account, links by type, a script that parses),
// view authority refused. The visitors' clicks are campaign-clicks.int.test.ts.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
});
afterAll(async () => t?.close());

const company = () => t.fixtures.accounts.company.id;

describe('campaigns API', () => {
  it('creates, lists, saves and deletes a campaign of a site of the tree', async () => {
    const site = await insertSite(db, { accountId: company(), published: true });
    const image = await insertReadyAsset(db, company());
    const input = campaignInput({
      banners: [
        {
          id: 'banner-1',
          media: { assetId: image.id, kind: 'IMAGE' },
          x: 0,
          y: 0,
          width: 200,
          height: 100,
          zIndex: 1,
          lockRatio: true,
          link: { type: 'CREATIVE_BLOCK', url: 'B1' },
        },
      ],
    });
    const created = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/campaigns`,
      campaignBody(input),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({ start_date: '2026-10-01', position: 2, total_clicks: 0 });

    const list = await call('oem@example.com', 'GET', `/api/site/${site.id}/campaigns`);
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([id]);

    const saved = await call(
      'user@example.com',
      'PUT',
      `/api/campaign/${id}`,
      campaignBody({ ...input, endDate: '2026-10-01', position: 3 }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ end_date: '2026-10-01', position: 3 });

    expect((await call('user@example.com', 'DELETE', `/api/campaign/${id}`)).statusCode).toBe(200);
    expect((await call('user@example.com', 'GET', `/api/campaign/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with field messages and keeps nothing', async () => {
    const site = await insertSite(db, { accountId: company(), published: true });
    const rival = await insertReadyAsset(db, t.fixtures.accounts.direct.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...campaignBody(), end_date: '2026-09-30' }, 'end_date'],
      [{ ...campaignBody(), effective_pages: ['Z9'] }, 'effective_pages.0'],
      [{ ...campaignBody(), background_color: 'reddish' }, 'background_color'],
      [
        campaignBody({
          ...campaignInput(),
          buttons: [{ ...campaignInput().buttons[0]!, link: { type: 'SCRIPT', url: 'alert(' } }],
        }),
        'buttons.0.link.url',
      ],
      [
        campaignBody({
          ...campaignInput(),
          buttons: [
            {
              ...campaignInput().buttons[0]!,
              microcopy: { lines: ['1', '2', '3', '4'], color: '#000', align: 'CENTER', position: 'TOP' },
            },
          ],
        }),
        'buttons.0.microcopy.lines',
      ],
      [
        campaignBody({
          ...campaignInput(),
          banners: [
            {
              id: 'b',
              media: { assetId: rival.id, kind: 'IMAGE' },
              x: 0,
              y: 0,
              width: 10,
              height: 10,
              zIndex: 1,
              lockRatio: true,
              link: { type: 'EXTERNAL_URL', url: 'javascript:alert(1)' },
            },
          ],
        }),
        'banners.0.link.url',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call('user@example.com', 'POST', `/api/site/${site.id}/campaigns`, body);
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    // Another account's image, with a valid link: refused by ownership.
    const foreign = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/campaigns`,
      campaignBody(
        campaignInput({
          background: { assetId: rival.id, kind: 'IMAGE' },
        }),
      ),
    );
    expect(foreign.statusCode).toBe(400);
    const [count] = (
      await db.execute(sql`select count(*)::int as n from campaigns where site_id = ${site.id}`)
    ).rows as { n: number }[];
    expect(count!.n).toBe(0);
  });

  it('refuses view authority and another tenant', async () => {
    const { campaign, site } = await insertCampaign(db, { accountId: company() });
    expect(
      (await call('sub@example.com', 'PUT', `/api/campaign/${campaign.id}`, campaignBody())).statusCode,
    ).toBe(403);
    expect((await call('sub@example.com', 'GET', `/api/campaign/${campaign.id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/campaign/${campaign.id}`],
      ['PUT', `/api/campaign/${campaign.id}`],
      ['DELETE', `/api/campaign/${campaign.id}`],
      ['GET', `/api/site/${site.id}/campaigns`],
      ['POST', `/api/site/${site.id}/campaigns`],
    ] as const)
      expect(
        (
          await call(
            'direct@example.com',
            method,
            url,
            method === 'GET' || method === 'DELETE' ? undefined : campaignBody(),
          )
        ).statusCode,
        `${method} ${url}`,
      ).toBe(404);
  });
});
