import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { contracts, plans } from '../../db/schema/plans';

// Test fixtures for plans. The catalogue is shared by everyone; what belongs to one tenant is a
// superseded version that only its own contract still runs on.

const pinned = new WeakMap<TDb, Map<string, Promise<string>>>();

/**
 * Puts the account's contract on a plan version that a later edit replaced (so it is no longer
 * in the catalogue) and returns that version's id. Once per account and database.
 */
export function pinOldPlanVersion(db: TDb, accountId: string): Promise<string> {
  const byAccount = pinned.get(db) ?? new Map<string, Promise<string>>();
  pinned.set(db, byAccount);
  let id = byAccount.get(accountId);
  if (!id) {
    id = (async () => {
      const code = `legacy_${accountId.replaceAll('-', '').slice(0, 12)}`;
      const [old] = await db
        .insert(plans)
        .values({
          code,
          tier: 'light',
          version: 1,
          isCurrent: false,
          name: 'Legacy Light',
          price: 25_000,
          quantitySwipe: 10,
          quantitySite: 1,
          limitAccess: 8_000,
          limitAccessPrice: 1_000,
        })
        .returning();
      await db.insert(plans).values({ ...old!, id: undefined, version: 2, isCurrent: true, price: 30_000 });
      await db.update(contracts).set({ planId: old!.id }).where(eq(contracts.accountId, accountId));
      return old!.id;
    })();
    byAccount.set(accountId, id);
  }
  return id;
}
