import type { TScenario } from './scenario';
import { analyticsQueries } from './scenario-analytics';
import { apiHealth, apiLogin } from './scenario-api';
import { billingRun } from './scenario-billing';
import { busyPage } from './scenario-busy';
import { consolePage } from './scenario-console';
import { siteEditor } from './scenario-editor';
import { csvImport } from './scenario-import';
import { eventIngestion } from './scenario-ingest';
import { listPages } from './scenario-lists';
import { productMemory } from './scenario-memory';
import { publishedPage } from './scenario-published';
import { staticPage } from './scenario-static';

/**
 * Every scenario `npm run bench` runs, in order. Adding one is one entry here (a TScenario, see
 * scenario.ts); `npm run bench -- <id> ...` runs a subset. The product's scenarios come first (the
 * shared product child is stopped once none is left; `memory` starts its own); then those of the
 * app in this process. `lists`, `analytics` and `billing` come last: they add their volume to the
 * in-process database, which the others measure without. `editor` comes just before them: it adds
 * one site of 100 pages (and its photos) to user@'s company.
 */
export const SCENARIOS: TScenario[] = [
  publishedPage,
  busyPage,
  staticPage,
  apiHealth,
  apiLogin,
  productMemory,
  eventIngestion,
  consolePage,
  csvImport,
  siteEditor,
  listPages,
  analyticsQueries,
  billingRun,
];

/** Performance budgets with no scenario yet, listed in every report until their feature exists. */
export const PENDING_BUDGETS: { budget: string; waitsFor: string }[] = [];
