import type { TPaymentMethod } from '@swipe/contracts/billing';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { billingAccounts, paymentCards } from '../../db/schema/billing';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import { defaultCard, paymentProvider } from './billing.service';

// An account's cards and how it pays: kept by the provider (we store brand, last four digits
// and expiry only), the account's own, never the platform's.

/** Cards belong to the account that holds a contract: the caller's own. */
function assertCardHolder(caller: TCaller) {
  if (caller.actingRole === 'MASTER') throw forbidden();
}

async function customerOf(ctx: TAppContext, caller: TCaller) {
  const provider = paymentProvider(ctx);
  const [row] = await ctx.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, caller.accountId));
  if (row?.providerCustomerId && row.provider === provider.kind) return row.providerCustomerId;
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, caller.accountId));
  const customerId = await provider.ensureCustomer(
    { id: caller.accountId, name: account?.name ?? '', email: caller.email },
    null,
  );
  await ctx.db
    .insert(billingAccounts)
    .values({ accountId: caller.accountId, provider: provider.kind, providerCustomerId: customerId })
    .onConflictDoUpdate({
      target: billingAccounts.accountId,
      set: { provider: provider.kind, providerCustomerId: customerId, updatedAt: new Date() },
    });
  return customerId;
}

export async function listCards(ctx: TAppContext, caller: TCaller) {
  assertCardHolder(caller);
  const provider = paymentProvider(ctx);
  const [cards, [account]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentCards)
      .where(
        and(
          eq(paymentCards.accountId, caller.accountId),
          eq(paymentCards.provider, provider.kind),
          isNull(paymentCards.deletedAt),
        ),
      )
      .orderBy(desc(paymentCards.isDefault), asc(paymentCards.createdAt)),
    ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, caller.accountId)),
  ]);
  return {
    cards: cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.expMonth,
      expYear: c.expYear,
      isDefault: c.isDefault,
    })),
    testMode: provider.testMode,
    method: (account?.method ?? 'BANK_TRANSFER') as TPaymentMethod,
  };
}

export async function cardSetup(ctx: TAppContext, caller: TCaller) {
  assertCardHolder(caller);
  return paymentProvider(ctx).cardSetup(await customerOf(ctx, caller));
}

/** Saves a card the provider vouches for; the first card becomes the default and card payment the method. */
export async function addCard(ctx: TAppContext, opts: { caller: TCaller; token: string }) {
  assertCardHolder(opts.caller);
  const provider = paymentProvider(ctx);
  const customerId = await customerOf(ctx, opts.caller);
  const card = await provider.attachCard(customerId, opts.token);
  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(
        and(
          eq(paymentCards.accountId, opts.caller.accountId),
          eq(paymentCards.provider, provider.kind),
          isNull(paymentCards.deletedAt),
        ),
      )
      .for('update');
    const first = existing.length === 0;
    const [row] = await tx
      .insert(paymentCards)
      .values({ accountId: opts.caller.accountId, provider: provider.kind, ...card, isDefault: first })
      .returning();
    if (first)
      await tx
        .update(billingAccounts)
        .set({ method: 'CARD', updatedAt: new Date() })
        .where(eq(billingAccounts.accountId, opts.caller.accountId));
    return {
      id: row!.id,
      brand: row!.brand,
      last4: row!.last4,
      expMonth: row!.expMonth,
      expYear: row!.expYear,
      isDefault: row!.isDefault,
    };
  });
}

async function ownCard(db: TDbOrTx, caller: TCaller, id: string) {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.id, id),
        eq(paymentCards.accountId, caller.accountId),
        isNull(paymentCards.deletedAt),
      ),
    );
  if (!card) throw new AppError(404, 'NOT_FOUND', 'billing.cardNotFound');
  return card;
}

/** Removes a card; if it was the default, the newest other card takes its place (or bank transfer). */
export async function removeCard(ctx: TAppContext, opts: { caller: TCaller; id: string }) {
  assertCardHolder(opts.caller);
  const card = await ownCard(ctx.db, opts.caller, opts.id);
  const [account] = await ctx.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, opts.caller.accountId));
  if (account?.providerCustomerId)
    await paymentProvider(ctx).detachCard(account.providerCustomerId, card.providerCardId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paymentCards)
      .set({ deletedAt: new Date(), isDefault: false, providerCardId: 'removed' })
      .where(eq(paymentCards.id, card.id));
    if (!card.isDefault) return;
    const [next] = await tx
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.accountId, opts.caller.accountId), isNull(paymentCards.deletedAt)))
      .orderBy(desc(paymentCards.createdAt))
      .limit(1);
    if (next) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
    else
      await tx
        .update(billingAccounts)
        .set({ method: 'BANK_TRANSFER', updatedAt: new Date() })
        .where(eq(billingAccounts.accountId, opts.caller.accountId));
  });
}

export async function setDefaultCard(ctx: TAppContext, opts: { caller: TCaller; id: string }) {
  assertCardHolder(opts.caller);
  await ctx.db.transaction(async (tx) => {
    const card = await ownCard(tx, opts.caller, opts.id);
    await tx
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.accountId, opts.caller.accountId), eq(paymentCards.isDefault, true)));
    await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, card.id));
  });
}

export async function setPaymentMethod(ctx: TAppContext, opts: { caller: TCaller; method: TPaymentMethod }) {
  assertCardHolder(opts.caller);
  if (opts.method === 'CARD' && !(await defaultCard(ctx.db, opts.caller.accountId)))
    throw new AppError(400, 'VALIDATION_FAILED', 'billing.noCard');
  await ctx.db
    .insert(billingAccounts)
    .values({ accountId: opts.caller.accountId, method: opts.method })
    .onConflictDoUpdate({
      target: billingAccounts.accountId,
      set: { method: opts.method, updatedAt: new Date() },
    });
}
