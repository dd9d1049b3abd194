import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import type { TListSitesQuery, TPageRenames, TSiteDetail, TSiteSummary } from '@swipe/contracts/site-api';
import { publishRefusals } from '@swipe/contracts/site-check';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import type { TSiteDocument, TSiteStatus } from '@swipe/contracts/sites';
import { and, count, desc, eq, ilike, inArray, max, ne, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { SITE_VISIT_TABLES } from '../../db/schema/analytics';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TDbOrTx } from '../../db/tx';
import { audit } from '../../platform/audit';
import { announceSiteChange } from '../../platform/change-notices';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { containsPattern } from '../../platform/list-filters';
import type { TModule } from '../../platform/module';
import { runPageRenameEffects } from '../../platform/page-renames';
import { assertEntitlement } from '../../platform/plan-access';
import { loadSite, mayEditSites, ownerAccount, siteScope, type TSiteRow } from '../site-core/site-access';
import { assertMediaOwned, mediaUrlsWithThumbnails } from '../site-core/site-media';
import { viewsBySite } from '../visits/visits.service';
import { contactResetOfSave, deleteContactSubmissions } from './contact-reset';
import { applyDomainChange } from './site-domain';
import { assertDocumentWithinPlan } from './site-plan';
import { recordRevision } from './site-revisions';

// The site list, the site editor and the site status: the site API's domain functions.

// What a site summary shows, and all the list reads: never the draft or published document.
const summaryColumns = {
  site: {
    id: sites.id,
    name: sites.name,
    status: sites.status,
    pages: sites.pages,
    languages: sites.languages,
    customDomain: sites.customDomain,
    customPath: sites.customPath,
    domainStatus: sites.domainStatus,
    publishedAt: sites.publishedAt,
    publishedRevision: sites.publishedRevision,
    revision: sites.revision,
    createdAt: sites.createdAt,
    updatedAt: sites.updatedAt,
  },
  account: { id: accounts.id, name: accounts.name },
};

type TSummaryRow = {
  site: Pick<TSiteRow['site'], keyof (typeof summaryColumns)['site']>;
  account: Pick<TSiteRow['account'], 'id' | 'name'>;
};

export function siteUrl(
  ctx: TAppContext,
  site: Pick<TSiteRow['site'], 'id' | 'customDomain' | 'customPath' | 'domainStatus'>,
): string {
  if (site.customDomain && site.domainStatus === 'VERIFIED') return `https://${site.customDomain}/`;
  return `${ctx.config.sitesUrl}/sites/${site.customPath ?? site.id}`;
}

function toSummary(ctx: TAppContext, row: TSummaryRow): TSiteSummary {
  const { site, account } = row;
  return {
    id: site.id,
    name: site.name,
    status: site.status as TSiteStatus,
    accountId: account.id,
    accountName: account.name,
    pages: site.pages,
    languages: site.languages as TSiteSummary['languages'],
    url: siteUrl(ctx, site),
    customDomain: site.customDomain,
    domainStatus: site.domainStatus as TSiteSummary['domainStatus'],
    publishedAt: site.publishedAt?.toISOString() ?? null,
    hasUnpublishedChanges: site.publishedRevision !== null && site.publishedRevision !== site.revision,
    createdAt: site.createdAt.toISOString(),
    updatedAt: site.updatedAt.toISOString(),
  };
}

function toDetail(ctx: TAppContext, caller: TCaller, row: TSiteRow): TSiteDetail {
  return {
    ...toSummary(ctx, row),
    document: storedSiteDocument(row.site.draft),
    revision: row.site.revision,
    cnameTarget: ctx.config.sitesCnameTarget,
    editable: mayEditSites(caller) && row.site.status !== 'EXPIRED',
  };
}

/** Whose sites: a signed-in operator, or an API client of the read API (its account path). */
type TSiteReader = Pick<TCaller, 'accountPath'>;

function listWhere(caller: TSiteReader, query: Omit<TListSitesQuery, 'page' | 'pageSize'>) {
  const where: (SQL | undefined)[] = [siteScope(caller)];
  if (query.status) where.push(eq(sites.status, query.status));
  if (query.accountId) where.push(eq(sites.accountId, query.accountId));
  if (query.keyword) {
    const k = containsPattern(query.keyword);
    where.push(or(ilike(sites.name, k), ilike(accounts.name, k), ilike(sites.customDomain, k)));
  }
  return and(...where);
}

