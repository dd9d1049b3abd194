import { paymentFailureKey } from '@swipe/contracts/bill-payment';
import {
  BILL_TRANSITIONS,
  type TBill,
  type TBillDetail,
  type TBillListQuery,
  type TBillMove,
  type TBillStatus,
  type TPaymentMethod,
} from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { formatCount, formatCsvDate, formatCsvDateTime, formatCsvMonth } from '@swipe/contracts/jst-format';
import { translate } from '@swipe/contracts/messages';
import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { billEvents, billingAccounts, bills, paymentCards } from '../../db/schema/billing';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { containsPattern } from '../../platform/list-filters';
import { jstDate } from '../../platform/schedule';
import { billMailFacts } from './bill-mail-facts';
import { readSettings } from './billing-settings';
import type { TInvoiceDocument } from './invoice-pdf';
import type { TPaymentProvider } from './payment-provider';
import { createPaymentProvider } from './payment-providers';

// Bills after the monthly run (bill-run.ts): who sees which, the status moves and their audit
// trail, charging a card bill, cards and the billing settings. The provider's webhooks are in
// payment-events.ts.

// --- the payment provider of a running product ---------------------------------------------------

const providers = new WeakMap<TAppContext, TPaymentProvider>();
/** Stripe when its keys are set, else the test-mode provider; tests may set their own. */
export function paymentProvider(ctx: TAppContext): TPaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = createPaymentProvider(ctx.config);
    providers.set(ctx, provider);
  }
  return provider;
}
export const usePaymentProvider = (ctx: TAppContext, provider: TPaymentProvider) =>
  providers.set(ctx, provider);

// --- who sees which bill -------------------------------------------------------------------------

const PLATFORM_STAFF = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'];

/**
 * The bills a caller may see: MASTER every one, OEM staff those of their subtree (their own
 * account's and their companies'), a customer those addressed to its own account.
 */
function billScope(caller: TCaller): SQL | undefined {
  if (caller.actingRole === 'MASTER') return undefined;
  if (PLATFORM_STAFF.includes(caller.actingRole)) return like(accounts.path, `${caller.accountPath}%`);
  return eq(bills.accountId, caller.accountId);
}

const billColumns = {
  bill: bills,
  accountName: accounts.name,
};

export function toBill(
  row: { bill: typeof bills.$inferSelect; accountName: string },
  testMode: boolean,
): TBill {
  const b = row.bill;
  return {
    id: b.id,
    number: b.number,
    accountId: b.accountId,
    accountName: row.accountName,
    month: b.month.slice(0, 7),
    planName: b.planName,
    planVersion: b.planVersion,
    blocksUsed: b.blocksUsed,
    pageViews: b.pageViews,
    pageViewLimit: b.pageViewLimit,
    planFee: b.planFee,
    pageViewFee: b.pageViewFee,
    licenseFee: b.licenseFee,
    initialFee: b.initialFee,
    subtotal: b.subtotal,
    tax: b.tax,
    total: b.total,
    method: b.method as TPaymentMethod,
    status: b.status as TBillStatus,
    issuedAt: b.issuedAt.toISOString(),
    dueDate: b.dueDate,
    paidAt: b.paidAt?.toISOString() ?? null,
    failureMessage: b.failureMessage,
    failureCode: b.failureCode,
    testMode: b.provider ? b.provider === 'TEST' : testMode,
  };
}

function listFilters(caller: TCaller, query: Omit<TBillListQuery, 'page' | 'pageSize'>) {
  const where: (SQL | undefined)[] = [billScope(caller)];
  if (query.month) where.push(eq(bills.month, `${query.month}-01`));
  if (query.status) where.push(eq(bills.status, query.status));
  if (query.method) where.push(eq(bills.method, query.method));
  if (query.accountId) where.push(eq(bills.accountId, query.accountId));
  if (query.keyword)
    where.push(
      or(
        sql`${accounts.name} ilike ${containsPattern(query.keyword)}`,
        sql`${bills.number} ilike ${containsPattern(query.keyword)}`,
      ),
    );
  return and(...where);
}

