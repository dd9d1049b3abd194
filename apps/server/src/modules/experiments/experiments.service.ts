import { randomUUID } from 'node:crypto';
import {
  applyVariation,
  goalButtonKey,
  goalButtonsOf,
  type TCreateExperimentRequest,
  type TGoalButton,
  type TUpdateExperimentRequest,
  type TUpdateVariationRequest,
  VARIATIONS_MAX,
  ZVariationOverrides,
} from '@swipe/contracts/experiments';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { storedSiteDocument } from '../../db/site-document';
import type { TDbOrTx } from '../../db/tx';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { databaseErrorCode } from '../../platform/database-errors';
import { AppError, notFound } from '../../platform/errors';
import { loadSite, loadSiteRef } from '../site-core/site-access';
import { assertMediaOwned, mediaUrlsWithThumbnails } from '../site-core/site-media';
import { armsOf, experimentOf, type TExperimentRow, toExperiment, variationsOf } from './experiment-results';
import { servingChanged } from './experiment-serving';

// Experiments: a site's variations, how its visitors are split between them, their
// results, and declaring a winner. What visitors are served changes only on start, stop, a
// winner, a weight and a move of the automatic shares: each bumps the site's experiment_version
// and announces a site change in its transaction, so every process renders the pages again.

const ACTIVE = ['DRAFT', 'RUNNING'] as const;
/** The site's experiments, newest first, each with its variations and results. */
export async function listExperiments(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  const rows = await ctx.db
    .select()
    .from(siteExperiments)
    .where(eq(siteExperiments.siteId, opts.siteId))
    .orderBy(desc(siteExperiments.createdAt));
  const variations = await variationsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (r) => {
      const own = variations.filter((v) => v.experimentId === r.id);
      return toExperiment(r, own, await armsOf(ctx.db, r, own));
    }),
  );
}

/** The published document variations are made of, with the media of it and of every variation. */
export async function experimentBase(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  const { site } = await loadSite(ctx.db, opts.caller, opts.siteId);
  if (!site.published) throw new AppError(409, 'CONFLICT', 'experiments.notPublished');
  const doc = storedSiteDocument(site.published);
  const active = await ctx.db
    .select({ overrides: siteVariations.overrides })
    .from(siteVariations)
    .innerJoin(siteExperiments, eq(siteExperiments.id, siteVariations.experimentId))
    .where(and(eq(siteVariations.siteId, site.id), inArray(siteExperiments.status, [...ACTIVE])));
  const docs = [doc, ...active.map((v) => applyVariation(doc, ZVariationOverrides.parse(v.overrides)))];
  const found = await Promise.all(
    docs.map((d) =>
      mediaUrlsWithThumbnails(ctx.db, {
        accountId: site.accountId,
        doc: d,
        publicUrl: (key) => ctx.storage.publicUrl(key),
      }),
    ),
  );
  return {
    document: doc,
    media: Object.assign({}, ...found.map((f) => f.media)) as Record<string, string>,
    thumbnails: Object.assign({}, ...found.map((f) => f.thumbnails)) as Record<string, string>,
  };
}

/** An experiment of a site of the caller's subtree (404 otherwise), with its site. */
export async function loadExperiment(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  experimentId: string,
) {
  const row = await loadSite(ctx.db, caller, siteId);
  const [experiment] = await ctx.db
    .select()
    .from(siteExperiments)
    .where(and(eq(siteExperiments.id, experimentId), eq(siteExperiments.siteId, row.site.id)));
  if (!experiment) throw notFound();
  return { ...row, experiment };
}

export const refuseExpired = (status: string) => {
  if (status === 'EXPIRED') throw new AppError(409, 'CONFLICT', 'sites.expired');
};
export const mustBeDraft = (e: TExperimentRow) => {
  if (e.status === 'ENDED') throw new AppError(409, 'CONFLICT', 'experiments.ended');
  if (e.status !== 'DRAFT') throw new AppError(409, 'CONFLICT', 'experiments.notDraft');
};
const mustNotBeEnded = (e: TExperimentRow) => {
  if (e.status === 'ENDED') throw new AppError(409, 'CONFLICT', 'experiments.ended');
};
/** The audit row of an experiment's step, by its caller, on its site. */
export const auditExperiment = (
  ctx: TAppContext,
  opts: { caller: TCaller; ip?: string },
  step: { action: string; accountId: string; siteId: string; details: Record<string, unknown> },
) =>
  audit(ctx.db, {
    action: step.action,
    actorUserId: opts.caller.userId,
    accountId: step.accountId,
    targetType: 'site',
    targetId: step.siteId,
    details: step.details,
    ip: opts.ip,
  });

