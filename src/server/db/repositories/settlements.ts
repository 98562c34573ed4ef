import { type Insertable, sql } from 'kysely';
import { GATEWAY_FEE } from '../../../shared/settlement.js';
import type { Executor } from '../executor.js';
import type { SalonPayoutsTable } from '../types.js';

/*
 * Settlement statements and payouts (docs/payments.md "Settlement"). A statement's lines are the
 * salon's booking payments the gateway took (status paid; a late payment was never the salon's and
 * is refunded in full by the platform), each with its gateway fee (as reported, else estimated at
 * GATEWAY_FEE), its refunds (initiated or processed: money on its way back) and the commission the
 * ledger booked on its booking (commission_ledger, the one rule of docs/money.md).
 */

/** The estimated fee and its GST for a payment whose gateway reported none, in SQL (the same rounding as gatewayFee). */
const feeOf = (alias: string) =>
  sql<string>`coalesce(${sql.ref(`${alias}.fee`)}, round(${sql.ref(`${alias}.amount`)} * ${GATEWAY_FEE.rate}::numeric, 2))`;
const feeTaxOf = (alias: string) =>
  sql<string>`coalesce(${sql.ref(`${alias}.fee_tax`)}, round(round(${sql.ref(`${alias}.amount`)} * ${GATEWAY_FEE.rate}::numeric, 2) * ${GATEWAY_FEE.gstRate}::numeric, 2))`;
const refundedOf = (alias: string) =>
  sql<string>`coalesce((select sum(r.amount) from booking_refunds r where r.payment_id = ${sql.ref(`${alias}.id`)} and r.status <> 'failed'), 0)`;

export interface SettlementLineRow {
  payment_id: string;
  booking_id: string;
  customer: string;
  paid_at: Date;
  booking_date: string;
  booking_time: string;
  booking_status: string;
  channel: string;
  gateway: string;
  reference: string;
  amount: string;
  wallet_amount: string;
  fee: string;
  fee_tax: string;
  fee_reported: boolean;
  refunded: string;
  commission: string;
}

/** A salon's paid booking payments whose money was taken between two India dates (inclusive), oldest first. */
export async function settlementLines(db: Executor, merchantId: string, from: string, to: string): Promise<SettlementLineRow[]> {
  const { rows } = await sql<SettlementLineRow>`
    select p.id as payment_id, p.booking_id, trim(a.first_name || ' ' || a.last_name) as customer, p.paid_at,
      to_char(b.booking_date, 'YYYY-MM-DD') as booking_date, b.booking_time, b.status as booking_status, b.channel,
      p.gateway, p.reference, p.amount, p.wallet_amount,
      ${feeOf('p')} as fee, ${feeTaxOf('p')} as fee_tax, p.fee is not null as fee_reported,
      ${refundedOf('p')} as refunded,
      coalesce(l.commission, 0) as commission
    from booking_payments p
    join bookings b on b.id = p.booking_id
    join accounts a on a.id = p.user_id
    left join commission_ledger l on l.booking_id = p.booking_id
    where p.merchant_id = ${merchantId} and p.status = 'paid'
      and (p.paid_at at time zone 'Asia/Kolkata')::date between ${from}::date and ${to}::date
    order by p.paid_at, p.id`.execute(db);
  return rows;
}

export interface SalonBalanceRow {
  merchant_id: string;
  shop_name: string;
  city: string;
  payments: number;
  collected: string;
  /** Net of the payments whose booking is settled (completed, no-show, cancelled). */
  settled_net: string;
  /** Net of the payments whose appointment is still to come. */
  held_net: string;
  paid_out: string;
  last_payout_on: string | null;
}

