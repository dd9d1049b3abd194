import dns from 'node:dns/promises';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { and, eq, ne } from 'drizzle-orm';
import { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueJob, type TJobHandler } from '../../platform/jobs';

// The domain wizard: a custom domain takes effect once saved; its CNAME record (pointing at
// SITES_CNAME_TARGET) is checked by a job for up to 72 hours, the site meanwhile DOMAIN_VERIFYING
// and reachable on the default domain.

type TSite = typeof sites.$inferSelect;

export const DOMAIN_CHECK_JOB = 'site-domain-check';
const CHECK_FOR_MS = 72 * 3_600_000;
const CHECK_EVERY_MS = 15 * 60_000;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const domainField = 'document.domain.custom_domain';
const pathField = 'document.domain.custom_path';

function reservedHosts(ctx: TAppContext) {
  return new Set(
    [new URL(ctx.config.publicUrl).hostname, ctx.config.sitesCnameTarget, 'localhost'].map((h) =>
      h.toLowerCase(),
    ),
  );
}

/** Refuses a domain or path another site holds, or one of the platform's own hosts. */
async function assertAvailable(ctx: TAppContext, siteId: string, domain: TSiteDocument['domain']) {
  if (domain.customDomain && reservedHosts(ctx).has(domain.customDomain))
    throw new AppError(400, 'VALIDATION_FAILED', 'sites.domainReserved', undefined, [
      { field: domainField, messageKey: 'sites.domainReserved' },
    ]);
  if (domain.customPath && UUID_SHAPE.test(domain.customPath))
    throw new AppError(400, 'VALIDATION_FAILED', 'sites.invalidCustomPath', undefined, [
      { field: pathField, messageKey: 'sites.invalidCustomPath' },
    ]);
  for (const [column, value, field, key] of [
    [sites.customDomain, domain.customDomain, domainField, 'sites.domainTaken'],
    [sites.customPath, domain.customPath, pathField, 'sites.pathTaken'],
  ] as const) {
    if (!value) continue;
    const [other] = await ctx.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(column, value), ne(sites.id, siteId)))
      .limit(1);
    if (other) throw new AppError(409, 'CONFLICT', key, undefined, [{ field, messageKey: key }]);
  }
}

/** Stores the site's domain and path when they changed, starting the CNAME check for a new domain. */
export async function applyDomainChange(
  ctx: TAppContext,
  opts: { site: TSite; domain: TSiteDocument['domain'] },
): Promise<TSite> {
  const domain = opts.domain.customDomain || null;
  const path = opts.domain.customPath || null;
  if (domain === opts.site.customDomain && path === opts.site.customPath) return opts.site;
  await assertAvailable(ctx, opts.site.id, opts.domain);
  const domainChanged = domain !== opts.site.customDomain;
  const now = new Date();
  const [updated] = await ctx.db
    .update(sites)
    .set({
      customDomain: domain,
      customPath: path,
      ...(domainChanged
        ? { domainStatus: domain ? 'VERIFYING' : 'NONE', domainCheckStartedAt: domain ? now : null }
        : {}),
      // A live site whose domain is dropped is simply public again on the default domain.
      ...(domainChanged && !domain && opts.site.status === 'DOMAIN_VERIFYING' ? { status: 'PUBLISH' } : {}),
    })
    .where(eq(sites.id, opts.site.id))
    .returning();
  if (domainChanged && domain) {
    await enqueueJob(ctx.db, { kind: DOMAIN_CHECK_JOB, payload: { siteId: opts.site.id, domain } });
    ctx.nudgeJobs();
  }
  return updated!;
}

/** Whether `domain` has a CNAME record pointing at `target` (trailing dots and case ignored). */
export async function cnamePointsAt(
  domain: string,
  target: string,
  resolve: (host: string) => Promise<string[]> = dns.resolveCname,
): Promise<boolean> {
  const norm = (h: string) => h.toLowerCase().replace(/\.$/, '');
  try {
    return (await resolve(domain)).some((h) => norm(h) === norm(target));
  } catch {
    // NXDOMAIN, no CNAME yet, resolver trouble: not (yet) pointing.
    return false;
  }
}

export function siteDomainJobs(
  ctx: TAppContext,
  resolve?: (host: string) => Promise<string[]>,
): Record<string, TJobHandler> {
  return {
    [DOMAIN_CHECK_JOB]: async (payload) => {
      const { siteId, domain } = payload as { siteId: string; domain: string };
      const [site] = await ctx.db.select().from(sites).where(eq(sites.id, siteId));
      // The site was deleted or its domain changed since: this check is moot.
      if (!site || site.customDomain !== domain || site.domainStatus !== 'VERIFYING') return;
      if (await cnamePointsAt(domain, ctx.config.sitesCnameTarget, resolve)) {
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(sites)
            .set({
              domainStatus: 'VERIFIED',
              ...(site.status === 'DOMAIN_VERIFYING' ? { status: 'PUBLISH' } : {}),
            })
            .where(eq(sites.id, siteId));
          // The domain now serves the site: no process may keep answering it as nobody's.
          await ctx.siteChanged(tx, { siteId });
        });
        return;
      }
      const started = site.domainCheckStartedAt?.getTime() ?? Date.now();
      if (Date.now() - started >= CHECK_FOR_MS) {
        await ctx.db
          .update(sites)
          .set({
            domainStatus: 'FAILED',
            ...(site.status === 'DOMAIN_VERIFYING' ? { status: 'PUBLISH' } : {}),
          })
          .where(eq(sites.id, siteId));
        return;
      }
      await enqueueJob(ctx.db, {
        kind: DOMAIN_CHECK_JOB,
        payload: { siteId, domain },
        runAt: new Date(Date.now() + CHECK_EVERY_MS),
      });
    },
  };
}
