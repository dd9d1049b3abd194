import type { TScenario } from './scenario';
import { apiHealth, apiLogin } from './scenario-api';
import { publishedPage } from './scenario-published';
import { staticPage } from './scenario-static';

/**
 * Every scenario `npm run bench` runs, in order. Adding one is one entry here (a TScenario, see
 * scenario.ts); `npm run bench -- <id> ...` runs a subset.
 */
export const SCENARIOS: TScenario[] = [publishedPage, staticPage, apiHealth, apiLogin];

/** DESIGN 7 budgets with no scenario yet, listed in every report until their feature exists. */
export const PENDING_BUDGETS: { budget: string; waitsFor: string }[] = [
  { budget: 'analytics ingestion >= 0.5x the rows/s of PostgreSQL COPY', waitsFor: 'analytics ingestion' },
];
