import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { lastDayOfMonth } from '@swipe/contracts/jst-format';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { bills } from '../../db/schema/billing';
import { contracts } from '../../db/schema/plans';
import { sites } from '../../db/schema/sites';
import { createAccount, createContract } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// The summary dashboard against rows written straight to the tables: sites, companies that come
// and go, contracts that start, change plan, end, are terminated or lose their account on either
// side of JST month ends, and bills paid, declined or still awaiting a transfer. Numbers are
// compared as what the seeded rows add to the numbers before them (the demo seed has its own),
// for the platform and for an OEM, which never sees another OEM's tree.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
});
afterAll(async () => t?.close());

const C = jstMonth();
const M = (n: number) => addMonths(C, -n);
/** An instant of `month` (YYYY-MM) in Japan time. */
const jst = (month: string, day: number, time = '12:00:00') =>
  new Date(`${month}-${String(day).padStart(2, '0')}T${time}+09:00`);
/** The last second of `month` in Japan. */
const lastSecond = (month: string) => new Date(jst(addMonths(month, 1), 1, '00:00:00').getTime() - 1000);
/** The last calendar day of `month` (YYYY-MM-DD). */
const lastDay = lastDayOfMonth;
/** What a test bill of `planFee` comes to, tax included (the helper below adds 500 yen of page views). */
const total = (planFee: number) => planFee + 500 + Math.floor(((planFee + 500) * 10) / 100);

const RANGE = `from=${M(3)}&to=${C}`;

type TFigures = {
  companies: number;
  mrr: number;
  paid_plans: number;
  cash_received: number;
};
type TSummaryJson = {
  totals: TFigures & { sites: number; arr: number };
  months: (TFigures & { month: string; sites_created: number })[];
  plans: { name: string; count: number }[];
};
type TMonthField = 'sites_created' | 'companies' | 'mrr' | 'paid_plans' | 'cash_received';

