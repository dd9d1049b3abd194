import { goalButtonKey, type TVariationOverrides, ZVariationOverrides } from '@swipe/contracts/experiments';
import { and, eq, sql } from 'drizzle-orm';
import { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext } from '../../platform/context';
import { SHARE_FLOOR, thompsonShares, weightShares } from './allocation';
import { armsOf, variationsOf } from './experiment-results';

// What visitors are served of a site's running experiment: its variations and their shares (the
// viewer reads it when it renders a page), the automatic shares moved by Thompson sampling, and
// the notice that makes every process render the site's pages again when either changes.

/** The automatic shares are stored again only when one moves by more than this. */
const SHARE_STEP = 0.005;

/** What visitors are served changed: bump the site's experiment version and tell every process. */
export async function servingChanged(
  ctx: TAppContext,
  tx: TDbOrTx,
  siteId: string,
  live: { experimentId: string } | null | undefined,
) {
  await tx
    .update(sites)
    .set({
      experimentVersion: sql`${sites.experimentVersion} + 1`,
      ...(live !== undefined ? { liveExperimentId: live?.experimentId ?? null } : {}),
    })
    .where(eq(sites.id, siteId));
  await ctx.siteChanged(tx, { siteId });
}

/**
 * Thompson sampling, in batches: the automatic shares of every running experiment, from its
 * variations' visitors and conversions so far. A share that moved is stored and the site's pages
 * are rendered again with it (every process). Run every minute by the module's recurring job.
 */
export async function refreshShares(ctx: TAppContext, random: () => number = Math.random) {
  const running = await ctx.db
    .select()
    .from(siteExperiments)
    .where(and(eq(siteExperiments.status, 'RUNNING'), eq(siteExperiments.allocation, 'AUTO')));
  let moved = 0;
  for (const experiment of running) {
    const variations = await variationsOf(ctx.db, [experiment.id]);
    const arms = await armsOf(ctx.db, experiment, variations);
    const shares = thompsonShares(
      variations.map((v) => arms.get(v.id) ?? { visitors: 0, conversions: 0 }),
      { random, floor: SHARE_FLOOR },
    );
    if (variations.every((v, i) => Math.abs(v.share - shares[i]!) <= SHARE_STEP)) continue;
    await ctx.db.transaction(async (tx) => {
      for (const [i, v] of variations.entries())
        await tx.update(siteVariations).set({ share: shares[i]! }).where(eq(siteVariations.id, v.id));
      await servingChanged(ctx, tx, experiment.siteId, undefined);
    });
    moved += 1;
  }
  return moved;
}

/** What the viewer serves of a site's running experiment: its variations, shares and goal button. */
export type TLiveExperiment = {
  id: string;
  /** The goal button ('LINK:A1') the page reports a click on, for the BUTTON goal. */
  goal: string | null;
  variations: { id: string; share: number; overrides: TVariationOverrides }[];
};

/** The running experiment `experimentId` of a site, as the viewer serves it (null: not running). */
export async function liveExperiment(
  ctx: TAppContext,
  experimentId: string,
): Promise<TLiveExperiment | null> {
  const [experiment] = await ctx.db
    .select()
    .from(siteExperiments)
    .where(and(eq(siteExperiments.id, experimentId), eq(siteExperiments.status, 'RUNNING')));
  if (!experiment) return null;
  const variations = await variationsOf(ctx.db, [experiment.id]);
  const shares =
    experiment.allocation === 'FIXED'
      ? weightShares(variations.map((v) => v.weight))
      : variations.map((v) => v.share);
  return {
    id: experiment.id,
    goal: experiment.goal === 'BUTTON' && experiment.goalButton ? goalButtonKey(experiment.goalButton) : null,
    variations: variations.map((v, i) => ({
      id: v.id,
      share: shares[i]!,
      overrides: ZVariationOverrides.parse(v.overrides),
    })),
  };
}