export async function listBills(ctx: TAppContext, opts: { caller: TCaller; query: TBillListQuery }) {
  const { query } = opts;
  const where = listFilters(opts.caller, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(billColumns)
      .from(bills)
      .innerJoin(accounts, eq(accounts.id, bills.accountId))
      .where(where)
      .orderBy(desc(bills.month), asc(accounts.name), asc(bills.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db
      .select({ n: count() })
      .from(bills)
      .innerJoin(accounts, eq(accounts.id, bills.accountId))
      .where(where),
  ]);
  const testMode = paymentProvider(ctx).testMode;
  return {
    data: rows.map((r) => toBill(r, testMode)),
    meta: { total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize },
  };
}

/** Every bill of the filters, for the CSV export (at most 10,000 rows). */
export async function exportBills(
  ctx: TAppContext,
  opts: { caller: TCaller; query: Omit<TBillListQuery, 'page' | 'pageSize'> },
) {
  const rows = await ctx.db
    .select(billColumns)
    .from(bills)
    .innerJoin(accounts, eq(accounts.id, bills.accountId))
    .where(listFilters(opts.caller, opts.query))
    .orderBy(desc(bills.month), asc(accounts.name), asc(bills.id))
    .limit(10_000);
  const testMode = paymentProvider(ctx).testMode;
  return rows.map((r) => toBill(r, testMode));
}

/** The bill if the caller may see it; another tenant's is 404, like one that does not exist. */
async function visibleBill(db: TDbOrTx, caller: TCaller, id: string) {
  const [row] = await db
    .select(billColumns)
    .from(bills)
    .innerJoin(accounts, eq(accounts.id, bills.accountId))
    .where(and(eq(bills.id, id), billScope(caller)));
  if (!row) throw notFound();
  return row;
}

export async function getBill(ctx: TAppContext, opts: { caller: TCaller; id: string }): Promise<TBillDetail> {
  const row = await visibleBill(ctx.db, opts.caller, opts.id);
  const events = await ctx.db
    .select({ event: billEvents, actor: users.email })
    .from(billEvents)
    .leftJoin(users, eq(users.id, billEvents.actorUserId))
    .where(eq(billEvents.billId, opts.id))
    .orderBy(asc(billEvents.id));
  return {
    ...toBill(row, paymentProvider(ctx).testMode),
    events: events.map(({ event, actor }) => ({
      at: event.createdAt.toISOString(),
      fromStatus: (event.fromStatus as TBillStatus | null) ?? null,
      toStatus: event.toStatus as TBillStatus,
      actor: actor ?? null,
      source: event.source as 'RUN' | 'USER' | 'CHARGE' | 'WEBHOOK',
      reason: event.reason,
      failureCode: event.failureCode,
    })),
  };
}

// --- status moves ----------------------------------------------------------------------------------

export const moveNotAllowed = () => new AppError(409, 'CONFLICT', 'billing.moveNotAllowed');

/**
 * Moves a bill along one of its status transitions (BILL_TRANSITIONS), or throws 409 and changes
 * nothing. The move is one conditional UPDATE, so of racing requests exactly one moves; its audit
 * row is written in the same transaction.
 */
export async function moveBill(
  db: TDbOrTx,
  opts: {
    billId: string;
    move: TBillMove;
    source: 'USER' | 'CHARGE' | 'WEBHOOK';
    actorUserId?: string | null;
    reason?: string | null;
    providerEventId?: string;
    set?: Partial<typeof bills.$inferInsert>;
  },
) {
  const { from, to } = BILL_TRANSITIONS[opts.move];
  const [before] = await db
    .select({ status: bills.status })
    .from(bills)
    .where(and(eq(bills.id, opts.billId), inArray(bills.status, [...from])))
    .for('update');
  if (!before) throw moveNotAllowed();
  const [moved] = await db
    .update(bills)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(and(eq(bills.id, opts.billId), eq(bills.status, before.status)))
    .returning();
  if (!moved) throw moveNotAllowed();
  await recordBillEvent(db, {
    billId: opts.billId,
    fromStatus: before.status,
    toStatus: to,
    actorUserId: opts.actorUserId ?? null,
    source: opts.source,
    reason: opts.reason ?? null,
    failureCode: opts.move === 'FAIL' ? (opts.set?.failureCode ?? null) : null,
    providerEventId: opts.providerEventId,
  });
  return moved;
}

/** A row of a bill's audit trail: a move, or (from and to the same status) a refused event. */
export async function recordBillEvent(db: TDbOrTx, row: typeof billEvents.$inferInsert) {
  await db.insert(billEvents).values(row);
}

/** MASTER's moves: a bank transfer received, force-complete (irreversible), void. */
export async function operatorMove(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; move: 'MARK_PAID' | 'FORCE_COMPLETE' | 'VOID'; reason?: string },
) {
  if (opts.caller.actingRole !== 'MASTER') throw forbidden();
  await visibleBill(ctx.db, opts.caller, opts.id);
  await ctx.db.transaction(async (tx) => {
    await moveBill(tx, {
      billId: opts.id,
      move: opts.move,
      source: 'USER',
      actorUserId: opts.caller.userId,
      reason: opts.reason ?? null,
      set: opts.move === 'MARK_PAID' ? { paidAt: new Date(), method: 'BANK_TRANSFER' } : {},
    });
  });
  return getBill(ctx, { caller: opts.caller, id: opts.id });
}

