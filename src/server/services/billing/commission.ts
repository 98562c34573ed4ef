import type { z } from 'zod';
import { type CommissionMonth, commissionMonth, monthLabel } from '../../../shared/commission.js';
import { formatINR, round2 } from '../../../shared/money.js';
import { CHANNEL_COMMISSION_RATE } from '../../../shared/policy.js';
import type { recordCommissionPaymentInput } from '../../../shared/schemas/commission.js';
import type { Executor } from '../../db/executor.js';
import { recordAudit } from '../../db/repositories/audit.js';
import {
  commissionByMonth,
  commissionPaidByMonth,
  insertCommissionPayment,
  listCommissionPayments,
  lockSalonForPayment,
} from '../../db/repositories/commission.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/**
 * A salon's commission per month of appointment: completed bookings and no-shows, what it took
 * (the ledger's gross), the platform's commission, what is paid (deducted from prepayments the
 * platform collected, plus payments recorded) and what is outstanding.
 */
async function statement(db: Executor, merchantId: string): Promise<CommissionMonth[]> {
  const [rows, payments] = await Promise.all([commissionByMonth(db, merchantId), commissionPaidByMonth(db, merchantId)]);
  const paidIn = new Map(payments.map((p) => [p.month, Number(p.amount)]));
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
        directBookings: r?.direct ?? 0,
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
  const [months, payments] = await Promise.all([statement(deps.db, shop), listCommissionPayments(deps.db, shop, 100)]);
  const sum = (k: 'completedBookings' | 'directBookings' | 'noShows' | 'gross' | 'commission' | 'net' | 'paid' | 'outstanding') =>
    round2(months.reduce((n, m) => n + m[k], 0));
  return {
    data: {
      rate: CHANNEL_COMMISSION_RATE.marketplace,
      directRate: CHANNEL_COMMISSION_RATE.direct,
      months,
      totals: {
        completedBookings: sum('completedBookings'),
        directBookings: sum('directBookings'),
        noShows: sum('noShows'),
        gross: sum('gross'),
        commission: sum('commission'),
        net: sum('net'),
        paid: sum('paid'),
        outstanding: sum('outstanding'),
      },
      payments: payments.map((p) => ({
        _id: p.id,
        month: p.month.slice(0, 7),
        amount: Number(p.amount),
        reference: p.reference,
        createdAt: iso(p.created_at),
      })),
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
    const salon = await lockSalonForPayment(trx, input.merchantId);
    if (!salon) throw notFound('Salon');
    const month = (await statement(trx, salon.id)).find((m) => m.month === input.month);
    const outstanding = month?.outstanding ?? 0;
    if (input.amount > outstanding) {
      throw new AppError(
        'CONFLICT',
        `amount: ${formatINR(input.amount, { paise: true })} is more than the ${formatINR(outstanding, { paise: true })} outstanding for ${monthLabel(input.month)}`,
        'amount',
      );
    }
    const row = await insertCommissionPayment(trx, {
      merchantId: salon.id,
      month: input.month,
      amount: input.amount,
      reference: input.reference,
      recordedBy: actor.id,
    });
    await recordAudit(trx, actor.id, 'commission.payment', 'merchant', salon.id, {
      month: input.month,
      amount: input.amount,
      reference: input.reference,
      paymentId: row.id,
    });
    return {
      success: true as const,
      message: `Recorded ${formatINR(input.amount, { paise: true })} from ${salon.shop_name} for ${monthLabel(input.month)}.`,
    };
  });
}
