import { keysToSnake } from '@swipe/contracts/case';
import type { TExperiment } from '@swipe/contracts/experiments';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TTestApp } from '../../test/harness';
import { insertReadyAsset, insertSite, siteDocument } from '../sites/site-fixtures';
import type { TSignedInCall } from '../users/users-test-kit';

// Shared set-up of the experiments integration tests: a published site with effect measurement,
// a running experiment on it (B overrides A1's headline and the contact form), and visits of its
// variations as a published page reports them (started with the server, or made up).

export const OWNER = 'direct@example.com';
export const B_TEXT = 'Variation B headline';
export const api = (siteId: string, rest = '') => `/api/site/${siteId}/experiments${rest}`;

/** The helpers over the file's app and caller (read when called: both are made in beforeAll). */
export function experimentsTestKit(app: () => TTestApp, caller: () => TSignedInCall) {
  /** A published 1 x 2 JP site of the direct customer (effect measurement on its plan), images on every page. */
  async function publishedSite() {
    const t = app();
    const accountId = t.fixtures.accounts.direct.id;
    const doc = siteDocument({ name: 'Experiment', rows: 1, columns: 2 });
    const asset = await insertReadyAsset(t.database.db, accountId, {
      storageKey: 'assets/test/original.png',
    });
    doc.content.JP!.creatives.forEach((c, i) => {
      c.media = { assetId: asset.id, kind: 'IMAGE' };
      c.mainText = `Base page ${i + 1}`;
      c.linkButtonText = 'Buy';
      c.link = { kind: 'EXTERNAL', url: 'https://example.com/buy' } as never;
    });
    return insertSite(t.database.db, { accountId, doc, published: true });
  }

  const docOf = async (siteId: string) => {
    const [row] = await app().database.db.select().from(sites).where(eq(sites.id, siteId));
    return {
      published: storedSiteDocument(row!.published),
      draft: storedSiteDocument(row!.draft),
      row: row!,
    };
  };

  /** B's overrides: page A1 with another headline; its contact form without the company field. */
  function overridesB(doc: TSiteDocument) {
    const a1 = doc.content.JP!.creatives.find((c) => c.coordinate === 'A1')!;
    const contact = doc.content.JP!.forms.CONTACT_SETTING.filter((f) => f.builtIn !== 'COMPANY');
    return keysToSnake({
      pages: [{ coordinate: 'A1', creatives: { JP: { ...a1, mainText: B_TEXT } } }],
      forms: { JP: { ...doc.content.JP!.forms, CONTACT_SETTING: contact } },
    });
  }

  async function runningExperiment(
    opts: { allocation?: 'FIXED' | 'AUTO'; goal?: string; goalButton?: unknown } = {},
  ) {
    const call = caller();
    const site = await publishedSite();
    const created = await call(OWNER, 'POST', api(site.id), {
      name: 'Headline',
      goal: opts.goal ?? 'CONTACT',
      goal_button: opts.goalButton ?? null,
      allocation: opts.allocation ?? 'FIXED',
    });
    expect(created.statusCode, created.body).toBe(201);
    const experiment = created.json().data as TExperiment;
    const [a, b] = experiment.variations;
    const saved = await call(OWNER, 'PUT', api(site.id, `/${experiment.id}/variations/${b!.id}`), {
      overrides: overridesB((await docOf(site.id)).published),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = await call(OWNER, 'POST', api(site.id, `/${experiment.id}/start`));
    expect(started.statusCode, started.body).toBe(200);
    return { site, experiment: started.json().data as TExperiment, a: a!, b: b! };
  }

  /** A visit as the published page starts it: the visitor id and visit key the server issues. */
  async function startVisit(siteId: string, visitId: string, visitorId?: string) {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/end-user/events/visit',
      payload: { site_id: siteId, visit_id: visitId, ...(visitorId ? { visitor_id: visitorId } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { visitor_id: string; visit_key: string };
  }

  /** A beacon of a visit shown `variationId`, with the ids (and key) it says it has. */
  const beacon = (
    siteId: string,
    visit: { visit_id: string; visitor_id?: string; visit_key?: string },
    variationId: string,
    events: object[],
  ) =>
    app().app.inject({
      method: 'POST',
      url: '/api/end-user/events',
      payload: { site_id: siteId, ...visit, lang: 'JP', device: 'PHONE', variation_id: variationId, events },
    });

  /** A visit started with the server, whose beacon then reports `events`. */
  async function visitOf(siteId: string, visitId: string, variationId: string, events: object[]) {
    const issued = await startVisit(siteId, visitId);
    const res = await beacon(siteId, { visit_id: visitId, ...issued }, variationId, events);
    expect(res.statusCode, res.body).toBe(202);
    return issued;
  }

  return { publishedSite, docOf, overridesB, runningExperiment, startVisit, beacon, visitOf };
}
