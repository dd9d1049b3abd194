import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import type { TMemberSummary, TSubmissionListQuery, TSubmissionSummary } from '@swipe/contracts/submissions';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { siteMembers, siteSubmissions } from '../../db/schema/visitors';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { containsPattern, jstDayRange } from '../../platform/list-filters';
import { loadSiteRef } from '../site-core/site-access';
import { membersCsv, submissionsCsv } from './submissions-csv';

// The per-site lists of membership, contact and form submissions, each with CSV export:
// what the visitors of a site left with it, seen by the site's owner tree only (loadSiteRef: another
// tenant's site is a 404 whatever the verb). The lists serve the operator routes and the read
// API (/api/v1/sites/:id/members|contacts|forms) alike.

export type TSubmissionKind = TSubmissionSummary['kind'];
type TFilters = Omit<TSubmissionListQuery, 'page' | 'pageSize'>;
/**
 * Whose lists may be read: an operator (TCaller) or a read-API client (TApiClient), both known
 * by the account path their subtree starts at.
 */
type TListReader = Pick<TCaller, 'accountPath'>;

/** The most rows one CSV holds: far beyond a landing page's visitors, short of a runaway file. */
const EXPORT_LIMIT = 50_000;

/** Some answer of a `data` column ([{ title, value }]) holds the pattern, ignoring case. */
const answerMatches = (column: AnyPgColumn, pattern: string) =>
  sql`exists (select 1 from jsonb_array_elements(${column}) as answer where answer->>'value' ilike ${pattern})`;

function membersWhere(siteId: string, filters: TFilters) {
  const where: (SQL | undefined)[] = [
    eq(siteMembers.siteId, siteId),
    ...jstDayRange(siteMembers.createdAt, filters),
  ];
  if (filters.keyword) {
    const k = containsPattern(filters.keyword);
    where.push(or(ilike(siteMembers.email, k), answerMatches(siteMembers.data, k)));
  }
  return and(...where);
}

function submissionsWhere(siteId: string, kind: TSubmissionKind, filters: TFilters) {
  const where: (SQL | undefined)[] = [
    eq(siteSubmissions.siteId, siteId),
    eq(siteSubmissions.kind, kind),
    ...jstDayRange(siteSubmissions.createdAt, filters),
  ];
  if (filters.keyword) {
    const k = containsPattern(filters.keyword);
    where.push(
      or(
        ilike(siteSubmissions.email, k),
        ilike(siteSubmissions.companyName, k),
        answerMatches(siteSubmissions.data, k),
      ),
    );
  }
  return and(...where);
}

// Only what the lists (and their CSV) show: never a member's password hash.
const memberColumns = {
  id: siteMembers.id,
  email: siteMembers.email,
  status: siteMembers.status,
  lang: siteMembers.lang,
  data: siteMembers.data,
  createdAt: siteMembers.createdAt,
  confirmedAt: siteMembers.confirmedAt,
  lastLoginAt: siteMembers.lastLoginAt,
};
const submissionColumns = {
  id: siteSubmissions.id,
  kind: siteSubmissions.kind,
  lang: siteSubmissions.lang,
  email: siteSubmissions.email,
  companyName: siteSubmissions.companyName,
  data: siteSubmissions.data,
  mode: siteSubmissions.mode,
  createdAt: siteSubmissions.createdAt,
};

type TMemberRow = Pick<typeof siteMembers.$inferSelect, keyof typeof memberColumns>;
type TSubmissionRow = Pick<typeof siteSubmissions.$inferSelect, keyof typeof submissionColumns>;

function toMember(row: TMemberRow): TMemberSummary {
  return {
    id: row.id,
    email: row.email,
    status: row.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING',
    lang: row.lang as TSiteLanguage,
    data: row.data ?? [],
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

function toSubmission(row: TSubmissionRow): TSubmissionSummary {
  return {
    id: row.id,
    kind: row.kind as TSubmissionKind,
    lang: row.lang as TSiteLanguage,
    email: row.email,
    companyName: row.companyName,
    data: row.data ?? [],
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
  };
}

const memberOrder = [desc(siteMembers.createdAt), desc(siteMembers.id)];
const submissionOrder = [desc(siteSubmissions.createdAt), desc(siteSubmissions.id)];

/** The members of a site of the reader's tree; newest first, paged. */
export async function listMembers(
  ctx: TAppContext,
  opts: { caller: TListReader; siteId: string; query: TSubmissionListQuery },
) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  return pageOfMembers(ctx.db, site.id, opts.query);
}

export async function pageOfMembers(db: TDb, siteId: string, query: TSubmissionListQuery) {
  const where = membersWhere(siteId, query);
  const rows = await db
    .select(memberColumns)
    .from(siteMembers)
    .where(where)
    .orderBy(...memberOrder)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(siteMembers).where(where);
  return { items: rows.map(toMember), total: total?.n ?? 0 };
}

/** Every member of the filters as CSV (UTF-8 with BOM), headers in the caller's language. */
export async function exportMembers(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; query: TFilters; lang: TUiLanguage },
) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  const rows = await ctx.db
    .select(memberColumns)
    .from(siteMembers)
    .where(membersWhere(site.id, opts.query))
    .orderBy(...memberOrder)
    .limit(EXPORT_LIMIT);
  return membersCsv(rows.map(toMember), opts.lang);
}

/**
 * Deletes a member of the site: the account is gone, and with it (cascade) its confirmation link
 * and every session, so a signed-in visitor is signed out at the next request.
 */
export async function deleteMember(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; memberId: string; ip?: string },
) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  const [member] = await ctx.db
    .delete(siteMembers)
    .where(and(eq(siteMembers.id, opts.memberId), eq(siteMembers.siteId, site.id)))
    .returning({ id: siteMembers.id });
  if (!member) throw notFound();
  await audit(ctx.db, {
    action: 'members.deleted',
    actorUserId: opts.caller.userId,
    accountId: site.accountId,
    targetType: 'site_member',
    targetId: member.id,
    details: { siteId: site.id },
    ip: opts.ip,
  });
}

/** The contact (CONTACT) or homepage (HOMEPAGE) forms sent to a site; newest first, paged. */
export async function listSubmissions(
  ctx: TAppContext,
  opts: { caller: TListReader; siteId: string; kind: TSubmissionKind; query: TSubmissionListQuery },
) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  return pageOfSubmissions(ctx.db, site.id, opts.kind, opts.query);
}

export async function pageOfSubmissions(
  db: TDb,
  siteId: string,
  kind: TSubmissionKind,
  query: TSubmissionListQuery,
) {
  const where = submissionsWhere(siteId, kind, query);
  const rows = await db
    .select(submissionColumns)
    .from(siteSubmissions)
    .where(where)
    .orderBy(...submissionOrder)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(siteSubmissions).where(where);
  return { items: rows.map(toSubmission), total: total?.n ?? 0 };
}

export async function exportSubmissions(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; kind: TSubmissionKind; query: TFilters; lang: TUiLanguage },
) {
  const site = await loadSiteRef(ctx.db, opts.caller, opts.siteId);
  const rows = await ctx.db
    .select(submissionColumns)
    .from(siteSubmissions)
    .where(submissionsWhere(site.id, opts.kind, opts.query))
    .orderBy(...submissionOrder)
    .limit(EXPORT_LIMIT);
  return submissionsCsv(rows.map(toSubmission), opts.lang);
}
