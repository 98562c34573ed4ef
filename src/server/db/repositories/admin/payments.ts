import { sql } from 'kysely';
import type { Executor } from '../../executor.js';

/* The commission ledger of all salons, for the admin. Money sums are rupees (numeric → number). */

export interface CommissionFilter {
  from?: string;
  to?: string;
  merchantId?: string;
  limit: number;
  offset: number;
}

export async function listCommissions(db: Executor, f: CommissionFilter) {
  let q = db
    .selectFrom('commission_ledger as cl')
    .innerJoin('bookings as b', 'b.id', 'cl.booking_id')
    .innerJoin('merchants as m', 'm.id', 'cl.merchant_id');
  if (f.merchantId) q = q.where('cl.merchant_id', '=', f.merchantId);
  if (f.from) q = q.where('b.booking_date', '>=', f.from);
  if (f.to) q = q.where('b.booking_date', '<=', f.to);
  const [rows, totals] = await Promise.all([
    q
      .select([
        'cl.id',
        'cl.booking_id',
        'cl.merchant_id',
        'cl.gross_amount',
        'cl.commission',
        'cl.merchant_earning',
        'cl.created_at',
        'b.booking_date',
        'm.shop_name',
        'm.city',
      ])
      .orderBy('cl.created_at', 'desc')
      .orderBy('cl.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(cl.gross_amount), 0)`.as('gross'),
        sql<number>`coalesce(sum(cl.commission), 0)`.as('commission'),
        sql<number>`coalesce(sum(cl.merchant_earning), 0)`.as('earning'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(totals.n),
    totals: {
      entries: Number(totals.n),
      grossAmount: Number(totals.gross),
      commission: Number(totals.commission),
      merchantEarning: Number(totals.earning),
    },
  };
}
