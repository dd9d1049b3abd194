import type { TDbOrTx } from '../db/tx';
import type { TModuleRegistry } from './module';

// What else must happen when a contract stops for good (terminated, or ended by the
// contract-end job): all sites become unpublished after contract end. The modules that own
// such data declare their step in their manifest, so the contract code never depends on them.

export type TContractEndEffect = (db: TDbOrTx, accountIds: string[]) => Promise<void>;

/** Runs every module's step, inside the caller's transaction, for the accounts whose contract stopped. */
export async function runContractEndEffects(
  modules: Pick<TModuleRegistry, 'contractEndEffects'>,
  db: TDbOrTx,
  accountIds: string[],
) {
  if (accountIds.length === 0) return;
  for (const fn of modules.contractEndEffects) await fn(db, accountIds);
}