const summaries = (db: TDb) =>
  db.select(summaryColumns).from(sites).innerJoin(accounts, eq(accounts.id, sites.accountId));

export async function listSites(
  ctx: TAppContext,
  opts: {
    caller: TSiteReader;
    query: Omit<TListSitesQuery, 'keyword' | 'accountId'> & Partial<TListSitesQuery>;
  },
) {
  const where = listWhere(opts.caller, opts.query);
  const rows = await summaries(ctx.db)
    .where(where)
    .orderBy(desc(sites.updatedAt), desc(sites.id))
    .limit(opts.query.pageSize)
    .offset((opts.query.page - 1) * opts.query.pageSize);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(where);
  const views = await viewsBySite(
    ctx.db,
    rows.map((r) => r.site.id),
  );
  return {
    items: rows.map((r) => ({ ...toSummary(ctx, r), views: views.get(r.site.id) ?? 0 })),
    total: total?.n ?? 0,
  };
}

/** Every site of the list's filters (no paging), for the CSV export. */
export async function exportSites(
  ctx: TAppContext,
  opts: { caller: TCaller; query: Omit<TListSitesQuery, 'page' | 'pageSize'> },
) {
  const rows = await summaries(ctx.db)
    .where(listWhere(opts.caller, opts.query))
    .orderBy(desc(sites.updatedAt), desc(sites.id))
    .limit(10_000);
  return rows.map((r) => toSummary(ctx, r));
}

export async function getSite(ctx: TAppContext, opts: { caller: TCaller; siteId: string }) {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  const { media, thumbnails, sizes } = await mediaUrlsWithThumbnails(ctx.db, {
    accountId: row.account.id,
    doc: storedSiteDocument(row.site.draft),
    publicUrl: (key) => ctx.storage.publicUrl(key),
  });
  return { ...toDetail(ctx, opts.caller, row), media, thumbnails, mediaSizes: sizes };
}

/** Writes checked by the document's rules that need the database: plan, media, domain. */
async function checkWrite(
  ctx: TAppContext,
  opts: { accountId: string; accountPath: string; doc: TSiteDocument; lang: TUiLanguage },
) {
  await assertDocumentWithinPlan(ctx, { accountPath: opts.accountPath, doc: opts.doc, lang: opts.lang });
  await assertMediaOwned(ctx.db, { accountId: opts.accountId, doc: opts.doc });
}

export async function createSite(
  ctx: TAppContext,
  opts: { caller: TCaller; accountId?: string; document: TSiteDocument; lang: TUiLanguage; ip?: string },
) {
  const account = await ownerAccount(ctx, opts.caller, opts.accountId);
  return insertSite(ctx, { ...opts, account, action: 'sites.created' });
}

/**
 * A new draft site of the account, within the plan (one more site, its pages and features):
 * what creating (from a document or a template) and duplicating a site share.
 */
export async function insertSite(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    account: { id: string; path: string };
    document: TSiteDocument;
    lang: TUiLanguage;
    ip?: string;
    action: string;
    details?: Record<string, unknown>;
  },
) {
  const { account } = opts;
  await assertEntitlement(ctx, { actingRole: 'USER', accountPath: account.path }, { oneMoreSite: true });
  await checkWrite(ctx, {
    accountId: account.id,
    accountPath: account.path,
    doc: opts.document,
    lang: opts.lang,
  });
  const [site] = await ctx.db
    .insert(sites)
    .values({
      accountId: account.id,
      createdBy: opts.caller.userId,
      name: opts.document.name,
      draft: opts.document,
      pages: opts.document.numberVertical * opts.document.numberHorizontal,
    })
    .returning();
  await applyDomainChange(ctx, { site: site!, domain: opts.document.domain });
  // The history starts with the document the site was created with.
  await recordRevision(ctx.db, {
    siteId: site!.id,
    revision: site!.revision,
    document: opts.document,
    authorId: opts.caller.userId,
    kind: 'DRAFT',
    now: site!.createdAt,
  });
  await audit(ctx.db, {
    action: opts.action,
    actorUserId: opts.caller.userId,
    accountId: account.id,
    targetType: 'site',
    targetId: site!.id,
    ...(opts.details ? { details: opts.details } : {}),
    ip: opts.ip,
  });
  return getSite(ctx, { caller: opts.caller, siteId: site!.id });
}

