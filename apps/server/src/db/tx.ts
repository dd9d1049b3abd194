import type { TDb } from './client';

/** A transaction handle: the same query builder as the database, used for all-or-nothing writes. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
/** Functions that run inside or outside a transaction take either. */
export type TDbOrTx = TDb | TTx;