/** The statement of salonBalances' rows (one salon's, or every salon's), before its order. */
function balancesOf(merchantId?: string) {
  return sql<SalonBalanceRow>`
    with lines as (
      select p.merchant_id, p.amount,
        p.amount - ${feeOf('p')} - ${feeTaxOf('p')} - ${refundedOf('p')} - coalesce(l.commission, 0) as net,
        b.status in ('completed', 'no_show', 'cancelled') as settled
      from booking_payments p
      join bookings b on b.id = p.booking_id
      left join commission_ledger l on l.booking_id = p.booking_id
      where p.status = 'paid' ${merchantId ? sql`and p.merchant_id = ${merchantId}` : sql``}
    ), sums as (
      select merchant_id, count(*)::int as payments, sum(amount) as collected,
        coalesce(sum(net) filter (where settled), 0) as settled_net, coalesce(sum(net) filter (where not settled), 0) as held_net
      from lines group by merchant_id
    ), paid as (
      select merchant_id, sum(amount) as paid_out, to_char(max(paid_on), 'YYYY-MM-DD') as last_payout_on
      from salon_payouts ${merchantId ? sql`where merchant_id = ${merchantId}` : sql``} group by merchant_id
    )
    select m.id as merchant_id, m.shop_name, m.city, coalesce(s.payments, 0) as payments, coalesce(s.collected, 0) as collected,
      coalesce(s.settled_net, 0) as settled_net, coalesce(s.held_net, 0) as held_net,
      coalesce(pd.paid_out, 0) as paid_out, pd.last_payout_on
    from merchants m
    left join sums s on s.merchant_id = m.id
    left join paid pd on pd.merchant_id = m.id
    where (s.merchant_id is not null or pd.merchant_id is not null) ${merchantId ? sql`and m.id = ${merchantId}` : sql``}`;
}

/**
 * Each salon's balance (or one salon's): the net of its settled payments to date, what is held,
 * and payouts made. The same line figures as settlementLines, summed in SQL.
 */
export async function salonBalances(db: Executor, merchantId?: string): Promise<SalonBalanceRow[]> {
  const { rows } = await sql<SalonBalanceRow>`${balancesOf(merchantId)} order by m.shop_name, m.id`.execute(db);
  return rows;
}

export interface SalonBalanceTotals {
  salons: number;
  settled_net: string;
  held_net: string;
  paid_out: string;
}

/**
 * One page of every salon's balance by name, and the sums of every salon (not the page), in one
 * statement so the page and its totals are of the same moment.
 */
export async function salonBalancesPage(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: SalonBalanceRow[]; totals: SalonBalanceTotals }> {
  const { rows } = await sql<SalonBalanceRow & { all_rows: number; all_settled_net: string; all_held_net: string; all_paid_out: string }>`
    with balances as (${balancesOf()}), everything as (
      select count(*)::int as all_rows, coalesce(sum(settled_net), 0) as all_settled_net,
        coalesce(sum(held_net), 0) as all_held_net, coalesce(sum(paid_out), 0) as all_paid_out
      from balances
    )
    select e.*, p.* from everything e
    left join lateral (select * from balances order by shop_name, merchant_id limit ${page.limit} offset ${page.offset}) p on true`.execute(
    db,
  );
  const first = rows[0];
  return {
    rows: rows.filter((r) => r.merchant_id !== null),
    totals: {
      salons: first?.all_rows ?? 0,
      settled_net: first?.all_settled_net ?? '0',
      held_net: first?.all_held_net ?? '0',
      paid_out: first?.all_paid_out ?? '0',
    },
  };
}

/** The salon's row, locked for the caller's transaction: payouts to one salon are recorded one at a time. */
export function lockSalonForPayout(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select(['id', 'shop_name']).where('id', '=', merchantId).forUpdate().executeTakeFirst();
}

/** Records a payout; null when its reference was recorded before (the same transfer). */
export function insertPayout(db: Executor, values: Insertable<SalonPayoutsTable>) {
  return db
    .insertInto('salon_payouts')
    .values(values)
    .onConflict((oc) => oc.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findPayoutByReference(db: Executor, reference: string) {
  return db.selectFrom('salon_payouts').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** A salon's payouts, newest first; with dates, those paid between two dates (inclusive). */
export function listPayouts(db: Executor, merchantId: string, range?: { from: string; to: string }) {
  return db
    .selectFrom('salon_payouts')
    .select(['id', 'amount', 'reference', sql<string>`to_char(paid_on, 'YYYY-MM-DD')`.as('paid_on'), 'created_at'])
    .where('merchant_id', '=', merchantId)
    .$if(Boolean(range), (q) => q.where('paid_on', '>=', range!.from).where('paid_on', '<=', range!.to))
    .orderBy('paid_on', 'desc')
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
}

/**
 * The fee a gateway reported for a payment, kept when the payment is taken, or filled in later
 * (a webhook after the browser's verify) where none was recorded yet.
 */
export async function recordPaymentFee(db: Executor, paymentId: string, fee: { fee: number; tax: number }): Promise<void> {
  await db
    .updateTable('booking_payments')
    .set({ fee: fee.fee, fee_tax: fee.tax })
    .where('id', '=', paymentId)
    .where('fee', 'is', null)
    .execute();
}