/** "<name> (copy)" in the caller's language, the name shortened so the whole fits the name's limit. */
export function copyName(name: string, lang: TUiLanguage): string {
  const room = TEXT_MAX.default - [...translate('sites.copyName', lang, { name: '' })].length;
  const base = [...name.trim()].slice(0, Math.max(room, 1)).join('').trimEnd();
  return translate('sites.copyName', lang, { name: base });
}

/**
 * "Duplicate" in the site list: a new draft of the same account with the source's draft document
 * under a new name, within the plan like a new site. Media are shared (the account's own library);
 * the custom domain and path (unique to one site), its visitors' data, campaigns, surveys and
 * preview invitations stay with the source.
 */
export async function duplicateSite(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; lang: TUiLanguage; ip?: string },
) {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  // Every site has a draft (the published version is a copy of an earlier one).
  const source = storedSiteDocument(row.site.draft);
  const document: TSiteDocument = {
    ...source,
    name: copyName(source.name, opts.lang),
    domain: { ...source.domain, customDomain: '', customPath: '' },
  };
  return insertSite(ctx, {
    caller: opts.caller,
    account: row.account,
    document,
    lang: opts.lang,
    ip: opts.ip,
    action: 'sites.duplicated',
    details: { sourceSiteId: row.site.id },
  });
}

/** The renames' new cells are pages of the saved grid (the request schema checked their form). */
function checkPageRenames(doc: TSiteDocument, renames: TPageRenames | undefined) {
  if (!renames) return;
  const pages = new Set(gridCoordinates(doc.numberVertical, doc.numberHorizontal));
  const off = Object.entries(renames).filter(([, to]) => to !== null && !pages.has(to));
  if (off.length > 0)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'sites.pageUnknown',
      undefined,
      off.map(([from]) => ({ field: `page_renames.${from}`, messageKey: 'sites.pageUnknown' })),
    );
}

const MODE_MESSAGES = {
  DRAFT: 'sites.saved',
  PUBLISH: 'sites.published',
  PRIVATE: 'sites.unpublished',
} as const;

/**
 * Saves the draft; PUBLISH also makes it the version visitors see, PRIVATE takes the site off
 * the public (its published version stays for preview sharing). Only the draft changes
 * otherwise.
 */
