import { ZVariationOverrides } from '@swipe/contracts/experiments';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { siteVisits } from '../../db/schema/analytics';
import { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TDemoSeed } from '../../platform/module';
import type { TEventRow } from '../../platform/visit-events';
import { writeEvents } from '../analytics/event-writer';
import { seededRandom, thompsonShares } from './allocation';

// The demo site's running experiment: does a friendlier contact page (B2) bring more
// enquiries? Its generated visits of the last two weeks are split between the base and "B" by
// visitor, and some of B's visitors send the contact form (their conversions go in through the
// event writer, as a visitor's would), B a little more often, so the results screen has numbers
// on a fresh machine.

const DAY_MS = 86_400_000;
const B2 = {
  JP: { mainText: 'ご相談は無料です。\nだしの選び方もお気軽にどうぞ', linkButtonText: '無料で相談する' },
  EN: {
    mainText: 'Ask us anything, for free.\nWe help you pick your dashi',
    linkButtonText: 'Ask us for free',
  },
};

export async function seedDemoExperiment({ db, site, owner }: TDemoSeed) {
  if (!site?.published) return;
  const doc = storedSiteDocument(site.published);
  const creatives = Object.fromEntries(
    doc.languages.flatMap((lang) => {
      const c = doc.content[lang]?.creatives.find((x) => x.coordinate === 'B2');
      const text = B2[lang as keyof typeof B2];
      return c && text ? [[lang, { ...c, ...text }]] : [];
    }),
  );
  const startedAt = new Date(Date.now() - 14 * DAY_MS);
  const [experiment] = await db
    .insert(siteExperiments)
    .values({
      siteId: site.id,
      name: 'お問い合わせページ（B2）の文言',
      status: 'RUNNING',
      goal: 'CONTACT',
      allocation: 'AUTO',
      createdBy: owner.userId,
      createdAt: new Date(startedAt.getTime() - DAY_MS),
      startedAt,
    })
    .returning();
  const [base, challenger] = await db
    .insert(siteVariations)
    .values([
      {
        experimentId: experiment!.id,
        siteId: site.id,
        name: 'A',
        isBase: true,
        position: 0,
        overrides: ZVariationOverrides.parse({}),
      },
      {
        experimentId: experiment!.id,
        siteId: site.id,
        name: 'B — 無料相談',
        position: 1,
        overrides: ZVariationOverrides.parse({ pages: [{ coordinate: 'B2', creatives }] }),
      },
    ])
    .returning();
  // The generated visits since the start, split by visitor; their conversions become goals.
  await db.execute(sql`
    update site_visits v set
      variation_id = case when abs(hashtext(v.visitor_id)) % 2 = 0 then ${base!.id}::uuid else ${challenger!.id}::uuid end,
      goals = coalesce((select bit_or(case e.target when 'MEMBER' then 1 when 'CONTACT' then 2 when 'FORM' then 4 when 'SURVEY' then 8 else 0 end)
        from site_events e where e.site_id = v.site_id and e.visit_id = v.visit_id and e.type = 'CONV'), 0)
    where v.site_id = ${site.id} and v.started_at >= ${startedAt.toISOString()}::timestamptz`);
  // Some visitors of each variation send the contact form: about 3 % of the base's visits, 4 % of B's
  // (their conversions go in through the event writer, as a visitor's would).
  const random = seededRandom(2026);
  const conversions: TEventRow[] = [];
  for (const [variation, rate] of [
    [base!, 0.03],
    [challenger!, 0.04],
  ] as const) {
    const visits = await db
      .select({
        visitId: siteVisits.visitId,
        lang: siteVisits.lang,
        device: siteVisits.device,
        entryPage: siteVisits.entryPage,
        startedAt: siteVisits.startedAt,
      })
      .from(siteVisits)
      .where(
        and(
          eq(siteVisits.siteId, site.id),
          eq(siteVisits.variationId, variation.id),
          sql`${siteVisits.goals} & 2 = 0`,
        ),
      )
      .orderBy(siteVisits.visitId);
    for (const v of visits)
      if (random() < rate)
        conversions.push({
          siteId: site.id,
          visitId: v.visitId,
          seq: 1_000_001,
          type: 'CONV',
          lang: v.lang,
          device: v.device,
          page: v.entryPage,
          fromPage: null,
          target: 'CONTACT',
          targetId: null,
          dwellMs: null,
          ordinal: null,
          x: null,
          y: null,
          occurredAt: new Date(v.startedAt.getTime() + 90_000),
        });
  }
  if (conversions.length > 0) await writeEvents(db as TDb, conversions);
  // The shares Thompson sampling gives these numbers (the minute job moves them from then on).
  const arms = await db
    .select({
      variationId: siteVisits.variationId,
      visitors: sql<number>`count(distinct ${siteVisits.visitorId})::int`,
      conversions: sql<number>`count(distinct ${siteVisits.visitorId}) filter (where ${siteVisits.goals} & 2 <> 0)::int`,
    })
    .from(siteVisits)
    .where(and(eq(siteVisits.siteId, site.id), sql`${siteVisits.variationId} is not null`))
    .groupBy(siteVisits.variationId);
  const arm = (id: string) => arms.find((a) => a.variationId === id) ?? { visitors: 0, conversions: 0 };
  const shares = thompsonShares([arm(base!.id), arm(challenger!.id)], { random, floor: 0.01 });
  await db.update(siteVariations).set({ share: shares[0]! }).where(eq(siteVariations.id, base!.id));
  await db.update(siteVariations).set({ share: shares[1]! }).where(eq(siteVariations.id, challenger!.id));
  await db
    .update(sites)
    .set({ liveExperimentId: experiment!.id, experimentVersion: sql`${sites.experimentVersion} + 1` })
    .where(eq(sites.id, site.id));
}