/** A BUTTON goal must name a button the published site has (goalButtonsOf), else 400. */
function checkGoalButton(site: { published: unknown }, goal: string, button: TGoalButton | null | undefined) {
  if (goal !== 'BUTTON') return;
  const known =
    button && site.published
      ? goalButtonsOf(storedSiteDocument(site.published)).some((b) => b.value === goalButtonKey(button))
      : false;
  if (!known)
    throw new AppError(400, 'VALIDATION_FAILED', 'experiments.unknownGoalButton', undefined, [
      {
        field: 'goalButton',
        messageKey: button ? 'experiments.unknownGoalButton' : 'experiments.goalButtonRequired',
      },
    ]);
}

/** A draft experiment with the base and one challenger ("B", a copy of the base until edited). */
export async function createExperiment(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; input: TCreateExperimentRequest; ip?: string },
) {
  const { site, account } = await loadSite(ctx.db, opts.caller, opts.siteId);
  refuseExpired(site.status);
  const input = opts.input;
  checkGoalButton(site, input.goal, input.goalButton);
  const id = randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(siteExperiments).values({
        id,
        siteId: site.id,
        name: input.name,
        goal: input.goal,
        goalButton: input.goal === 'BUTTON' ? (input.goalButton ?? null) : null,
        allocation: input.allocation ?? 'AUTO',
        createdBy: opts.caller.userId,
      });
      const empty = ZVariationOverrides.parse({});
      await tx.insert(siteVariations).values([
        { experimentId: id, siteId: site.id, name: 'A', isBase: true, position: 0, overrides: empty },
        { experimentId: id, siteId: site.id, name: 'B', position: 1, overrides: empty },
      ]);
    });
  } catch (error) {
    if (databaseErrorCode(error) === '23505')
      throw new AppError(409, 'CONFLICT', 'experiments.alreadyActive');
    throw error;
  }
  await auditExperiment(ctx, opts, {
    action: 'experiments.create',
    accountId: account.id,
    siteId: site.id,
    details: { experimentId: id, goal: input.goal },
  });
  const [row] = await ctx.db.select().from(siteExperiments).where(eq(siteExperiments.id, id));
  return experimentOf(ctx.db, row!);
}

/** Its name any time before it ends; its goal and allocation only while a draft. */
export async function updateExperiment(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; experimentId: string; input: TUpdateExperimentRequest },
) {
  const { site, experiment } = await loadExperiment(ctx, opts.caller, opts.siteId, opts.experimentId);
  refuseExpired(site.status);
  mustNotBeEnded(experiment);
  const input = opts.input;
  const changesRules =
    input.goal !== undefined || input.goalButton !== undefined || input.allocation !== undefined;
  if (changesRules) mustBeDraft(experiment);
  const goal = input.goal ?? experiment.goal;
  // A button sent (null included) replaces the stored one; none sent keeps it.
  const button = input.goalButton !== undefined ? input.goalButton : experiment.goalButton;
  if (changesRules) {
    if (goal === 'BUTTON' && !button)
      throw new AppError(400, 'VALIDATION_FAILED', 'experiments.goalButtonRequired', undefined, [
        { field: 'goalButton', messageKey: 'experiments.goalButtonRequired' },
      ]);
    checkGoalButton(site, goal, button);
  }
  const [row] = await ctx.db
    .update(siteExperiments)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.goal !== undefined ? { goal: input.goal } : {}),
      ...(changesRules ? { goalButton: goal === 'BUTTON' ? button : null } : {}),
      ...(input.allocation !== undefined ? { allocation: input.allocation } : {}),
    })
    .where(eq(siteExperiments.id, experiment.id))
    .returning();
  return experimentOf(ctx.db, row!);
}

/** Deletes a draft or an ended experiment (its visits keep their numbers elsewhere). */
export async function deleteExperiment(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; experimentId: string; ip?: string },
) {
  const { experiment, account } = await loadExperiment(ctx, opts.caller, opts.siteId, opts.experimentId);
  if (experiment.status === 'RUNNING') throw new AppError(409, 'CONFLICT', 'experiments.deleteRunning');
  await ctx.db.delete(siteExperiments).where(eq(siteExperiments.id, experiment.id));
  await auditExperiment(ctx, opts, {
    action: 'experiments.delete',
    accountId: account.id,
    siteId: experiment.siteId,
    details: { experimentId: experiment.id },
  });
}

