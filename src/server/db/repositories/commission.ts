import { sql } from 'kysely';
import type { Executor } from '../executor.js';

/** A salon's settled bookings per month of appointment: completed and no-shows, and their ledger sums. */
export async function commissionByMonth(db: Executor, merchantId: string) {
  const { rows } = await sql<{
    month: string;
    completed: number;
    direct: number;
    no_shows: number;
    gross: string;
    commission: string;
    deducted: string;
  }>`
    select to_char(b.booking_date, 'YYYY-MM') as month,
      count(*) filter (where b.status = 'completed')::int as completed,
      count(*) filter (where b.status = 'completed' and b.channel = 'direct')::int as direct,
      count(*) filter (where b.status = 'no_show')::int as no_shows,
      coalesce(sum(l.gross_amount), 0) as gross,
      coalesce(sum(l.commission), 0) as commission,
      coalesce(sum(l.commission) filter (where b.amount_paid > 0), 0) as deducted
    from bookings b
    left join commission_ledger l on l.booking_id = b.id
    where b.merchant_id = ${merchantId} and b.status in ('completed', 'no_show')
    group by 1`.execute(db);
  return rows;
}

/** Commission a salon paid, summed per month it was paid for. */
export async function commissionPaidByMonth(db: Executor, merchantId: string) {
  const { rows } = await sql<{ month: string; amount: string }>`
    select to_char(month, 'YYYY-MM') as month, sum(amount) as amount from commission_payments where merchant_id = ${merchantId} group by 1`.execute(
    db,
  );
  return rows;
}

export function listCommissionPayments(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('commission_payments')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The salon, locked for the caller's transaction (payments for it wait their turn). */
export function lockSalonForPayment(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select(['id', 'shop_name']).where('id', '=', merchantId).forUpdate().executeTakeFirst();
}

export function insertCommissionPayment(
  db: Executor,
  v: { merchantId: string; month: string; amount: number; reference: string; recordedBy: string },
) {
  return db
    .insertInto('commission_payments')
    .values({ merchant_id: v.merchantId, month: `${v.month}-01`, amount: v.amount, reference: v.reference, recorded_by: v.recordedBy })
    .returning('id')
    .executeTakeFirstOrThrow();
}
