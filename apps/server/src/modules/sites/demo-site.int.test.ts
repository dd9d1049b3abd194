import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkPublishable, ZSiteDocument } from '@swipe/contracts/sites';
import { ZSurveyDocument } from '@swipe/contracts/surveys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client';
import { contracts, plans } from '../../db/schema/plans';
import { previewComments } from '../../db/schema/preview-comments';
import { siteAssets, siteRevisions, sites } from '../../db/schema/sites';
import { surveys } from '../../db/schema/visitors';
import { openTestDatabase } from '../../db/test-database';
import { createLocalStorage } from '../../platform/storage';
import { seed } from '../../seed/seed';
import { DEMO_SITE_PATH } from './demo-site';

let database: TDatabase;
let root: string;
beforeAll(async () => {
  database = await openTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-demo-site-'));
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('demo site', () => {
  // The whole demo seed (images and their variants, 30 days of visits): slow on a busy machine.
  it(
    'publishes a valid bilingual site for Hinode Foods, its images stored with WebP variants',
    { timeout: 180_000 },
    async () => {
      const storage = createLocalStorage({ root, publicBase: '/media' });
      expect(
        await seed(database.db, { demo: true, masterEmail: undefined, masterPassword: undefined }, storage),
      ).toBe('demo');

      const [site] = await database.db.select().from(sites);
      expect(site).toMatchObject({ status: 'PUBLISH', customPath: DEMO_SITE_PATH, publishedVersion: 1 });
      // The document passes the contract the API enforces, and could be published from the editor.
      const doc = ZSiteDocument.parse(site!.published);
      expect(checkPublishable(doc)).toEqual([]);
      // Its history is not empty on a fresh machine: the publish that made it is revision 1.
      const history = await database.db
        .select()
        .from(siteRevisions)
        .where(eq(siteRevisions.siteId, site!.id));
      expect(history.map((r) => [r.revision, r.kind, r.authorId])).toEqual([[1, 'PUBLISH', site!.createdBy]]);
      // A reviewer's comments on its preview: one open, one resolved.
      const comments = await database.db
        .select()
        .from(previewComments)
        .where(eq(previewComments.siteId, site!.id));
      expect(comments.map((c) => [c.number, c.resolvedAt === null]).sort()).toEqual([
        [1, true],
        [2, false],
      ]);
      expect(doc.languages).toEqual(['JP', 'EN']);
      expect(doc.content.EN!.creatives).toHaveLength(6);
      expect(doc.content.JP!.creatives.flatMap((c) => c.products)).toHaveLength(2);
      // A2's button leads to the demo's survey (three questions in JP and EN).
      const link = doc.content.EN!.creatives.find((c) => c.coordinate === 'A2')!.link;
      expect(link.kind).toBe('SURVEY');
      const [survey] = await database.db.select().from(surveys).where(eq(surveys.id, link.surveyId!));
      expect(survey).toMatchObject({ siteId: site!.id, isOpen: true });
      const surveyDoc = ZSurveyDocument.parse(survey!.document);
      expect(surveyDoc.questions).toHaveLength(3);
      expect(Object.keys(surveyDoc.title).sort()).toEqual(['EN', 'JP']);

      const assets = await database.db
        .select()
        .from(siteAssets)
        .where(eq(siteAssets.accountId, site!.accountId));
      expect(assets.length).toBeGreaterThanOrEqual(7);
      for (const a of assets) {
        expect(a.status).toBe('READY');
        expect(fs.existsSync(path.join(root, a.storageKey!))).toBe(true);
        expect(a.variants.map((v) => v.width)).toEqual(
          a.width! >= 1170 ? [390, 780, 1170] : expect.any(Array),
        );
      }

      // A bilingual site needs the multilingual plan: the demo company is on it.
      const [plan] = await database.db
        .select({ code: plans.code })
        .from(contracts)
        .innerJoin(plans, eq(plans.id, contracts.planId))
        .where(eq(contracts.accountId, site!.accountId));
      expect(plan!.code).toBe('premium_multi');
    },
  );
});