async function summaryOf(email: string, query = RANGE): Promise<TSummaryJson> {
  const res = await call(email, 'GET', `/api/dashboard/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function company(parentId: string, name: string, createdAt: Date, deletedAt?: Date) {
  const row = await createAccount(db, { type: 'COMPANY', name, parentId });
  await db
    .update(accounts)
    .set({ createdAt, deletedAt: deletedAt ?? null })
    .where(eq(accounts.id, row.id));
  return row;
}

async function site(accountId: string, createdAt: Date) {
  const row = await insertSite(db, { accountId });
  await db.update(sites).set({ createdAt }).where(eq(sites.id, row.id));
}

let billNumber = 0;
async function bill(
  contract: { id: string; accountId: string; planId: string },
  opts: { month: string; planName: string; planFee: number; status: string; paidAt?: Date },
) {
  billNumber += 1;
  await db.insert(bills).values({
    number: `INV-TEST-${String(billNumber).padStart(6, '0')}`,
    accountId: contract.accountId,
    contractId: contract.id,
    month: `${opts.month}-01`,
    planId: contract.planId,
    planName: opts.planName,
    planVersion: 1,
    recipientName: 'Test',
    pageViewLimit: 10_000,
    pageViewPrice: 1_000,
    planFee: opts.planFee,
    pageViewFee: 500,
    licenseFee: 0,
    initialFee: 0,
    subtotal: opts.planFee + 500,
    tax: Math.floor(((opts.planFee + 500) * 10) / 100),
    total: opts.planFee + 500 + Math.floor(((opts.planFee + 500) * 10) / 100),
    method: 'BANK_TRANSFER',
    status: opts.status,
    dueDate: `${addMonths(opts.month, 2)}-01`,
    paidAt: opts.paidAt ?? null,
  });
}

/** `after` minus `before`, field by field (totals and months), plans as counts by name. */
function added(before: TSummaryJson, after: TSummaryJson) {
  const plans = new Map(after.plans.map((p) => [p.name, p.count]));
  for (const p of before.plans) plans.set(p.name, (plans.get(p.name) ?? 0) - p.count);
  return {
    totals: Object.fromEntries(
      Object.entries(after.totals).map(([k, v]) => [k, v - before.totals[k as keyof TSummaryJson['totals']]]),
    ),
    months: after.months.map((m, i) => ({
      month: m.month,
      sites_created: m.sites_created - before.months[i]!.sites_created,
      companies: m.companies - before.months[i]!.companies,
      mrr: m.mrr - before.months[i]!.mrr,
      paid_plans: m.paid_plans - before.months[i]!.paid_plans,
      cash_received: m.cash_received - before.months[i]!.cash_received,
    })),
    plans: Object.fromEntries([...plans].filter(([, n]) => n !== 0)),
  };
}

const series = (values: Record<TMonthField, number[]>) =>
  [M(3), M(2), M(1), C].map((month, i) => ({
    month,
    sites_created: values.sites_created[i],
    companies: values.companies[i],
    mrr: values.mrr[i],
    paid_plans: values.paid_plans[i],
    cash_received: values.cash_received[i],
  }));

/** Some fields of each month of `added(...)`, in the range's order. */
const pick = <K extends TMonthField>(months: ReturnType<typeof added>['months'], fields: K[]) =>
  Object.fromEntries(fields.map((f) => [f, months.map((m) => m[f])])) as Record<K, number[]>;

describe('summary dashboard', () => {
  it('counts sites, companies, MRR, paid plans and cash received per JST month, per tree', async () => {
    const { fixtures } = t;
    const masterBefore = await summaryOf('master@example.com');
    const oemBefore = await summaryOf('oem@example.com');
    expect(masterBefore.months.map((m) => m.month)).toEqual([M(3), M(2), M(1), C]);
    const standard = fixtures.plans.standard!.id;
    const premium = fixtures.plans.premium!.id;
    const trial = fixtures.plans.trial!.id;
    // The contracts run from the current month: MRR and paid plans there; the bills below are of
    // earlier months and count as cash received in the month each was paid.
    const since = `${C}-01`;

    // The demo OEM's tree.
    const oemId = fixtures.accounts.oem.id;
    const a1 = await company(oemId, 'A1', jst(M(5), 10));
    const a2 = await company(oemId, 'A2', jst(M(1), 15));
    await company(oemId, 'A3 (gone)', jst(M(2), 10), jst(M(1), 10));
    const a4 = await company(oemId, 'A4 (trial)', jst(M(3), 5));
    const a5 = await company(oemId, 'A5', jst(M(4), 5));
    await site(a1.id, jst(M(5), 20)); // before the range: in the total only
    await site(a1.id, lastSecond(M(2))); // JST 23:59:59 on the last day: still that month
    await site(a1.id, jst(M(1), 1, '00:10:00')); // UTC still the month before
    await site(a2.id, jst(M(1), 20));
    await site(a2.id, jst(C, 1, '09:00:00'));
    const c1 = await createContract(db, { accountId: a1.id, planId: standard, startDate: since });
    const c2 = await createContract(db, { accountId: a2.id, planId: premium, startDate: since });
    const c4 = await createContract(db, { accountId: a4.id, planId: trial, startDate: since });
    const c5 = await createContract(db, { accountId: a5.id, planId: standard, startDate: since });
    await bill(c1, {
      month: M(3),
      planName: 'Standard',
      planFee: 30_000,
      status: 'PAID',
      paidAt: jst(M(2), 1, '00:30:00'),
    });
    await bill(c1, {
      month: M(2),
      planName: 'Standard',
      planFee: 30_000,
      status: 'PAID',
      paidAt: jst(M(1), 1, '00:10:00'),
    });
    await bill(c1, { month: M(1), planName: 'Standard', planFee: 30_000, status: 'UNPAID' });
    // A late payment of an old bill counts in the month it was paid.
    await bill(c1, {
      month: M(4),
      planName: 'Standard',
      planFee: 30_000,
      status: 'PAID',
      paidAt: jst(C, 1, '09:00:00'),
    });
    await bill(c2, {
      month: M(1),
      planName: 'Premium',
      planFee: 50_000,
      status: 'PAID',
      paidAt: jst(C, 1, '09:00:00'),
    });
    await bill(c2, { month: M(2), planName: 'Premium', planFee: 50_000, status: 'FAILED' });
    // A free plan: its bill of page views is cash, the plan neither MRR nor a paid plan.
    await bill(c4, { month: M(2), planName: 'Trial', planFee: 0, status: 'PAID', paidAt: jst(M(1), 3) });
    await bill(c4, { month: M(3), planName: 'Trial', planFee: 0, status: 'VOID' });
    await bill(c5, {
      month: M(2),
      planName: 'Standard',
      planFee: 30_000,
      status: 'PAID',
      paidAt: lastSecond(M(1)),
    });
    await bill(c5, {
      month: M(1),
      planName: 'Standard',
      planFee: 30_000,
      status: 'PAID',
      paidAt: jst(C, 1, '00:00:00'),
    });
    // Paid before the range: nowhere.
    await bill(c5, {
      month: M(5),
      planName: 'Standard',
      planFee: 30_000,
      status: 'PAID',
      paidAt: lastSecond(M(4)),
    });

    // Another OEM's tree, seen by the platform only.
    const rival = await createAccount(db, {
      type: 'OEM',
      name: 'Rival OEM',
      parentId: fixtures.accounts.platform.id,
    });
    const b1 = await company(rival.id, 'B1', jst(M(2), 2));
    await site(b1.id, jst(M(1), 2));
    const cb = await createContract(db, { accountId: b1.id, planId: premium, startDate: since });
    await bill(cb, { month: M(2), planName: 'Pro', planFee: 90_000, status: 'PAID', paidAt: jst(M(1), 5) });
    await bill(cb, {
      month: M(1),
      planName: 'Pro',
      planFee: 70_000,
      status: 'PAID',
      paidAt: jst(C, 1, '10:00:00'),
    });

    const oem = added(oemBefore, await summaryOf('oem@example.com'));
    expect(oem.months).toEqual(
      series({
        sites_created: [0, 1, 2, 1],
        companies: [3, 4, 4, 4],
        mrr: [0, 0, 0, 200_000],
        paid_plans: [0, 0, 0, 3],
        cash_received: [
          0,
          total(30_000),
          total(30_000) + total(0) + total(30_000),
          total(30_000) + total(50_000) + total(30_000),
        ],
      }),
    );
    expect(oem.totals).toEqual({
      sites: 5,
      companies: 4,
      mrr: 200_000,
      arr: 2_400_000,
      paid_plans: 3,
      cash_received: total(30_000) + total(50_000) + total(30_000),
    });
    expect(oem.plans).toEqual({ Standard: 2, Premium: 1 });
    // OEM staff and the sub-admin under them see the same tree.
    expect(await summaryOf('oem-admin@example.com')).toEqual(await summaryOf('oem@example.com'));
    expect(await summaryOf('sub@example.com')).toEqual(await summaryOf('oem@example.com'));

    const master = added(masterBefore, await summaryOf('master@example.com'));
    expect(master.months).toEqual(
      series({
        sites_created: [0, 1, 3, 1],
        companies: [3, 5, 5, 5],
        mrr: [0, 0, 0, 300_000],
        paid_plans: [0, 0, 0, 4],
        cash_received: [
          0,
          total(30_000),
          total(30_000) + total(0) + total(30_000) + total(90_000),
          total(30_000) + total(50_000) + total(30_000) + total(70_000),
        ],
      }),
    );
    expect(master.totals).toEqual({
      sites: 6,
      companies: 5,
      mrr: 300_000,
      arr: 3_600_000,
      paid_plans: 4,
      cash_received: total(30_000) + total(50_000) + total(30_000) + total(70_000),
    });
    expect(master.plans).toEqual({ Standard: 2, Premium: 2 });

    // The last month's plans, most first; a range ending earlier reports that month.
    const after = await summaryOf('master@example.com');
    expect(after.plans.map((p) => p.count)).toEqual(
      [...after.plans.map((p) => p.count)].sort((a, b) => b - a),
    );
    const earlier = await summaryOf('oem@example.com', `from=${M(2)}&to=${M(1)}`);
    expect(earlier.months.map((m) => m.month)).toEqual([M(2), M(1)]);
    expect(earlier.totals.mrr).toBe(oemBefore.months[2]!.mrr);
    expect(earlier.totals.cash_received).toBe(
      oemBefore.months[2]!.cash_received + total(30_000) + total(0) + total(30_000),
    );
    expect(earlier.totals.arr).toBe(earlier.totals.mrr * 12);
  });

  it('MRR is the plan fees of the contracts active at each month end, paid or not; ARR is twelve times it', async () => {
    const { fixtures } = t;
    const plan = (code: string) => fixtures.plans[code]!.id;
    const oemBefore = await summaryOf('oem@example.com');
    const masterBefore = await summaryOf('master@example.com');
    const oemId = fixtures.accounts.oem.id;
    const signed = async (
      name: string,
      code: string,
      startDate: string,
      opts: { endDate?: string; deletedAt?: Date; parentId?: string } = {},
    ) => {
      const holder = await company(opts.parentId ?? oemId, name, jst(M(9), 1), opts.deletedAt);
      const row = await createContract(db, { accountId: holder.id, planId: plan(code), startDate });
      if (opts.endDate)
        await db.update(contracts).set({ endDate: opts.endDate }).where(eq(contracts.id, row.id));
      return row;
    };

    // Billed by card, its last bill declined; the bill before still awaits its transfer: both
    // months keep its fee. Only the bill paid is cash, in the month it was paid.
    const declined = await signed('X1 declined', 'standard', `${M(5)}-10`);
    await bill(declined, {
      month: M(3),
      planName: 'Standard',
      planFee: 50_000,
      status: 'PAID',
      paidAt: jst(M(2), 3),
    });
    await bill(declined, { month: M(2), planName: 'Standard', planFee: 50_000, status: 'UNPAID' });
    await bill(declined, { month: M(1), planName: 'Standard', planFee: 50_000, status: 'FAILED' });
    // Starts on the last day of a month: active at its end, so that month counts.
    await signed('X2 starts on the last day', 'premium', lastDay(M(2)));
    // Ends on the last day of a month: counts that month, none after.
    await signed('X3 ends on the last day', 'standard', `${M(8)}-01`, { endDate: lastDay(M(3)) });
    // Ended before the range: nowhere.
    await signed('X4 ended before', 'standard', `${M(8)}-01`, { endDate: `${M(4)}-15` });
    // Terminated during a month: not active at its end.
    const terminated = await signed('X5 terminated', 'premium', `${M(6)}-01`);
    await db
      .update(contracts)
      .set({ status: 'TERMINATED', terminatedAt: jst(M(1), 10) })
      .where(eq(contracts.id, terminated.id));
    // A free plan: neither MRR nor a paid plan.
    await signed('X6 trial', 'trial', `${M(6)}-01`);
    // Switched from Standard to Premium on the 1st of a month (the pending plan applied).
    const switched = await signed('X7 upgraded', 'standard', `${M(5)}-01`);
    await db
      .update(contracts)
      .set({ pendingPlanId: plan('premium'), pendingPlanFrom: `${M(1)}-01` })
      .where(eq(contracts.id, switched.id));
    await db
      .update(contracts)
      .set({ planId: plan('premium'), pendingPlanId: null, pendingPlanFrom: null })
      .where(eq(contracts.id, switched.id));
    // Its account deleted during a month (00:00 JST on the 1st of the next: still there at the end).
    await signed('X8 deleted', 'light', `${M(6)}-01`, { deletedAt: jst(M(2), 5) });
    await signed('X8b deleted at the turn', 'light', `${M(6)}-01`, { deletedAt: jst(M(2), 1, '00:00:00') });
    // Suspended, still billed: it counts.
    const suspended = await signed('X9 suspended', 'light', `${M(4)}-01`);
    await db
      .update(contracts)
      .set({ status: 'SUSPENDED', suspendedAt: jst(M(2), 2) })
      .where(eq(contracts.id, suspended.id));
    // Another OEM's customer: the platform's figure only.
    const rival = await createAccount(db, {
      type: 'OEM',
      name: 'Rival OEM 2',
      parentId: fixtures.accounts.platform.id,
    });
    await signed('Y1 rival', 'pro', `${M(6)}-01`, { parentId: rival.id });

    const oem = added(oemBefore, await summaryOf('oem@example.com'));
    expect(pick(oem.months, ['mrr', 'paid_plans', 'cash_received'])).toEqual({
      //   X1       X2        X3      X5        X7       X8 X8b    X9
      mrr: [
        50_000 + 0 + 50_000 + 100_000 + 50_000 + 30_000 + 30_000 + 30_000,
        50_000 + 100_000 + 0 + 100_000 + 50_000 + 0 + 0 + 30_000,
        50_000 + 100_000 + 0 + 0 + 100_000 + 0 + 0 + 30_000,
        50_000 + 100_000 + 0 + 0 + 100_000 + 0 + 0 + 30_000,
      ],
      paid_plans: [7, 5, 4, 4],
      cash_received: [0, total(50_000), 0, 0],
    });
    expect(oem.totals).toMatchObject({ mrr: 280_000, arr: 280_000 * 12, paid_plans: 4, cash_received: 0 });
    expect(oem.plans).toEqual({ Standard: 1, Premium: 2, Light: 1 });

    const master = added(masterBefore, await summaryOf('master@example.com'));
    expect(pick(master.months, ['mrr', 'paid_plans'])).toEqual({
      mrr: [340_000 + 200_000, 330_000 + 200_000, 280_000 + 200_000, 280_000 + 200_000],
      paid_plans: [8, 6, 5, 5],
    });
    expect(master.totals).toMatchObject({ mrr: 480_000, arr: 480_000 * 12, paid_plans: 5 });
    expect(master.plans).toEqual({ Standard: 1, Premium: 2, Light: 1, Pro: 1 });
  });

  it('takes the current month and the twelve before it, nothing later or earlier, start before end', async () => {
    expect(
      (await call('master@example.com', 'GET', `/api/dashboard/summary?from=${M(12)}&to=${C}`)).statusCode,
    ).toBe(200);
    const error = async (query: string) => {
      const res = await call('master@example.com', 'GET', `/api/dashboard/summary?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await error(`from=${M(1)}&to=${addMonths(C, 1)}`)).toEqual([
      { field: 'to', message: 'A future month cannot be selected.' },
    ]);
    expect(await error(`from=${M(13)}&to=${C}`)).toEqual([
      { field: 'from', message: 'A month more than one year ago cannot be selected.' },
    ]);
    expect(await error(`from=${C}&to=${M(1)}`)).toEqual([
      { field: 'from', message: 'The start month must be on or before the end month.' },
    ]);
    expect((await error(`from=2026-13&to=${C}`))[0]).toMatchObject({ field: 'from' });
    expect((await error(`to=${C}`))[0]).toMatchObject({ field: 'from' });
    // In the caller's language.
    const ja = await call(
      'master@example.com',
      'GET',
      `/api/dashboard/summary?from=${C}&to=${M(1)}`,
      undefined,
      'ja',
    );
    expect(ja.json().errors[0].message).toBe('開始月は終了月以前を指定してください。');
  });

  it('is for the platform and OEM staff only', async () => {
    for (const email of ['user@example.com', 'direct@example.com'])
      expect((await call(email, 'GET', `/api/dashboard/summary?${RANGE}`)).statusCode, email).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/summary?${RANGE}` })).statusCode).toBe(
      401,
    );
  });
});
