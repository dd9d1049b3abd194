import { addMonths, monthsBetween } from '@swipe/contracts/billing';
import { minimumTermBills } from '@swipe/contracts/users';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDb } from '../../db/client';
import { accounts, users } from '../../db/schema/accounts';
import { bills } from '../../db/schema/billing';
import { contracts } from '../../db/schema/plans';
import { jstDate } from '../../platform/schedule';
import { createAccount, createContract, createUser, DEMO_PASSWORD } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';
import { completeBillingSettings } from './bill-fixtures';
import { billMonth, monthBounds, monthIsOver, previousMonth } from './bill-run';

// The 12-month minimum term at the month boundaries in Japan: a contract terminated (or whose
// account is deleted) before the end of its 12th month keeps its monthly bill through the month
// its term ends in, whatever hour it started or ended at; one ended later gets none after the
// month it ended in. Each contract is made at its JST instant, ended through the API at another,
// and billed by the monthly run at 00:00 JST on each 1st.

let t: TTestApp;
let db: TDb;
const LICENSE_FEE = 10_000;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await completeBillingSettings(db, { licenseFee: LICENSE_FEE });
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** 00:00 JST on the 1st of a month. */
const at = (month: string) => monthBounds(month).startsAt;
/** A JST wall-clock time as an instant: '2026-01-31 23:59' -> 2026-01-31T14:59Z. */
const jst = (local: string) => new Date(`${local.replace(' ', 'T')}:00+09:00`);

let serial = 0;
/**
 * A direct customer whose contract (12 months unless told, license issued) is made at the JST
 * instant `madeAt` with that day as its start, as the console's create form prefills it.
 */
async function customer(madeAt: Date, months = 12) {
  const name = `Boundary ${++serial}`;
  const account = await createAccount(db, {
    type: 'DIRECT',
    name,
    parentId: t.fixtures.accounts.platform.id,
  });
  const contract = await createContract(db, {
    accountId: account.id,
    planId: t.fixtures.plans.standard!.id,
    startDate: jstDate(madeAt),
    months,
  });
  await db.update(contracts).set({ licenseIssued: true }).where(eq(contracts.id, contract.id));
  const email = `boundary${serial}@example.com`;
  const user = await createUser(db, {
    accountId: account.id,
    email,
    name,
    role: 'MASTER_USER',
    adminRoleLabel: 'MAIN_CONTACT',
  });
  return { account, contract, user, email };
}

