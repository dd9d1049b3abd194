import { ZVariationOverrides } from '@swipe/contracts/experiments';
import type { TDb } from '../../db/client';
import { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { insertSite } from '../sites/site-fixtures';

/** A draft experiment with its base and "B" on a new published site of the account: its routes' ids. */
export async function insertExperiment(db: TDb, accountId: string) {
  const site = await insertSite(db, { accountId, published: true });
  const [experiment] = await db
    .insert(siteExperiments)
    .values({ siteId: site.id, name: 'Tenant', goal: 'CONTACT' })
    .returning();
  const [, variation] = await db
    .insert(siteVariations)
    .values(
      ['A', 'B'].map((name, i) => ({
        experimentId: experiment!.id,
        siteId: site.id,
        name,
        isBase: i === 0,
        position: i,
        overrides: ZVariationOverrides.parse({}),
      })),
    )
    .returning();
  return { id: site.id, experimentId: experiment!.id, variationId: variation!.id };
}
