import type { TDbOrTx } from './db-tx';

// What else must happen when a contract stops for good (terminated, or ended by the
// contract-end job): SPEC 9 "all sites become unpublished after contract end". Sites do not
// exist yet; the sites module registers its unpublish step here (from its service module, at
// import time) so this module never depends on it.

export type TContractEndEffect = (db: TDbOrTx, accountIds: string[]) => Promise<void>;

const effects = new Set<TContractEndEffect>();

/** Adds a step run, inside the same transaction, for the accounts whose contract stopped. */
export function registerContractEndEffect(fn: TContractEndEffect) {
  effects.add(fn);
}

export async function runContractEndEffects(db: TDbOrTx, accountIds: string[]) {
  if (accountIds.length === 0) return;
  for (const fn of effects) await fn(db, accountIds);
}
