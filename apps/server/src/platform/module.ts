import type { TConversionKind } from '@swipe/contracts/site-events';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { sites } from '../db/schema/sites';
import type { TDbOrTx } from '../db/tx';
import type { TAppContext } from './context';
import type { TContractEndEffect } from './contract-effects';
import type { TJobHandler } from './jobs';
import type { TPageRenameEffect } from './page-renames';
import type { TUsageCounter, TUsageCounterName } from './plan-access';
import type { TAnyRoute } from './route';
import type { TRecurring } from './schedule';
import type { TStorage } from './storage';

/**
 * Everything a server module contributes, declared in one place (`<module>/<module>.module.ts`)
 * and collected by buildApp from the list in `modules/modules.ts`. Nothing registers itself at
 * import time: a module that is not in the list contributes nothing.
 */
export interface TModule {
  /** The folder name under modules/. */
  name: string;
  /** Its endpoints: every file under its routes/ folder, one route each. */
  routes?: readonly TAnyRoute[];
  /** Durable job kinds it handles (platform/jobs.ts). */
  jobs?: (ctx: TAppContext) => Record<string, TJobHandler>;
  /** Work that recurs on a schedule (Japan time); the next run is queued at start. */
  recurring?: (ctx: TAppContext) => readonly TRecurring[];
  /**
   * Work done once when a process starts its jobs (beside them, not before serving): cleaning up
   * what a crashed process left behind.
   */
  start?: (ctx: TAppContext) => Promise<void>;
  /** How plans count what this module owns (platform/plan-access.ts). */
  usageCounters?: Partial<Record<TUsageCounterName, TUsageCounter>>;
  /** Steps run in the same transaction when a contract stops for good. */
  contractEndEffects?: readonly TContractEndEffect[];
  /** Steps run in a site save's transaction when the editor moved or removed pages (page-renames.ts). */
  pageRenameEffects?: readonly TPageRenameEffect[];
  /** What happens when a visitor converts (a form sent, a survey answered, a registration confirmed). */
  conversionEffects?: readonly TConversionEffect[];
  /**
   * Routes outside the JSON API (published pages, media, HTML forms). May return a handler the
   * not-found fallback asks first (a custom domain's page): true when it answered.
   */
  http?: (
    app: FastifyInstance,
    ctx: TAppContext,
  ) => Promise<THttpFallback | undefined> | THttpFallback | undefined;
  /** The tables it owns: the cross-tenant suite proves a refused call leaves all of them as they were. */
  tables?: readonly PgTable[];
  /** Demo data only this module knows how to make, run in module-list order after the demo tree. */
  demoSeed?: (demo: TDemoSeed) => Promise<void>;
}

/** A conversion of a visit, as the visitor pages record it (visits.service recordConversion). */
export type TConversion = {
  siteId: string;
  visitId: string;
  kind: TConversionKind;
  lang: string;
  device: string;
  /** The visit's entry page. */
  entryPage: string;
  at: Date;
};
/** Runs after a conversion was recorded; never fails the visitor's request (errors are its own). */
export type TConversionEffect = (ctx: TAppContext, conversion: TConversion) => Promise<unknown>;

export type THttpFallback = (req: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** What a module's demo seed gets: the database, file storage, and what earlier modules made. */
export interface TDemoSeed {
  db: TDbOrTx;
  storage: TStorage;
  /** The demo company and its user, owner of the demo site. */
  owner: { accountId: string; userId: string };
  /** The published demo site, once the sites module made it. */
  site?: typeof sites.$inferSelect;
  /** The survey the demo site's A2 button leads to (its id is in the site document). */
  surveyId?: string;
}

export const defineModule = (module: TModule) => module;

/** The module-wide registries the platform consults, gathered from every manifest. */
export interface TModuleRegistry {
  usageCounters: Partial<Record<TUsageCounterName, TUsageCounter>>;
  contractEndEffects: readonly TContractEndEffect[];
  pageRenameEffects: readonly TPageRenameEffect[];
  conversionEffects: readonly TConversionEffect[];
}

export function collectRegistry(modules: readonly TModule[]): TModuleRegistry {
  const usageCounters: TModuleRegistry['usageCounters'] = {};
  for (const m of modules)
    for (const [name, fn] of Object.entries(m.usageCounters ?? {}) as [TUsageCounterName, TUsageCounter][]) {
      if (usageCounters[name]) throw new Error(`usage counter '${name}' is declared twice (${m.name})`);
      usageCounters[name] = fn;
    }
  return {
    usageCounters,
    contractEndEffects: modules.flatMap((m) => m.contractEndEffects ?? []),
    pageRenameEffects: modules.flatMap((m) => m.pageRenameEffects ?? []),
    conversionEffects: modules.flatMap((m) => m.conversionEffects ?? []),
  };
}
