import type { TCampaignInput } from '@swipe/contracts/campaigns';
import { keysToSnake } from '@swipe/contracts/case';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { campaignInput } from './campaign-fixtures';

// The site editor's page operations renumber pages; a save carries the renames (`page_renames`)
// and the site's campaigns follow in the same transaction: their effective pages and their
// items' page links. Another tenant's site is not found; a bad rename is a field error and
// saves nothing.

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
const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;

async function addCampaign(siteId: string, effectivePages: string[], linkTo?: string) {
  const base = campaignInput({ effectivePages });
  const input: TCampaignInput = linkTo
    ? { ...base, buttons: base.buttons.map((b) => ({ ...b, link: { type: 'CREATIVE_BLOCK', url: linkTo } })) }
    : base;
  const [row] = await db
    .insert(campaigns)
    .values({ siteId, document: input, startDate: input.startDate, endDate: input.endDate })
    .returning({ id: campaigns.id });
  return row!.id;
}

async function campaign(id: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return { pages: row!.document.effectivePages, link: row!.document.buttons[0]!.link.url, row: row! };
}

const revisionOf = async (siteId: string) =>
  (await db.select({ revision: sites.revision }).from(sites).where(eq(sites.id, siteId)))[0]!.revision;

describe('page renames on save', () => {
  it('moves the campaign pages with the pages, and drops the removed ones', async () => {
    const site = await insertSite(db, { accountId: company(), doc: siteDocument({ rows: 2, columns: 2 }) });
    const wide = await addCampaign(site.id, ['A1', 'B1', 'A2'], 'B1');
    const corner = await addCampaign(site.id, ['B2']);
    const doomed = await addCampaign(site.id, ['A2']);
    // Another site of the same account with the same addresses is not this site.
    const other = await insertSite(db, { accountId: company(), doc: siteDocument({ rows: 2, columns: 2 }) });
    const untouched = await addCampaign(other.id, ['A1', 'B1'], 'B1');

    // A row inserted on top: every page moves down one row.
    const saved = await call('user@example.com', 'PUT', `/api/site/${site.id}`, {
      document: wire(siteDocument({ rows: 3, columns: 2 })),
      mode: 'DRAFT',
      revision: 0,
      page_renames: { A1: 'A2', B1: 'B2', A2: 'A3', B2: 'B3' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await campaign(wide)).toMatchObject({ pages: ['A2', 'B2', 'A3'], link: 'B2' });
    expect((await campaign(corner)).pages).toEqual(['B3']);
    expect((await campaign(doomed)).pages).toEqual(['A3']);
    expect(await campaign(untouched)).toMatchObject({ pages: ['A1', 'B1'], link: 'B1' });

    // The autosave carries them too: the middle row removed, the last one moves up.
    const autosaved = await call('user@example.com', 'PUT', `/api/site/${site.id}/draft`, {
      document: wire(siteDocument({ rows: 2, columns: 2 })),
      revision: 1,
      page_renames: { A2: null, B2: null, A3: 'A2', B3: 'B2' },
    });
    expect(autosaved.statusCode, autosaved.body).toBe(200);
    // A link to a removed page keeps its address (a link must name one).
    expect(await campaign(wide)).toMatchObject({ pages: ['A2'], link: 'B2' });
    expect((await campaign(corner)).pages).toEqual(['B2']);
    expect((await campaign(doomed)).pages).toEqual(['A2']);

    // Every page of a campaign removed: it stays, on no page, and the designer still reads it.
    const last = await call('user@example.com', 'PUT', `/api/site/${site.id}/draft`, {
      document: wire(siteDocument({ rows: 1, columns: 2 })),
      revision: 2,
      page_renames: { A2: null, B2: null },
    });
    expect(last.statusCode, last.body).toBe(200);
    expect((await campaign(doomed)).pages).toEqual([]);
    const list = await call('user@example.com', 'GET', `/api/site/${site.id}/campaigns`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((c: { effective_pages: string[] }) => c.effective_pages)).toEqual([
      [],
      [],
      [],
    ]);
    // A save without renames leaves the campaigns alone.
    const before = await campaign(untouched);
    const plain = await call('user@example.com', 'PUT', `/api/site/${other.id}`, {
      document: wire(siteDocument({ rows: 2, columns: 2 })),
      mode: 'DRAFT',
    });
    expect(plain.statusCode).toBe(200);
    expect((await campaign(untouched)).row.updatedAt).toEqual(before.row.updatedAt);
  });

  it("cannot touch another tenant's site or its campaigns", async () => {
    const site = await insertSite(db, { accountId: company(), doc: siteDocument({ rows: 1, columns: 2 }) });
    const id = await addCampaign(site.id, ['A1', 'B1'], 'A1');
    const res = await call('direct@example.com', 'PUT', `/api/site/${site.id}`, {
      document: wire(siteDocument({ rows: 1, columns: 2 })),
      mode: 'DRAFT',
      page_renames: { A1: 'B1', B1: 'A1' },
    });
    expect(res.statusCode).toBe(404);
    const draft = await call('direct@example.com', 'PUT', `/api/site/${site.id}/draft`, {
      document: wire(siteDocument({ rows: 1, columns: 2 })),
      page_renames: { A1: null },
    });
    expect(draft.statusCode).toBe(404);
    expect(await campaign(id)).toMatchObject({ pages: ['A1', 'B1'], link: 'A1' });
    expect(await revisionOf(site.id)).toBe(0);
  });

  it('refuses a bad rename with a field error and saves nothing', async () => {
    const site = await insertSite(db, { accountId: company(), doc: siteDocument({ rows: 1, columns: 2 }) });
    const id = await addCampaign(site.id, ['A1'], 'B1');
    const save = (pageRenames: unknown) =>
      call('user@example.com', 'PUT', `/api/site/${site.id}`, {
        document: wire(siteDocument({ rows: 1, columns: 2 })),
        mode: 'DRAFT',
        revision: 0,
        page_renames: pageRenames,
      });
    const cases: [unknown, { field: string; message: string }][] = [
      [
        { a1: 'B1' },
        {
          field: 'page_renames.a1',
          message: 'Use a page position such as A1 (1 to 3 letters and a row from 1 to 100).',
        },
      ],
      [
        { A1: 'B' },
        {
          field: 'page_renames.A1',
          message: 'Use a page position such as A1 (1 to 3 letters and a row from 1 to 100).',
        },
      ],
      [
        { A1: 'B1', C1: 'B1' },
        { field: 'page_renames.C1', message: 'Two pages cannot both move to B1.' },
      ],
      // On the grid of the document being saved (1 x 2: A1, B1).
      [{ A1: 'A2' }, { field: 'page_renames.A1', message: 'This page is not in the grid.' }],
    ];
    for (const [renames, error] of cases) {
      const res = await save(renames);
      expect(res.statusCode, JSON.stringify(renames)).toBe(400);
      expect(res.json().errors).toEqual([error]);
    }
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`P${i}`, null]));
    const tooMany = await save(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { field: 'page_renames', message: 'At most 10000 pages can be renamed in one save.' },
    ]);
    expect(await campaign(id)).toMatchObject({ pages: ['A1'], link: 'B1' });
    expect(await revisionOf(site.id)).toBe(0);
  });
});
