import { addMonths, jstMonth } from '@swipe/contracts/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { bills } from '../../db/schema/billing';
import { sites } from '../../db/schema/sites';
import { createAccount, createContract } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// The summary dashboard against rows written straight to the tables: sites, companies that come
// and go, and bills paid on either side of JST month boundaries. Numbers are compared as what the
// seeded rows add to the numbers before them (the demo seed has its own), for the platform and
// for an OEM, which never sees another OEM's tree.

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

const RANGE = `from=${M(3)}&to=${C}`;

type TSummaryJson = {
  totals: { sites: number; companies: number; mrr: number; arr: number; paid_plans: number };
  months: { month: string; sites_created: number; companies: number; mrr: number; paid_plans: number }[];
  plans: { name: string; count: number }[];
};

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
    })),
    plans: Object.fromEntries([...plans].filter(([, n]) => n !== 0)),
  };
}

const series = (values: Record<'sites_created' | 'companies' | 'mrr' | 'paid_plans', number[]>) =>
  [M(3), M(2), M(1), C].map((month, i) => ({
    month,
    sites_created: values.sites_created[i],
    companies: values.companies[i],
    mrr: values.mrr[i],
    paid_plans: values.paid_plans[i],
  }));

describe('summary dashboard', () => {
  it('counts sites, companies, MRR and paid plans per JST month, per tree', async () => {
    const { fixtures } = t;
    const masterBefore = await summaryOf('master@example.com');
    const oemBefore = await summaryOf('oem@example.com');
    expect(masterBefore.months.map((m) => m.month)).toEqual([M(3), M(2), M(1), C]);
    const standard = fixtures.plans.standard!.id;
    const premium = fixtures.plans.premium!.id;

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
    const c1 = await createContract(db, { accountId: a1.id, planId: standard });
    const c2 = await createContract(db, { accountId: a2.id, planId: premium });
    const c4 = await createContract(db, { accountId: a4.id, planId: standard });
    const c5 = await createContract(db, { accountId: a5.id, planId: standard });
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
    // A free plan's paid bill: no revenue, no paid plan.
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
    const cb = await createContract(db, { accountId: b1.id, planId: premium });
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
        mrr: [0, 30_000, 60_000, 110_000],
        paid_plans: [0, 1, 2, 3],
      }),
    );
    expect(oem.totals).toEqual({ sites: 5, companies: 4, mrr: 110_000, arr: 1_320_000, paid_plans: 3 });
    expect(oem.plans).toEqual({ Standard: 2, Premium: 1 });
    // OEM staff and the sub-admin under them see the same tree.
    expect(await summaryOf('oem-admin@example.com')).toEqual(await summaryOf('oem@example.com'));
    expect(await summaryOf('sub@example.com')).toEqual(await summaryOf('oem@example.com'));

    const master = added(masterBefore, await summaryOf('master@example.com'));
    expect(master.months).toEqual(
      series({
        sites_created: [0, 1, 3, 1],
        companies: [3, 5, 5, 5],
        mrr: [0, 30_000, 150_000, 180_000],
        paid_plans: [0, 1, 3, 4],
      }),
    );
    expect(master.totals).toEqual({ sites: 6, companies: 5, mrr: 180_000, arr: 2_160_000, paid_plans: 4 });
    expect(master.plans).toEqual({ Standard: 2, Premium: 1, Pro: 1 });

    // The last month's plans, most paid first; a range ending earlier reports that month.
    const after = await summaryOf('master@example.com');
    expect(after.plans.map((p) => p.count)).toEqual(
      [...after.plans.map((p) => p.count)].sort((a, b) => b - a),
    );
    const earlier = await summaryOf('oem@example.com', `from=${M(2)}&to=${M(1)}`);
    expect(earlier.months.map((m) => m.month)).toEqual([M(2), M(1)]);
    expect(earlier.totals.mrr).toBe(oemBefore.months[2]!.mrr + 60_000);
    expect(earlier.totals.arr).toBe(earlier.totals.mrr * 12);
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