// --- charging a card bill -----------------------------------------------------------------------

/** Days after a failed charge before the next try; after the last, the holder pays another way. */
export const RETRY_AFTER_DAYS = [1, 3, 7];

/** The people a bill is for: the holder account's own operators (not sub-admins), oldest first. */
async function holderContacts(db: TDbOrTx, accountId: string) {
  return db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNull(users.deletedAt), isNull(users.parentUserId)))
    .orderBy(asc(users.createdAt))
    .limit(1);
}

export async function defaultCard(db: TDbOrTx, accountId: string) {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.accountId, accountId),
        eq(paymentCards.isDefault, true),
        isNull(paymentCards.deletedAt),
      ),
    );
  return card ?? null;
}

/**
 * Charges a card bill with the holder's default card (or `cardId`, one of the holder's cards
 * chosen when paying by hand). UNPAID or FAILED bills move to
 * PROCESSING first (the attempt counted), then to PAID or FAILED by the provider's answer; a
 * PROCESSING bill (a crash between the two, a job retried) asks the provider again with the
 * same idempotency key, so it is never charged twice. A failure mails the holder and queues
 * the next try. Answers the bill's status afterwards.
 */
export async function chargeBill(
  ctx: TAppContext,
  opts: { billId: string; actorUserId?: string | null; resumeOnly?: boolean; cardId?: string },
): Promise<TBillStatus> {
  const provider = paymentProvider(ctx);
  const [bill] = await ctx.db.select().from(bills).where(eq(bills.id, opts.billId));
  if (!bill) throw notFound();
  let attempt = bill.chargeAttempts;
  if (bill.status === 'UNPAID' || bill.status === 'FAILED') {
    if (opts.resumeOnly && bill.status === 'FAILED' && attempt === 0) return 'FAILED';
    const moved = await ctx.db.transaction((tx) =>
      moveBill(tx, {
        billId: bill.id,
        move: bill.status === 'UNPAID' ? 'CHARGE' : 'RETRY',
        source: opts.actorUserId ? 'USER' : 'CHARGE',
        actorUserId: opts.actorUserId,
        set: {
          chargeAttempts: sql`${bills.chargeAttempts} + 1` as unknown as number,
          provider: provider.kind,
          method: 'CARD',
          failureMessage: null,
          failureCode: null,
          // This attempt's payment is not known yet: a late event of the last one must not move it.
          providerPaymentId: null,
        },
      }),
    );
    attempt = moved.chargeAttempts;
  } else if (bill.status !== 'PROCESSING') {
    return bill.status as TBillStatus;
  }

  const fail = async (code: string, message: string, paymentId: string | null) => {
    const retryDays = RETRY_AFTER_DAYS[attempt - 1];
    const retryAt = retryDays === undefined ? null : new Date(Date.now() + retryDays * 86_400_000);
    await ctx.db.transaction(async (tx) => {
      try {
        await moveBill(tx, {
          billId: bill.id,
          move: 'FAIL',
          source: 'CHARGE',
          reason: message,
          set: { failureMessage: message, failureCode: code, providerPaymentId: paymentId ?? undefined },
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return; // a webhook got there first
        throw error;
      }
      if (retryAt)
        await enqueueJob(tx, {
          kind: 'billing.charge',
          payload: { billId: bill.id, attempt: attempt + 1 },
          runAt: retryAt,
          dedupeKey: `billing.charge:${bill.id}:${attempt + 1}`,
        });
      await mailPaymentFailed(ctx, tx, { bill, code, retryAt });
    });
  };

  const card = opts.cardId
    ? ((
        await ctx.db
          .select()
          .from(paymentCards)
          .where(
            and(
              eq(paymentCards.id, opts.cardId),
              eq(paymentCards.accountId, bill.accountId),
              isNull(paymentCards.deletedAt),
            ),
          )
      )[0] ?? null)
    : await defaultCard(ctx.db, bill.accountId);
  const [account] = await ctx.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, bill.accountId));
  if (!card || !account?.providerCustomerId || card.provider !== provider.kind) {
    await fail('no_card', translate('billing.noCard', 'en'), null);
    return 'FAILED';
  }
  const result = await provider.charge({
    customerId: account.providerCustomerId,
    providerCardId: card.providerCardId,
    amount: bill.total,
    billId: bill.id,
    description: `${bill.number} (${bill.month.slice(0, 7)})`,
    idempotencyKey: `bill-${bill.id}-attempt-${attempt}`,
  });
  if (result.status === 'succeeded') {
    try {
      await ctx.db.transaction((tx) =>
        moveBill(tx, {
          billId: bill.id,
          move: 'SUCCEED',
          source: 'CHARGE',
          set: { paidAt: new Date(), providerPaymentId: result.paymentId },
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  } else if (result.status === 'failed') {
    await fail(result.code, result.message, result.paymentId);
  } else {
    await ctx.db
      .update(bills)
      .set({ providerPaymentId: result.paymentId, updatedAt: new Date() })
      .where(eq(bills.id, bill.id));
  }
  const [after] = await ctx.db.select({ status: bills.status }).from(bills).where(eq(bills.id, bill.id));
  return after!.status as TBillStatus;
}

/**
 * The holder pays a bill now (an unpaid bill, or a failed one) with its default card or the
 * saved card it chose (`cardId`: its own account's, else 404 like a card that does not exist),
 * which `makeDefault` also makes the default for the bills to come.
 */
export async function payBill(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; cardId?: string; makeDefault?: boolean },
) {
  const row = await visibleBill(ctx.db, opts.caller, opts.id);
  if (row.bill.accountId !== opts.caller.accountId) throw forbidden();
  if (row.bill.status !== 'UNPAID' && row.bill.status !== 'FAILED') throw moveNotAllowed();
  const provider = paymentProvider(ctx).kind;
  const [card] = opts.cardId
    ? await ctx.db
        .select()
        .from(paymentCards)
        .where(
          and(
            eq(paymentCards.id, opts.cardId),
            eq(paymentCards.accountId, opts.caller.accountId),
            eq(paymentCards.provider, provider),
            isNull(paymentCards.deletedAt),
          ),
        )
    : [await defaultCard(ctx.db, opts.caller.accountId)];
  if (opts.cardId && !card) throw new AppError(404, 'NOT_FOUND', 'billing.cardNotFound');
  if (!card) throw new AppError(400, 'VALIDATION_FAILED', 'billing.noCard');
  if (opts.makeDefault && !card.isDefault)
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(paymentCards)
        .set({ isDefault: false })
        .where(and(eq(paymentCards.accountId, opts.caller.accountId), eq(paymentCards.isDefault, true)));
      await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, card.id));
    });
  await chargeBill(ctx, { billId: opts.id, actorUserId: opts.caller.userId, cardId: card.id });
  return getBill(ctx, { caller: opts.caller, id: opts.id });
}

