import { INITIAL_CREATIVE_FEE, missingBillingSettings, PV_BLOCK } from '@swipe/contracts/billing';
import { lastDayOfMonth } from '@swipe/contracts/jst-format';
import { CONTRACT_MINIMUM_MONTHS } from '@swipe/contracts/users';
import { asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { billHolds, billingSettings } from '../../db/schema/billing';
import { JST_OFFSET_MS, jstDate } from '../../platform/schedule';

// The monthly run: every contract that ran during a month gets one bill for it, in one
// set-based statement (10,000 contracts in a few seconds), in one transaction with its first
// audit row and its jobs (the invoice mail; the charge of a card bill). Running it again makes
// nothing twice: one bill per contract and month (a unique index), so two processes racing on
// the 1st make each bill once.
//
// The minimum term: a contract runs at least 12 months and cannot be cancelled early, so a
// contract terminated (or an account deleted) before the end of its 12th month keeps getting its
// monthly bill, made the same way, every month through the one its minimum term ends in; the
// months after the termination carry no license fee (there is nothing left to license).
//
// A bank-transfer invoice must say whom to pay: while the billing settings lack the issuer, its
// registration number or the bank account, the run makes no bank-transfer bill and records the
// month in bill_holds instead; releaseHeldBills makes those bills once the settings are complete.

/** 'YYYY-MM' of the JST month before `now`. */
export function previousMonth(now: Date) {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** The first and last day of a 'YYYY-MM' month, and the instant it starts in Japan. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const last = lastDayOfMonth(month);
  const startsAt = new Date(Date.UTC(y, m - 1, 1) - JST_OFFSET_MS);
  const endsAt = new Date(Date.UTC(y, m, 1) - JST_OFFSET_MS);
  return { first, last, startsAt, endsAt };
}

/** Whether a month has ended in Japan (only those are billed). */
export const monthIsOver = (month: string, now: Date) => monthBounds(month).endsAt.getTime() <= now.getTime();

/**
 * Bills `month` for every contract that ran in it and has no bill for it yet; answers how many
 * bills were made. A bill of nothing (a free trial within its page views) is not made.
 */
export async function billMonth(db: TDb, month: string, now = new Date()): Promise<number> {
  return (await runMonth(db, month, now)).created;
}

/** Bills `month` as billMonth does; also answers how many bank-transfer bills were held. */
export async function runMonth(db: TDb, month: string, now = new Date()) {
  const { first, last, startsAt } = monthBounds(month);
  const yyyymm = month.replace('-', '');
  // The statement joins thousands of contracts to their page views and sites: with stale
  // statistics (a database that never analysed them, like the embedded one) the planner picks
  // nested loops and 10,000 contracts take half a minute instead of half a second.
  try {
    await db.execute(
      sql`analyze contracts, accounts, account_page_views, sites, bills, contract_plan_periods, billing_accounts, payment_cards`,
    );
  } catch {
    // Not the tables' owner: the statistics autovacuum keeps will do.
  }
  return db.transaction(async (tx) => {
    const [settings] = await tx.select().from(billingSettings);
    const licenseFee = settings?.licenseFee ?? 0;
    // Whether a bank-transfer invoice can be issued: it names the issuer and the account to pay.
    const invoiceable = settings ? missingBillingSettings(settings).length === 0 : false;
    const termDays = settings?.paymentTermDays ?? 30;
    const due = jstDate(new Date(now.getTime() + termDays * 86_400_000));
    const result = await tx.execute<{ created: number }>(sql`
      with eligible as (
        select c.id as contract_id, c.account_id, c.initial_creative_fee, a.name as account_name,
          -- License issuance ends with the contract: none after the month it was terminated in.
          c.license_issued and (c.terminated_at is null
            or c.terminated_at >= ${startsAt.toISOString()}::timestamptz) as license_issued,
          coalesce(
            (select p.plan_id from contract_plan_periods p
              where p.contract_id = c.id and p.valid_from <= ${last}::date order by p.valid_from desc limit 1),
            (select p.plan_id from contract_plan_periods p where p.contract_id = c.id order by p.valid_from limit 1),
            c.plan_id) as plan_id,
          not exists (select 1 from bills b where b.contract_id = c.id) as first_bill
        from contracts c join accounts a on a.id = c.account_id
        where c.start_date <= ${last}::date and c.end_date >= ${first}::date
          -- Running in the month, or terminated before it (a deleted account's contract too)
          -- while its minimum term still runs: the last day of the term, start + 12 months - 1
          -- day, is on or after the month's first (as minimumContractEnd; only its month counts).
          and (c.terminated_at is null or c.terminated_at >= ${startsAt.toISOString()}::timestamptz
            or c.start_date + make_interval(months => ${CONTRACT_MINIMUM_MONTHS}) - interval '1 day' >= ${first}::date)
          and not exists (select 1 from bills b where b.contract_id = c.id and b.month = ${first}::date)
      ),
      -- Each account that has page views or sites, with the contract its usage counts against:
      -- the nearest account on its path (itself included) that holds a contract.
      holders as (
        select x.id as account_id,
          (select hc.account_id
             from unnest(string_to_array(trim(both '/' from x.path), '/')) with ordinality as t(aid, i)
             join contracts hc on hc.account_id = t.aid::uuid
            order by t.i desc limit 1) as holder_id
        from accounts x
        where x.id in (select account_id from account_page_views where month = ${first}::date)
           or x.id in (select account_id from sites)
      ),
      pv as (
        select h.holder_id, sum(v.views)::bigint as views
        from account_page_views v join holders h on h.account_id = v.account_id
        where v.month = ${first}::date group by h.holder_id
      ),
      blocks as (
        select h.holder_id, sum(s.pages)::bigint as blocks
        from sites s join holders h on h.account_id = s.account_id group by h.holder_id
      ),
      priced as (
        select e.contract_id, e.account_id, e.account_name, e.plan_id, pl.name as plan_name,
          pl.version as plan_version, pl.limit_access, pl.limit_access_price,
          coalesce(pv.views, 0)::int as views, coalesce(bl.blocks, 0)::int as blocks,
          pl.price as plan_fee,
          (ceil(greatest(0, coalesce(pv.views, 0) - pl.limit_access)::numeric / ${PV_BLOCK}) * pl.limit_access_price)::int as pv_fee,
          case when e.license_issued then ${licenseFee}::int else 0 end as license_fee,
          case when e.initial_creative_fee and e.first_bill then ${INITIAL_CREATIVE_FEE}::int else 0 end as initial_fee,
          case when ba.method = 'CARD' and exists (
            select 1 from payment_cards pc
            where pc.account_id = e.account_id and pc.is_default and pc.deleted_at is null
          ) then 'CARD' else 'BANK_TRANSFER' end as method
        from eligible e
        join plans pl on pl.id = e.plan_id
        left join pv on pv.holder_id = e.account_id
        left join blocks bl on bl.holder_id = e.account_id
        left join billing_accounts ba on ba.account_id = e.account_id
      ),
      totalled as (
        select *, plan_fee + pv_fee + license_fee + initial_fee as subtotal from priced
      ),
      issuable as (
        select * from totalled where subtotal > 0 and (method = 'CARD' or ${invoiceable}::boolean)
      ),
      inserted as (
        insert into bills (number, account_id, contract_id, month, plan_id, plan_name, plan_version,
          recipient_name, blocks_used, page_views, page_view_limit, page_view_price, plan_fee,
          page_view_fee, license_fee, initial_fee, subtotal, tax, total, method, issued_at, due_date)
        select 'INV-' || ${yyyymm} || '-' || lpad(nextval('bill_number_seq')::text, 6, '0'),
          account_id, contract_id, ${first}::date, plan_id, plan_name, plan_version, account_name,
          blocks, views, limit_access, limit_access_price, plan_fee, pv_fee, license_fee, initial_fee,
          subtotal, (subtotal * 10 / 100), subtotal + (subtotal * 10 / 100), method,
          ${now.toISOString()}::timestamptz, ${due}::date
        from (select * from issuable order by account_name, contract_id) ordered
        on conflict (contract_id, month) do nothing
        returning id, method
      ),
      trail as (
        insert into bill_events (bill_id, from_status, to_status, source)
        select id, null, 'UNPAID', 'RUN' from inserted
        returning 1
      ),
      mails as (
        insert into jobs (kind, payload, dedupe_key)
        select 'billing.invoice-mail', jsonb_build_object('billId', id), 'billing.invoice-mail:' || id
        from inserted
        returning 1
      ),
      charges as (
        insert into jobs (kind, payload, dedupe_key)
        select 'billing.charge', jsonb_build_object('billId', id, 'attempt', 1), 'billing.charge:' || id || ':1'
        from inserted where method = 'CARD'
        returning 1
      )
      select (select count(*) from inserted)::int as created,
        (select count(*) from totalled where subtotal > 0 and method = 'BANK_TRANSFER' and not ${invoiceable}::boolean)::int as held,
        (select count(*) from trail)::int + (select count(*) from mails)::int + (select count(*) from charges)::int as queued`);
    const row = result.rows[0] as { created: number; held: number };
    const held = Number(row.held);
    if (held > 0)
      await tx
        .insert(billHolds)
        .values({ month: first, contracts: held, heldAt: now })
        .onConflictDoUpdate({ target: billHolds.month, set: { contracts: held, heldAt: now } });
    else await tx.delete(billHolds).where(eq(billHolds.month, first));
    return { created: Number(row.created), held };
  });
}

/**
 * Once the billing settings are complete, bills every held month (oldest first), issued now;
 * answers how many bills were made. Nothing while they are still incomplete.
 */
export async function releaseHeldBills(db: TDb, now = new Date()) {
  const [settings] = await db.select().from(billingSettings);
  if (!settings || missingBillingSettings(settings).length > 0) return 0;
  const holds = await db.select({ month: billHolds.month }).from(billHolds).orderBy(asc(billHolds.month));
  let created = 0;
  for (const hold of holds) {
    const result = await runMonth(db, hold.month.slice(0, 7), now);
    if (result.held > 0) break; // the settings are incomplete again
    created += result.created;
  }
  return created;
}
