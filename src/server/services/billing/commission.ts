import { sql } from 'kysely';
import type { z } from 'zod';
import { commissionMonth, monthLabel, type CommissionMonth } from '../../../shared/commission.js';
import { formatINR, round2 } from '../../../shared/money.js';
import { COMMISSION_RATE } from '../../../shared/policy.js';
import type { recordCommissionPaymentInput } from '../../../shared/schemas/commission.js';
import type { Executor } from '../../db/repositories/accounts.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/**
 * A salon's commission per month of appointment: completed bookings and no-shows, what it took
 * (the ledger's gross), the platform's commission, what is paid (deducted from prepayments the
 * platform collected, plus payments recorded) and what is outstanding.
 */
async function statement(db: Executor, merchantId: string): Promise<CommissionMonth[]> {
  const { rows } = await sql<{ month: string; completed: number; no_shows: number; gross: string; commission: string; deducted: string }>`
    select to_char(b.booking_date, 'YYYY-MM') as month,
      count(*) filter (where b.status = 'completed')::int as completed,
      count(*) filter (where b.status = 'no_show')::int as no_shows,
      coalesce(sum(l.gross_amount), 0) as gross,
      coalesce(sum(l.commission), 0) as commission,
      coalesce(sum(l.commission) filter (where b.amount_paid > 0), 0) as deducted
    from bookings b
    left join commission_ledger l on l.booking_id = b.id
    where b.merchant_id = ${merchantId} and b.status in ('completed', 'no_show')
    group by 1`.execute(db);
  const payments = await sql<{ month: string; amount: string }>`
    select to_char(month, 'YYYY-MM') as month, sum(amount) as amount from commission_payments where merchant_id = ${merchantId} group by 1`.execute(db);
  const paidIn = new Map(payments.rows.map((p) => [p.month, Number(p.amount)]));
  const months = new Set([...rows.map((r) => r.month), ...paidIn.keys()]);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return [...months]
    .sort()
    .reverse()
    .map((month) => {
      const r = byMonth.get(month);
      return commissionMonth({
        month,
        completedBookings: r?.completed ?? 0,
        noShows: r?.no_shows ?? 0,
        gross: Number(r?.gross ?? 0),
        commission: Number(r?.commission ?? 0),
        deducted: Number(r?.deducted ?? 0),
        payments: paidIn.get(month) ?? 0,
      });
    });
}

export async function getCommission(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [months, payments] = await Promise.all([
    statement(deps.db, shop),
    deps.db.selectFrom('commission_payments').selectAll().where('merchant_id', '=', shop).orderBy('created_at', 'desc').limit(100).execute(),
  ]);
  const sum = (k: 'completedBookings' | 'noShows' | 'gross' | 'commission' | 'net' | 'paid' | 'outstanding') => round2(months.reduce((n, m) => n + m[k], 0));
  return {
    data: {
      rate: COMMISSION_RATE,
      months,
      totals: { completedBookings: sum('completedBookings'), noShows: sum('noShows'), gross: sum('gross'), commission: sum('commission'), net: sum('net'), paid: sum('paid'), outstanding: sum('outstanding') },
      payments: payments.map((p) => ({ _id: p.id, month: p.month.slice(0, 7), amount: Number(p.amount), reference: p.reference, createdAt: iso(p.created_at) })),
    },
  };
}

/**
 * An admin records commission a salon paid for a month (bank transfer, UPI). Never more than the
 * month's outstanding: the salon's row is locked first, so two admins recording at once cannot
 * together pay a month twice.
 */
export async function recordCommissionPayment(deps: AppDeps, actor: Actor, input: z.output<typeof recordCommissionPaymentInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const salon = await trx.selectFrom('merchants').select(['id', 'shop_name']).where('id', '=', input.merchantId).forUpdate().executeTakeFirst();
    if (!salon) throw notFound('Salon');
    const month = (await statement(trx, salon.id)).find((m) => m.month === input.month);
    const outstanding = month?.outstanding ?? 0;
    if (input.amount > outstanding) {
      throw new AppError('CONFLICT', `amount: ${formatINR(input.amount, { paise: true })} is more than the ${formatINR(outstanding, { paise: true })} outstanding for ${monthLabel(input.month)}`, 'amount');
    }
    const row = await trx
      .insertInto('commission_payments')
      .values({ merchant_id: salon.id, month: `${input.month}-01`, amount: input.amount, reference: input.reference, recorded_by: actor.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor.id, 'commission.payment', 'merchant', salon.id, { month: input.month, amount: input.amount, reference: input.reference, paymentId: row.id });
    return { success: true as const, message: `Recorded ${formatINR(input.amount, { paise: true })} from ${salon.shop_name} for ${monthLabel(input.month)}.` };
  });
}