// --- mails -----------------------------------------------------------------------------------------

async function mailPaymentFailed(
  ctx: TAppContext,
  db: TDbOrTx,
  opts: { bill: typeof bills.$inferSelect; code: string; retryAt: Date | null },
) {
  const [to] = await holderContacts(db, opts.bill.accountId);
  if (!to) return;
  const lang = to.language as TUiLanguage;
  const params = {
    ...billMailFacts(opts.bill, lang, opts.retryAt),
    reason: translate(paymentFailureKey(opts.code), lang),
    url: `${ctx.config.publicUrl}/login`,
  };
  await ctx.mailer.send(
    {
      to: to.email,
      language: lang,
      subject: translate('billing.mailFailedSubject', lang, params),
      lines: [
        translate(opts.retryAt ? 'billing.mailFailedBody' : 'billing.mailFailedFinalBody', lang, params),
      ],
    },
    { db },
  );
}

/** The invoice mail of a new bill (queued by the monthly run in the bill's transaction). */
export async function mailInvoice(ctx: TAppContext, billId: string) {
  const [bill] = await ctx.db.select().from(bills).where(eq(bills.id, billId));
  if (!bill) return;
  const [to] = await holderContacts(ctx.db, bill.accountId);
  if (!to) return;
  const lang = to.language as TUiLanguage;
  const params = {
    ...billMailFacts(bill, lang),
    url: `${ctx.config.publicUrl}/login`,
  };
  await ctx.mailer.send({
    to: to.email,
    language: lang,
    subject: translate('billing.mailInvoiceSubject', lang, params),
    lines: [translate('billing.mailInvoiceBody', lang, params)],
  });
}

