import type { TPageRenames } from '@swipe/contracts/site-api';
import type { TDbOrTx } from '../db/tx';
import type { TModuleRegistry } from './module';

// The site editor's page operations (insert, remove, move pages) renumber the pages, and data
// outside the site document names pages by coordinate (campaigns' effective pages). The save
// sends the renames; each module owning such data declares its step in its manifest and it runs
// in the save's transaction, so the sites module never depends on those modules.

export type TPageRenameEffect = (
  db: TDbOrTx,
  change: { siteId: string; renames: TPageRenames },
) => Promise<void>;

/** Runs every module's step for the site's renames, inside the caller's transaction. */
export async function runPageRenameEffects(
  modules: Pick<TModuleRegistry, 'pageRenameEffects'>,
  db: TDbOrTx,
  change: { siteId: string; renames: TPageRenames },
) {
  if (Object.keys(change.renames).length === 0) return;
  for (const fn of modules.pageRenameEffects) await fn(db, change);
}
