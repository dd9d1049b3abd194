import type { TScenario } from './scenario';
import { apiHealth, apiLogin } from './scenario-api';
import { staticPage } from './scenario-static';

/**
 * Every scenario `npm run bench` runs, in order. Adding one is one entry here (a TScenario, see
 * scenario.ts); `npm run bench -- <id> ...` runs a subset.
 */
export const SCENARIOS: TScenario[] = [staticPage, apiHealth, apiLogin];

/** DESIGN 7 budgets with no scenario yet, listed in every report until their feature exists. */
export const PENDING_BUDGETS: { budget: string; waitsFor: string }[] = [
  {
    budget: 'published page: all JS <= 10 KB gzip; HTML + critical CSS <= 14 KB before images',
    waitsFor: 'published pages (viewer)',
  },
  {
    budget:
      'serving a published page from cache >= 0.9x bare node:http (today: console index.html stands in)',
    waitsFor: 'published pages (viewer)',
  },
  { budget: 'analytics ingestion >= 0.5x the rows/s of PostgreSQL COPY', waitsFor: 'analytics ingestion' },
];