/** Runs `fn` with the server's clock at `instant` (Date only: timers and the database run on). */
async function atInstant<T>(instant: Date, fn: () => Promise<T>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** MASTER terminates the customer's contract at `instant` from the user screens. */
async function terminate(userId: string, instant: Date) {
  await atInstant(instant, async () => {
    const { access_token } = await t.login('master@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/contract/terminate`,
      headers: t.bearer(access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
}

/** Every month from January 2026 to April 2028 billed by the run at 00:00 JST on the next 1st. */
async function runEveryMonth() {
  for (const month of monthsBetween('2026-01', '2028-04'))
    await billMonth(db, month, at(addMonths(month, 1)));
}

const billsOf = (contractId: string) =>
  db.select().from(bills).where(eq(bills.contractId, contractId)).orderBy(asc(bills.month));
const monthsOf = async (contractId: string) => (await billsOf(contractId)).map((b) => b.month.slice(0, 7));

const plan = () => t.fixtures.plans.standard!;

describe('the minimum term', () => {
  const cases: {
    name: string;
    madeAt: Date;
    months?: number;
    endedAt: Date;
    billed: [string, string];
  }[] = [
    {
      name: 'started 00:00 JST on the 1st, terminated in month 1: billed 12 months, through the 12th',
      madeAt: jst('2026-02-01 00:00'),
      endedAt: jst('2026-02-10 12:00'),
      billed: ['2026-02', '2027-01'],
    },
    {
      name: 'started 23:59 JST on the last day, terminated at 23:59 JST at the end of month 1: billed through the month its term ends in (13 calendar months)',
      madeAt: jst('2026-01-31 23:59'),
      endedAt: jst('2026-02-28 23:59'),
      billed: ['2026-01', '2027-01'],
    },
    {
      name: 'terminated at 23:59 JST on the last day of month 11: the 12th month is still billed',
      madeAt: jst('2026-02-01 00:00'),
      endedAt: jst('2026-12-31 23:59'),
      billed: ['2026-02', '2027-01'],
    },
    {
      name: 'terminated at 00:00 JST on the 1st of month 12: that month is its last bill',
      madeAt: jst('2026-02-01 00:00'),
      endedAt: jst('2027-01-01 00:00'),
      billed: ['2026-02', '2027-01'],
    },
    {
      name: 'a 24-month contract terminated in month 1 is billed for the minimum term, not to its end date',
      madeAt: jst('2026-02-01 00:00'),
      months: 24,
      endedAt: jst('2026-02-01 00:01'),
      billed: ['2026-02', '2027-01'],
    },
    {
      name: 'terminated after month 12 (00:00 JST on the 1st of month 13): billed through that month, nothing after',
      madeAt: jst('2026-02-01 00:00'),
      months: 24,
      endedAt: jst('2027-02-01 00:00'),
      billed: ['2026-02', '2027-02'],
    },
    {
      name: 'terminated after month 12 at 23:59 JST on the last day of month 13: nothing after it',
      madeAt: jst('2026-01-31 23:59'),
      months: 24,
      endedAt: jst('2027-02-28 23:59'),
      billed: ['2026-01', '2027-02'],
    },
  ];
  const made: { c: (typeof cases)[number]; contractId: string; startDate: string; endDate: string }[] = [];

  beforeAll(async () => {
    for (const c of cases) {
      const { contract, user } = await customer(c.madeAt, c.months);
      await terminate(user.id, c.endedAt);
      made.push({ c, contractId: contract.id, startDate: contract.startDate, endDate: contract.endDate });
    }
    await runEveryMonth();
  }, 120_000);

  it('a contract made at 00:00 JST on the 1st starts that day; at 23:59 JST on the last day, that day', () => {
    expect(made[0]!.startDate).toBe('2026-02-01');
    expect(made[1]!.startDate).toBe('2026-01-31');
  });

  for (const [i, c] of cases.entries())
    it(c.name, async () => {
      const { contractId } = made[i]!;
      expect(await monthsOf(contractId)).toEqual(monthsBetween(...c.billed));
    });

  it('after the month it was terminated in, each bill is the plan fee alone (no license), tax on top', async () => {
    const { contractId } = made[0]!;
    const [first, second, ...rest] = await billsOf(contractId);
    // February, the month it was terminated in, is billed as it ran: plan and license.
    expect(first).toMatchObject({ month: '2026-02-01', planFee: plan().price, licenseFee: LICENSE_FEE });
    for (const bill of [second!, ...rest])
      expect(bill).toMatchObject({
        planFee: plan().price,
        licenseFee: 0,
        initialFee: 0,
        pageViewFee: 0,
        subtotal: plan().price,
        tax: Math.floor(plan().price / 10),
        status: 'UNPAID',
        method: 'BANK_TRANSFER',
      });
  });

  it('the termination dialog announces exactly the bills the run makes after the month it ended in', async () => {
    for (const { c, contractId, startDate, endDate } of made) {
      const announced = minimumTermBills({ startDate, endDate, planPrice: plan().price }, jstDate(c.endedAt));
      const after = (await monthsOf(contractId)).filter((m) => m > jstDate(c.endedAt).slice(0, 7));
      expect(after, c.name).toEqual(announced.months);
      expect(announced.total).toBe(after.length * plan().price);
    }
  });
});

describe('an account deleted within its minimum term', () => {
  it('keeps its monthly bills through the 12th month, listed for MASTER, while its people are erased', async () => {
    const { account, contract, user, email } = await customer(jst('2026-02-01 00:00'));
    await atInstant(jst('2026-03-05 10:00'), async () => {
      const { access_token } = await t.login(email);
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: t.bearer(access_token),
        payload: { password: DEMO_PASSWORD, confirmation: account.name },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    await runEveryMonth();
    expect(await monthsOf(contract.id)).toEqual(monthsBetween('2026-02', '2027-01'));

    // MASTER's billing list finds them under the account's name.
    const { access_token } = await t.login('master@example.com');
    const list = await t.app.inject({
      url: `/api/bills?account_id=${account.id}&page_size=100`,
      headers: t.bearer(access_token),
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data as { month: string; account_name: string }[];
    expect(listed.map((b) => b.month).sort()).toEqual(monthsBetween('2026-02', '2027-01'));
    expect(listed.every((b) => b.account_name === account.name)).toBe(true);

    // Otherwise gone as before: the account is deleted, its user erased, its contract terminated.
    const [gone] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(gone!.deletedAt).not.toBeNull();
    const [erased] = await db.select().from(users).where(eq(users.id, user.id));
    expect(erased).toMatchObject({ name: '', passwordHash: '' });
    expect(erased!.email).not.toBe(email);
    const [ended] = await db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(ended!.status).toBe('TERMINATED');
  });
});

describe('the run at the month boundary', () => {
  it('bills a month at 00:00 JST on the next 1st, not a second before', async () => {
    const { contract } = await customer(jst('2027-06-01 00:00'));
    const endOfJune = new Date(at('2027-07').getTime() - 1);
    expect(previousMonth(endOfJune)).toBe('2027-05');
    expect(monthIsOver('2027-06', endOfJune)).toBe(false);
    expect(previousMonth(at('2027-07'))).toBe('2027-06');
    await billMonth(db, previousMonth(endOfJune), endOfJune);
    expect(await monthsOf(contract.id)).toEqual([]);
    await billMonth(db, previousMonth(at('2027-07')), at('2027-07'));
    const [june] = await billsOf(contract.id);
    // Issued at that instant: its invoice date is 1 July in Japan (30 June in UTC).
    expect(june).toMatchObject({ month: '2027-06-01' });
    expect(jstDate(june!.issuedAt)).toBe('2027-07-01');
    expect(june!.issuedAt.toISOString()).toBe('2027-06-30T15:00:00.000Z');
  });
});
