import { applyVariation, ZVariationOverrides } from '@swipe/contracts/experiments';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { publishRefusals } from '@swipe/contracts/site-check';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { and, eq, sql } from 'drizzle-orm';
import { siteExperiments, siteVariations } from '../../db/schema/experiments';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { LIVE_STATUSES } from '../site-core/site-access';
import { recordRevision } from '../sites/site-revisions';
import { experimentOf, type TVariationRow, variationsOf } from './experiment-results';
import { servingChanged } from './experiment-serving';
import {
  auditExperiment,
  loadExperiment,
  loadVariation,
  mustBeDraft,
  refuseExpired,
} from './experiments.service';

// An experiment's life once its variations are made: starting it (every variation must pass the
// pre-publish check), ending it, and declaring a winner (published into the site and its draft).
// Each step changes what visitors are served in its transaction (servingChanged).

/** Why a variation's document may not be published (the pre-publish check's first error), or null. */
function variationProblem(base: TSiteDocument, v: TVariationRow, lang: TUiLanguage) {
  const refusals = publishRefusals(applyVariation(base, ZVariationOverrides.parse(v.overrides)));
  if (refusals.length === 0) return null;
  const first = refusals[0]!;
  return new AppError(400, 'VALIDATION_FAILED', 'experiments.invalidVariation', {
    name: v.name,
    problem: translate(first.messageKey, lang, first.params),
  });
}

/** Starts splitting the site's visitors (the site must be live; every variation publishable). */
export async function startExperiment(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; experimentId: string; lang: TUiLanguage; ip?: string },
) {
  const { site, account, experiment } = await loadExperiment(
    ctx,
    opts.caller,
    opts.siteId,
    opts.experimentId,
  );
  refuseExpired(site.status);
  mustBeDraft(experiment);
  if (!site.published || !LIVE_STATUSES.includes(site.status))
    throw new AppError(409, 'CONFLICT', 'experiments.notPublished');
  const variations = await variationsOf(ctx.db, [experiment.id]);
  if (variations.length < 2) throw new AppError(409, 'CONFLICT', 'experiments.noChallenger');
  if (experiment.allocation === 'FIXED' && variations.every((v) => v.weight === 0))
    throw new AppError(409, 'CONFLICT', 'experiments.weightsZero');
  const base = storedSiteDocument(site.published);
  for (const v of variations) {
    const problem = v.isBase ? null : variationProblem(base, v, opts.lang);
    if (problem) throw problem;
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [started] = await tx
      .update(siteExperiments)
      .set({ status: 'RUNNING', startedAt: sql`now()` })
      .where(and(eq(siteExperiments.id, experiment.id), eq(siteExperiments.status, 'DRAFT')))
      .returning();
    if (!started) throw new AppError(409, 'CONFLICT', 'experiments.notDraft');
    // Automatic allocation starts even.
    await tx
      .update(siteVariations)
      .set({ share: 1 / variations.length })
      .where(eq(siteVariations.experimentId, experiment.id));
    await servingChanged(ctx, tx, site.id, { experimentId: experiment.id });
    return started;
  });
  await auditExperiment(ctx, opts, {
    action: 'experiments.start',
    accountId: account.id,
    siteId: site.id,
    details: { experimentId: experiment.id },
  });
  return experimentOf(ctx.db, row);
}

/** Ends a running experiment: every visitor sees the base again; the results stay. */
export async function stopExperiment(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; experimentId: string; ip?: string },
) {
  const { site, account, experiment } = await loadExperiment(
    ctx,
    opts.caller,
    opts.siteId,
    opts.experimentId,
  );
  if (experiment.status !== 'RUNNING') throw new AppError(409, 'CONFLICT', 'experiments.notRunning');
  const row = await endExperiment(ctx, site.id, experiment.id, null);
  await auditExperiment(ctx, opts, {
    action: 'experiments.stop',
    accountId: account.id,
    siteId: site.id,
    details: { experimentId: experiment.id },
  });
  return experimentOf(ctx.db, row);
}

async function endExperiment(
  ctx: TAppContext,
  siteId: string,
  experimentId: string,
  winnerId: string | null,
  inside?: (tx: TDbOrTx) => Promise<void>,
) {
  return ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(siteExperiments)
      .set({ status: 'ENDED', endedAt: sql`now()`, winnerId })
      .where(and(eq(siteExperiments.id, experimentId), eq(siteExperiments.status, 'RUNNING')))
      .returning();
    if (!ended) throw new AppError(409, 'CONFLICT', 'experiments.notRunning');
    await inside?.(tx);
    await servingChanged(ctx, tx, siteId, null);
    return ended;
  });
}

/**
 * Publishes the winning variation as the site and ends the experiment. Its pages, popup CTAs and
 * forms replace the base's in the published site and in the draft (the draft's other unpublished
 * changes stay unpublished); the history records a publish. The base as winner keeps the site.
 */
export async function declareWinner(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    siteId: string;
    experimentId: string;
    variationId: string;
    lang: TUiLanguage;
    ip?: string;
  },
) {
  const { site, account, experiment } = await loadExperiment(
    ctx,
    opts.caller,
    opts.siteId,
    opts.experimentId,
  );
  refuseExpired(site.status);
  if (experiment.status !== 'RUNNING') throw new AppError(409, 'CONFLICT', 'experiments.notRunning');
  const variation = await loadVariation(ctx.db, experiment.id, opts.variationId);
  const overrides = ZVariationOverrides.parse(variation.overrides);
  const base = site.published ? storedSiteDocument(site.published) : null;
  if (!base) throw new AppError(409, 'CONFLICT', 'experiments.notPublished');
  if (!variation.isBase) {
    const problem = variationProblem(base, variation, opts.lang);
    if (problem) throw problem;
  }
  const row = await endExperiment(ctx, site.id, experiment.id, variation.id, async (tx) => {
    if (variation.isBase) return;
    const published = applyVariation(base, overrides);
    const draft = applyVariation(storedSiteDocument(site.draft), overrides);
    const revision = site.revision + 1;
    const hadUnpublished = site.publishedRevision !== null && site.publishedRevision !== site.revision;
    const now = new Date();
    const [updated] = await tx
      .update(sites)
      .set({
        draft,
        published,
        revision,
        publishedVersion: site.publishedVersion + 1,
        publishedRevision: hadUnpublished ? site.publishedRevision : revision,
        publishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(sites.id, site.id), eq(sites.revision, site.revision)))
      .returning({ id: sites.id });
    if (!updated) throw new AppError(409, 'CONFLICT', 'sites.revisionConflict');
    await recordRevision(tx, {
      siteId: site.id,
      revision,
      document: draft,
      authorId: opts.caller.userId,
      kind: 'PUBLISH',
      now,
    });
  });
  await auditExperiment(ctx, opts, {
    action: 'experiments.winner',
    accountId: account.id,
    siteId: site.id,
    details: { experimentId: experiment.id, variationId: variation.id },
  });
  return { experiment: await experimentOf(ctx.db, row), winnerName: variation.name };
}