export async function updateSite(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    siteId: string;
    document: TSiteDocument;
    mode: keyof typeof MODE_MESSAGES;
    revision?: number;
    /** The editor confirmed that a changed contact form deletes the contact submissions. */
    confirmContactReset?: boolean;
    /** A restore saves an earlier revision's document (from the draft's history). */
    restoredFrom?: number;
    /** The editor's autosave (its history entries are merged). */
    autosave?: boolean;
    /** Pages the editor moved or removed since the last save: what names them outside the document follows. */
    pageRenames?: TPageRenames;
    lang: TUiLanguage;
    ip?: string;
  },
) {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  if (row.site.status === 'EXPIRED') throw new AppError(409, 'CONFLICT', 'sites.expired');
  if (opts.revision !== undefined && opts.revision !== row.site.revision)
    throw new AppError(409, 'CONFLICT', 'sites.revisionConflict');
  const doc = opts.document;
  checkPageRenames(doc, opts.pageRenames);
  await checkWrite(ctx, { accountId: row.account.id, accountPath: row.account.path, doc, lang: opts.lang });
  if (opts.mode !== 'DRAFT') {
    // The pre-publish check's errors (its warnings are the editor's to show).
    const refusals = publishRefusals(doc);
    if (refusals.length > 0)
      throw new AppError(400, 'VALIDATION_FAILED', refusals[0]!.messageKey, refusals[0]!.params, refusals);
  }
  const resetContacts = await contactResetOfSave(ctx.db, {
    siteId: row.site.id,
    before: storedSiteDocument(row.site.draft),
    after: doc,
    confirmed: opts.confirmContactReset === true,
  });
  const now = new Date();
  const revision = row.site.revision + 1;
  const publishing = opts.mode !== 'DRAFT';
  const site = await applyDomainChange(ctx, { site: row.site, domain: doc.domain });
  const status: TSiteStatus =
    opts.mode === 'PRIVATE'
      ? 'PRIVATE'
      : opts.mode === 'PUBLISH'
        ? site.customDomain && site.domainStatus !== 'VERIFIED'
          ? 'DOMAIN_VERIFYING'
          : 'PUBLISH'
        : (row.site.status as TSiteStatus);
  const saved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sites)
      .set({
        name: doc.name,
        draft: doc,
        pages: doc.numberVertical * doc.numberHorizontal,
        revision,
        status,
        updatedAt: now,
        ...(publishing
          ? {
              published: doc,
              publishedVersion: row.site.publishedVersion + 1,
              publishedRevision: revision,
              publishedAt: now,
            }
          : {}),
      })
      // Re-checked here so two editors saving at once cannot both win.
      .where(and(eq(sites.id, row.site.id), eq(sites.revision, row.site.revision)))
      .returning({ id: sites.id });
    // The contact submissions a confirmed change of the contact form deletes go with the save.
    if (updated && resetContacts) await deleteContactSubmissions(tx, row.site.id);
    // So do the pages the editor renamed, wherever they are named outside the document (campaigns).
    if (updated && opts.pageRenames)
      await runPageRenameEffects(ctx.modules, tx, { siteId: row.site.id, renames: opts.pageRenames });
    if (updated)
      await recordRevision(tx, {
        siteId: row.site.id,
        revision,
        document: doc,
        authorId: opts.caller.userId,
        kind: opts.restoredFrom !== undefined ? 'RESTORE' : opts.autosave ? 'AUTOSAVE' : opts.mode,
        restoredFrom: opts.restoredFrom,
        now,
      });
    // Every process drops its cached pages of the site when this commits.
    if (updated) await ctx.siteChanged(tx, { siteId: row.site.id });
    return updated;
  });
  if (!saved) throw new AppError(409, 'CONFLICT', 'sites.revisionConflict');
  await audit(ctx.db, {
    action: `sites.${opts.mode.toLowerCase()}`,
    actorUserId: opts.caller.userId,
    accountId: row.account.id,
    targetType: 'site',
    targetId: row.site.id,
    details: {
      revision,
      status,
      ...(resetContacts ? { contactSubmissionsDeleted: true } : {}),
      ...(opts.restoredFrom !== undefined ? { restoredFrom: opts.restoredFrom } : {}),
    },
    ip: opts.ip,
  });
  return {
    /** What the autosave answers: the new revision and status, not the document back. */
    saved: {
      id: row.site.id,
      revision,
      status,
      hasUnpublishedChanges: publishing ? false : row.site.publishedRevision !== null,
      updatedAt: now.toISOString(),
    },
    detail: () => getSite(ctx, { caller: opts.caller, siteId: row.site.id }),
    messageKey: MODE_MESSAGES[opts.mode],
  };
}

export async function deleteSite(ctx: TAppContext, opts: { caller: TCaller; siteId: string; ip?: string }) {
  const row = await loadSite(ctx.db, opts.caller, opts.siteId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sites).where(eq(sites.id, row.site.id));
    // Its visits, their rollups and counters go with it (they carry no foreign key, so ingestion
    // never waits on sites).
    for (const table of SITE_VISIT_TABLES) await tx.delete(table).where(eq(table.siteId, row.site.id));
    await ctx.siteChanged(tx, { siteId: row.site.id });
  });
  await audit(ctx.db, {
    action: 'sites.deleted',
    actorUserId: opts.caller.userId,
    accountId: row.account.id,
    targetType: 'site',
    targetId: row.site.id,
    details: { name: row.site.name },
    ip: opts.ip,
  });
}

/** How plans count sites (the number of them) and pages (the largest site's). */
export const siteUsageCounters = {
  sites: async (db: TDb, accountIds: string[]) => {
    const [row] = await db.select({ n: count() }).from(sites).where(inArray(sites.accountId, accountIds));
    return row?.n ?? 0;
  },
  pages: async (db: TDb, accountIds: string[]) => {
    const [row] = await db
      .select({ n: max(sites.pages) })
      .from(sites)
      .where(inArray(sites.accountId, accountIds));
    return row?.n ?? 0;
  },
} satisfies TModule['usageCounters'];

/** A contract that stops takes every site of its accounts off the public. */
export async function expireSitesOfAccounts(db: TDbOrTx, accountIds: string[]) {
  await db
    .update(sites)
    .set({ status: 'EXPIRED', updatedAt: new Date() })
    .where(and(inArray(sites.accountId, accountIds), ne(sites.status, 'DRAFT')));
  await announceSiteChange(db, { all: true });
}
