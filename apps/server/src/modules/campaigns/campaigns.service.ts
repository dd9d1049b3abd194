import { type TCampaign, type TCampaignInput, ZCampaignInput } from '@swipe/contracts/campaigns';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import type { TMediaRef } from '@swipe/contracts/sites';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { campaignItemClicks, campaigns } from '../../db/schema/campaigns';
import { storedSiteDocument } from '../../db/site-document';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { loadSite, type TSiteRow } from '../site-core/site-access';
import { assertRefsOwned, refUrls } from '../site-core/site-media';

// Campaigns of a site: its owner tree lists and designs them (tenancy through loadSite: another
// tenant's campaign is as unknown as a made-up id, with every verb); saving one tells every
// process that the site's published page changed. Visitors' clicks are counted in campaign-clicks.ts.

type TCampaignRow = typeof campaigns.$inferSelect;

/** The clicks of the campaigns, per item. */
async function clicksOf(ctx: TAppContext, ids: string[]) {
  const out = new Map<string, Record<string, number>>();
  if (ids.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(campaignItemClicks)
    .where(inArray(campaignItemClicks.campaignId, ids));
  for (const r of rows) out.set(r.campaignId, { ...out.get(r.campaignId), [r.itemId]: r.clicks });
  return out;
}

/** The media a campaign names, with the field that holds each (checked on save, shown by the designer). */
function campaignRefs(input: TCampaignInput) {
  const refs: { field: string; ref: TMediaRef }[] = [];
  if (input.background) refs.push({ field: 'background', ref: input.background });
  input.banners.forEach((b, i) => {
    refs.push({ field: `banners.${i}.media`, ref: b.media });
  });
  input.buttons.forEach((b, i) => {
    if (b.type === 'MEDIA' && b.media) refs.push({ field: `buttons.${i}.media`, ref: b.media });
  });
  return refs;
}

/** The campaigns with their clicks and the addresses of their images (one query each). */
async function toCampaigns(ctx: TAppContext, accountId: string, rows: TCampaignRow[]): Promise<TCampaign[]> {
  const clicks = await clicksOf(
    ctx,
    rows.map((r) => r.id),
  );
  const media = await refUrls(ctx.db, {
    accountId,
    refs: rows.flatMap((r) => campaignRefs(r.document)),
    publicUrl: (key) => ctx.storage.publicUrl(key),
  });
  return rows.map((row) => {
    const own = clicks.get(row.id) ?? {};
    const refs = campaignRefs(row.document).map((r) => r.ref.assetId);
    return toCampaign(
      row,
      own,
      Object.fromEntries(refs.filter((id) => media[id]).map((id) => [id, media[id]!])),
    );
  });
}

function toCampaign(
  row: TCampaignRow,
  clicks: Record<string, number> = {},
  media: Record<string, string> = {},
): TCampaign {
  return {
    ...row.document,
    id: row.id,
    siteId: row.siteId,
    clicks,
    totalClicks: Object.values(clicks).reduce((a, b) => a + b, 0),
    media,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadCampaign(ctx: TAppContext, caller: TCaller, id: string) {
  const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  if (!row) throw notFound();
  const site = await loadSite(ctx.db, caller, row.siteId);
  return { row, site };
}

/** The site's pages (A1...) in its draft and published grids: effective pages must be among them. */
function sitePages(site: TSiteRow['site']) {
  const pages = new Set<string>();
  for (const doc of [site.draft, site.published]) {
    if (!doc) continue;
    const d = storedSiteDocument(doc);
    for (const p of gridCoordinates(d.numberVertical, d.numberHorizontal)) pages.add(p);
  }
  return pages;
}

/** Validated input whose pages are the site's and whose media are the account's finished files. */
async function checkInput(ctx: TAppContext, site: TSiteRow, raw: TCampaignInput) {
  const input = ZCampaignInput.parse(raw);
  const pages = sitePages(site.site);
  const badPage = input.effectivePages.findIndex((p) => !pages.has(p));
  if (badPage >= 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'campaigns.pageNotInSite', undefined, [
      { field: `effective_pages.${badPage}`, messageKey: 'campaigns.pageNotInSite' },
    ]);
  await assertRefsOwned(ctx.db, site.account.id, campaignRefs(input));
  return input;
}

function assertWritable(site: TSiteRow['site']) {
  if (site.status === 'EXPIRED') throw new AppError(409, 'CONFLICT', 'sites.expired');
}

export async function listCampaigns(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  const site = await loadSite(ctx.db, opts.caller, opts.siteId);
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(eq(campaigns.siteId, site.site.id))
    .orderBy(sql`${campaigns.startDate} desc`, asc(campaigns.createdAt));
  return toCampaigns(ctx, site.account.id, rows);
}

export async function getCampaign(ctx: TAppContext, opts: { caller: TCaller; id: string }) {
  const { row, site } = await loadCampaign(ctx, opts.caller, opts.id);
  return (await toCampaigns(ctx, site.account.id, [row]))[0]!;
}

export async function createCampaign(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; input: TCampaignInput; ip?: string },
) {
  const site = await loadSite(ctx.db, opts.caller, opts.siteId);
  assertWritable(site.site);
  const input = await checkInput(ctx, site, opts.input);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({ siteId: site.site.id, document: input, startDate: input.startDate, endDate: input.endDate })
      .returning();
    await ctx.siteChanged(tx, { siteId: site.site.id });
    return created!;
  });
  await audit(ctx.db, {
    action: 'campaigns.created',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'campaign',
    targetId: row.id,
    details: { siteId: site.site.id },
    ip: opts.ip,
  });
  return (await toCampaigns(ctx, site.account.id, [row]))[0]!;
}

export async function updateCampaign(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; input: TCampaignInput; ip?: string },
) {
  const { row, site } = await loadCampaign(ctx, opts.caller, opts.id);
  assertWritable(site.site);
  const input = await checkInput(ctx, site, opts.input);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(campaigns)
      .set({ document: input, startDate: input.startDate, endDate: input.endDate, updatedAt: new Date() })
      .where(eq(campaigns.id, row.id));
    // Clicks of items no longer in the campaign go with them.
    const kept = [...input.banners.map((b) => b.id), ...input.buttons.map((b) => b.id)];
    await tx
      .delete(campaignItemClicks)
      .where(
        and(
          eq(campaignItemClicks.campaignId, row.id),
          kept.length > 0 ? sql`${campaignItemClicks.itemId} not in ${kept}` : sql`true`,
        ),
      );
    await ctx.siteChanged(tx, { siteId: site.site.id });
  });
  await audit(ctx.db, {
    action: 'campaigns.updated',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'campaign',
    targetId: row.id,
    ip: opts.ip,
  });
  return getCampaign(ctx, { caller: opts.caller, id: row.id });
}

export async function deleteCampaign(ctx: TAppContext, opts: { caller: TCaller; id: string; ip?: string }) {
  const { row, site } = await loadCampaign(ctx, opts.caller, opts.id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(campaigns).where(eq(campaigns.id, row.id));
    await ctx.siteChanged(tx, { siteId: site.site.id });
  });
  await audit(ctx.db, {
    action: 'campaigns.deleted',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'campaign',
    targetId: row.id,
    ip: opts.ip,
  });
}
