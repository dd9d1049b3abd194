import { sql } from 'drizzle-orm';
import type { TListener } from '../db/client';
import type { TDbOrTx } from '../db/tx';

// What visitors may see of a site changed (published, made private or deleted, its domain
// verified, its contract stopped): every process must drop what it cached of it. The writer
// announces the change with PostgreSQL NOTIFY in the transaction that makes it, so the notice
// goes out exactly when the change becomes visible, and every process LISTENs.

export const SITE_CHANGES_CHANNEL = 'site_changes';

/** A notice names one site, or `*` for "any site may have changed" (a contract change). */
export type TSiteChange = { siteId: string } | { all: true };

const payloadOf = (change: TSiteChange) => ('all' in change ? '*' : `site:${change.siteId}`);

export function parseSiteChange(payload: string | undefined): TSiteChange | null {
  if (payload === '*') return { all: true };
  if (payload?.startsWith('site:')) return { siteId: payload.slice(5) };
  return null;
}

/** Announces a change inside `db`'s transaction (delivered to every listener when it commits). */
export async function announceSiteChange(db: TDbOrTx, change: TSiteChange) {
  await db.execute(sql`select pg_notify(${SITE_CHANGES_CHANNEL}, ${payloadOf(change)})`);
}

export interface TSiteChangeFeed {
  /** True while notices arrive: only then may a process answer from its caches. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * Listens for site changes and hands them to `apply`; `apply({ all: true })` also runs whenever
 * the listener comes (back) up, since notices sent while it was down are lost.
 */
export async function listenForSiteChanges(
  subscribe: (channel: string, listener: TListener) => Promise<() => Promise<void>>,
  apply: (change: TSiteChange) => void,
): Promise<TSiteChangeFeed> {
  let up = false;
  const stop = await subscribe(SITE_CHANGES_CHANNEL, {
    notice: (payload) => {
      const change = parseSiteChange(payload);
      if (change) apply(change);
    },
    up: () => {
      apply({ all: true });
      up = true;
    },
    down: () => {
      up = false;
      apply({ all: true });
    },
  });
  return { listening: () => up, close: stop };
}
