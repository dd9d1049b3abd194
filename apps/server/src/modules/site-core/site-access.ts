import type { TActingRole } from '@swipe/contracts/roles';
import { and, eq, like } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { sites } from '../../db/schema/sites';
import { inSubtree } from '../../platform/caller';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';

// Who sees and who edits a site. A site belongs to one account; a caller sees the sites of its
// subtree (the platform all, an OEM those of its companies). Creators work on them: direct
// users, company users and OEM staff (who build for their client companies). The platform
// looks and does not edit: it has no plan to build under.

export const SITE_VIEW_ROLES = [
  'MASTER',
  'MASTER_USER',
  'OEM_MASTER',
  'OEM_ADMIN',
  'USER',
] as const satisfies readonly TActingRole[];
export const SITE_EDIT_ROLES = [
  'MASTER_USER',
  'OEM_MASTER',
  'OEM_ADMIN',
  'USER',
] as const satisfies readonly TActingRole[];

/** Whether the caller may change sites (their role and edit authority; tenancy is loadSite's). */
export const mayEditSites = (caller: Pick<TCaller, 'authority' | 'actingRole'>) =>
  caller.authority === 'EDIT' && (SITE_EDIT_ROLES as readonly string[]).includes(caller.actingRole);

/** Statuses under which visitors can reach the site. */
export const LIVE_STATUSES: readonly string[] = ['PUBLISH', 'DOMAIN_VERIFYING'];

/** Rows of the caller's subtree only. */
// Paths are ids and slashes only: nothing in them needs escaping for LIKE.
export const siteScope = (caller: Pick<TCaller, 'accountPath'>) =>
  like(accounts.path, `${caller.accountPath}%`);

export const siteJoin = (db: TDb) =>
  db
    .select({ site: sites, account: { id: accounts.id, name: accounts.name, path: accounts.path } })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId));

export type TSiteRow = Awaited<ReturnType<ReturnType<typeof siteJoin>['where']>>[number];

/** A site of the caller's subtree, else 404 (whatever the verb: another tenant's id is unknown). */
export async function loadSite(
  db: TDb,
  caller: Pick<TCaller, 'accountPath'>,
  siteId: string,
): Promise<TSiteRow> {
  const [row] = await siteJoin(db)
    .where(and(eq(sites.id, siteId), siteScope(caller)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The account a new site (or upload) belongs to: the caller's own, or a company of its subtree. */
export async function ownerAccount(ctx: TAppContext, caller: TCaller, accountId?: string) {
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(eq(accounts.id, accountId ?? caller.accountId));
  if (!account || account.deletedAt || !inSubtree(caller, account.path)) throw notFound();
  if (account.type === 'PLATFORM') throw new AppError(403, 'FORBIDDEN', 'common.forbidden');
  return account;
}

/**
 * The same check as loadSite for reads that need only the site's id and owner (the lists of what
 * its visitors left, its surveys): it never reads the site's documents.
 */
export async function loadSiteRef(
  db: TDb,
  caller: Pick<TCaller, 'accountPath'>,
  siteId: string,
): Promise<{ id: string; accountId: string }> {
  const [row] = await db
    .select({ id: sites.id, accountId: sites.accountId })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(and(eq(sites.id, siteId), siteScope(caller)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
