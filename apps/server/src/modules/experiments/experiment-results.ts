import { GOAL_BITS, type TExperiment, ZVariationOverrides } from '@swipe/contracts/experiments';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { siteVisits } from '../../db/schema/analytics';
import type { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { siteVariations as variationsTable } from '../../db/schema/experiments';
import type { TDbOrTx } from '../../db/tx';
import { probabilityToBeat, type TArm, weightShares, wilsonInterval } from './allocation';

// An experiment's results: its variations' distinct visitors and converting visitors (from
// site_visits, which keeps each visit's variation and the goals it reached; never raw events),
// each rate's 95 % interval and its probability of beating the base; and the experiment as the
// API answers it.

export type TExperimentRow = typeof siteExperiments.$inferSelect;
export type TVariationRow = typeof siteVariations.$inferSelect;

/** Distinct visitors and converting visitors per variation (from the visits, never raw events). */
export async function armsOf(db: TDbOrTx, experiment: TExperimentRow, variations: TVariationRow[]) {
  const arms = new Map<string, TArm>();
  if (variations.length === 0 || experiment.startedAt === null) return arms;
  const bit = GOAL_BITS[experiment.goal];
  const rows = await db
    .select({
      variationId: siteVisits.variationId,
      visitors: sql<number>`count(distinct ${siteVisits.visitorId})::int`,
      conversions: sql<number>`count(distinct ${siteVisits.visitorId}) filter (where ${siteVisits.goals} & ${bit} <> 0)::int`,
    })
    .from(siteVisits)
    .where(
      and(
        eq(siteVisits.siteId, experiment.siteId),
        inArray(
          siteVisits.variationId,
          variations.map((v) => v.id),
        ),
      ),
    )
    .groupBy(siteVisits.variationId);
  for (const r of rows)
    if (r.variationId) arms.set(r.variationId, { visitors: r.visitors, conversions: r.conversions });
  return arms;
}

export function toExperiment(
  row: TExperimentRow,
  variations: TVariationRow[],
  arms: Map<string, TArm>,
): TExperiment {
  const ordered = [...variations].sort((a, b) => a.position - b.position);
  const none = { visitors: 0, conversions: 0 };
  const base = arms.get(ordered.find((v) => v.isBase)?.id ?? '') ?? none;
  const fixed = weightShares(ordered.map((v) => v.weight));
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    status: row.status,
    goal: row.goal,
    goalButton: row.goalButton ?? null,
    allocation: row.allocation,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    winnerId: row.winnerId,
    variations: ordered.map((v, i) => {
      const arm = arms.get(v.id) ?? none;
      const [low, high] = wilsonInterval(arm.conversions, arm.visitors);
      return {
        id: v.id,
        name: v.name,
        isBase: v.isBase,
        weight: v.weight,
        share: row.status !== 'RUNNING' ? 0 : row.allocation === 'FIXED' ? fixed[i]! : v.share,
        overrides: ZVariationOverrides.parse(v.overrides),
        result: {
          visitors: arm.visitors,
          conversions: arm.conversions,
          rate: arm.visitors > 0 ? arm.conversions / arm.visitors : 0,
          low,
          high,
          beatsBase: v.isBase ? null : probabilityToBeat(arm, base),
        },
      };
    }),
  };
}

export async function variationsOf(db: TDbOrTx, experimentIds: string[]) {
  if (experimentIds.length === 0) return [];
  return db
    .select()
    .from(variationsTable)
    .where(inArray(variationsTable.experimentId, experimentIds))
    .orderBy(asc(variationsTable.position));
}

export async function experimentOf(db: TDbOrTx, row: TExperimentRow): Promise<TExperiment> {
  const variations = await variationsOf(db, [row.id]);
  return toExperiment(row, variations, await armsOf(db, row, variations));
}