/** A new challenger of a draft (at most VARIATIONS_MAX beside the base). */
export async function addVariation(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; experimentId: string; name: string },
) {
  const { site, experiment } = await loadExperiment(ctx, opts.caller, opts.siteId, opts.experimentId);
  refuseExpired(site.status);
  mustBeDraft(experiment);
  await ctx.db.transaction(async (tx) => {
    // One adder at a time per experiment: the count and the position are read under the lock.
    await tx.execute(sql`select id from site_experiments where id = ${experiment.id} for update`);
    const existing = await variationsOf(tx, [experiment.id]);
    if (existing.length - 1 >= VARIATIONS_MAX)
      throw new AppError(409, 'CONFLICT', 'experiments.tooManyVariations', { max: VARIATIONS_MAX });
    await tx.insert(siteVariations).values({
      experimentId: experiment.id,
      siteId: site.id,
      name: opts.name,
      position: Math.max(...existing.map((v) => v.position)) + 1,
      overrides: ZVariationOverrides.parse({}),
    });
  });
  return experimentOf(ctx.db, experiment);
}

export async function loadVariation(db: TDbOrTx, experimentId: string, variationId: string) {
  const [variation] = await db
    .select()
    .from(siteVariations)
    .where(and(eq(siteVariations.id, variationId), eq(siteVariations.experimentId, experimentId)));
  if (!variation) throw notFound();
  return variation;
}

/** Its name and weight (until the experiment ends); its overrides while a draft, never the base's. */
export async function updateVariation(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    siteId: string;
    experimentId: string;
    variationId: string;
    input: TUpdateVariationRequest;
  },
) {
  const { site, experiment } = await loadExperiment(ctx, opts.caller, opts.siteId, opts.experimentId);
  refuseExpired(site.status);
  mustNotBeEnded(experiment);
  const variation = await loadVariation(ctx.db, experiment.id, opts.variationId);
  const input = opts.input;
  if (input.overrides !== undefined) {
    if (variation.isBase) throw new AppError(409, 'CONFLICT', 'experiments.baseFixed');
    mustBeDraft(experiment);
  }
  // The parts of the overrides sent replace the stored ones; the others stay.
  const overrides =
    input.overrides === undefined
      ? undefined
      : ZVariationOverrides.parse({
          ...ZVariationOverrides.parse(variation.overrides),
          ...sentOf(input.overrides),
        });
  // A variation shows only files of the site's own account.
  if (overrides) {
    if (!site.published) throw new AppError(409, 'CONFLICT', 'experiments.notPublished');
    await assertMediaOwned(ctx.db, {
      accountId: site.accountId,
      doc: applyVariation(storedSiteDocument(site.published), overrides),
    });
  }
  const weightMoves = input.weight !== undefined && input.weight !== variation.weight;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(siteVariations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.weight !== undefined ? { weight: input.weight } : {}),
        ...(overrides !== undefined ? { overrides } : {}),
      })
      .where(eq(siteVariations.id, variation.id));
    // A running fixed split moves at once.
    if (weightMoves && experiment.status === 'RUNNING' && experiment.allocation === 'FIXED') {
      const all = await variationsOf(tx, [experiment.id]);
      if (all.every((v) => v.weight === 0)) throw new AppError(409, 'CONFLICT', 'experiments.weightsZero');
      await servingChanged(ctx, tx, site.id, undefined);
    }
  });
  return experimentOf(ctx.db, experiment);
}

/** The fields of `value` that were sent (an absent field is no change). */
const sentOf = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Removes a challenger of a draft. */
export async function deleteVariation(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; experimentId: string; variationId: string },
) {
  const { experiment } = await loadExperiment(ctx, opts.caller, opts.siteId, opts.experimentId);
  mustBeDraft(experiment);
  const variation = await loadVariation(ctx.db, experiment.id, opts.variationId);
  if (variation.isBase) throw new AppError(409, 'CONFLICT', 'experiments.baseFixed');
  await ctx.db.delete(siteVariations).where(eq(siteVariations.id, variation.id));
  return experimentOf(ctx.db, experiment);
}