// --- invoices --------------------------------------------------------------------------------------

const LINE_LABELS: Record<string, Record<TUiLanguage, string>> = {
  PLAN: { ja: '月額利用料', en: 'Monthly plan fee', cn: '月费', kr: '월 이용료' },
  PAGE_VIEWS: { ja: 'PV超過料金', en: 'Page views beyond the limit', cn: '超出PV费用', kr: 'PV 초과 요금' },
  LICENSE: { ja: 'ライセンス発行料', en: 'License fee', cn: '许可证费', kr: '라이선스 발행료' },
  INITIAL_CREATIVE: {
    ja: '初期クリエイティブ制作費',
    en: 'Initial creative fee',
    cn: '初始创意制作费',
    kr: '초기 크리에이티브 제작비',
  },
};

/** What the invoice PDF of a bill shows, in the caller's language. */
export async function invoiceDocument(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; language: TUiLanguage },
): Promise<TInvoiceDocument & { fileName: string }> {
  const { bill } = await visibleBill(ctx.db, opts.caller, opts.id);
  const settings = await readSettings(ctx.db);
  const l = opts.language;
  const pvOver = Math.max(0, bill.pageViews - bill.pageViewLimit);
  const lines: TInvoiceDocument['lines'] = [
    { label: LINE_LABELS.PLAN![l], detail: `${bill.planName} (v${bill.planVersion})`, amount: bill.planFee },
    {
      label: LINE_LABELS.PAGE_VIEWS![l],
      detail: `${formatCount(bill.pageViews, l)} / ${formatCount(bill.pageViewLimit, l)} PV (+${formatCount(pvOver, l)})`,
      amount: bill.pageViewFee,
    },
  ];
  if (bill.licenseFee > 0) lines.push({ label: LINE_LABELS.LICENSE![l], amount: bill.licenseFee });
  if (bill.initialFee > 0) lines.push({ label: LINE_LABELS.INITIAL_CREATIVE![l], amount: bill.initialFee });
  return {
    fileName: `${bill.number}.pdf`,
    language: l,
    issuer: {
      name: settings.issuerName,
      address: settings.issuerAddress,
      registrationNumber: settings.registrationNumber,
    },
    recipient: { name: bill.recipientName },
    number: bill.number,
    invoiceDate: jstDate(bill.issuedAt),
    dueDate: bill.dueDate,
    month: bill.month.slice(0, 7),
    lines,
    subtotal: bill.subtotal,
    tax: bill.tax,
    total: bill.total,
    bank: {
      name: settings.bankName,
      branch: settings.bankBranch,
      accountType: settings.bankAccountType,
      accountNumber: settings.bankAccountNumber,
      holder: settings.bankAccountHolder,
    },
    notes: settings.notes,
    testMode: bill.provider ? bill.provider === 'TEST' : paymentProvider(ctx).testMode,
  };
}

/** For the CSV export: one row per bill. */
export function billsCsvRows(items: TBill[], lang: TUiLanguage) {
  const head =
    lang === 'ja'
      ? [
          '請求番号',
          'アカウント',
          '年月',
          'プラン',
          '使用ブロック',
          'PV',
          'プラン料金',
          'PV料金',
          'ライセンス料',
          '初期費用',
          '小計',
          '消費税',
          '合計',
          '支払方法',
          'ステータス',
          '発行日時',
          '支払期限',
          '入金日時',
        ]
      : [
          'Invoice number',
          'Account',
          'Month',
          'Plan',
          'Blocks used',
          'Page views',
          'Plan fee',
          'PV fee',
          'License fee',
          'Initial fee',
          'Subtotal',
          'Tax',
          'Total',
          'Method',
          'Status',
          'Issued',
          'Due',
          'Paid',
        ];
  return [
    head,
    ...items.map((b) => [
      b.number,
      b.accountName,
      formatCsvMonth(b.month),
      b.planName,
      b.blocksUsed,
      b.pageViews,
      b.planFee,
      b.pageViewFee,
      b.licenseFee,
      b.initialFee,
      b.subtotal,
      b.tax,
      b.total,
      b.method,
      b.status,
      formatCsvDateTime(b.issuedAt),
      formatCsvDate(b.dueDate),
      formatCsvDateTime(b.paidAt),
    ]),
  ];
}
