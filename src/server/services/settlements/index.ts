import type { z } from 'zod';
import { bookingReference } from '../../../shared/bookingReference.js';
import { formatINR, round2 } from '../../../shared/money.js';
import { CHANNEL_COMMISSION_RATE } from '../../../shared/policy.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { recordPayoutInput, SettlementLineWire, SettlementWire, settlementInput } from '../../../shared/schemas/settlements.js';
import { GATEWAY_FEE, SETTLEMENT_STATE_LABELS, settlementLine } from '../../../shared/settlement.js';
import { instantToZoned } from '../../../shared/slots.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import * as repo from '../../db/repositories/settlements.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/*
 * Settlement statements and payouts (docs/payments.md "Settlement"). Every figure comes from the
 * rows: the salon's paid booking payments, their refunds, the commission ledger and the payouts.
 */

const INDIA = 'Asia/Kolkata';

/** The India dates a statement covers: a month's first and last day, or the from–to given. */
export function periodOf(input: { month?: string; from?: string; to?: string }): { from: string; to: string } {
  if (input.month) {
    const [y, m] = input.month.split('-').map(Number);
    const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
    return { from: `${input.month}-01`, to: `${input.month}-${String(last).padStart(2, '0')}` };
  }
  return { from: input.from!, to: input.to! };
}

type Balance = SettlementWire['balance'];

function balanceOf(row: Pick<repo.SalonBalanceRow, 'settled_net' | 'held_net' | 'paid_out'> | undefined): Balance {
  const settledNet = round2(Number(row?.settled_net ?? 0));
  const paidOut = round2(Number(row?.paid_out ?? 0));
  return { settledNet, held: round2(Number(row?.held_net ?? 0)), paidOut, due: round2(settledNet - paidOut) };
}

function lineWire(r: repo.SettlementLineRow): SettlementLineWire {
  const collected = Number(r.amount);
  const fee = Number(r.fee);
  const feeTax = Number(r.fee_tax);
  const refunded = Number(r.refunded);
  const commission = Number(r.commission);
  const { net, state } = settlementLine({ collected, fee, feeTax, refunded, commission, bookingStatus: r.booking_status });
  return {
    paymentId: r.payment_id,
    bookingId: r.booking_id,
    bookingReference: bookingReference(r.booking_id),
    customer: r.customer || 'Customer',
    paidAt: iso(r.paid_at),
    appointment: { date: r.booking_date, time: r.booking_time },
    bookingStatus: r.booking_status,
    channel: r.channel,
    gateway: r.gateway,
    reference: r.reference,
    collected,
    walletPaid: Number(r.wallet_amount),
    fee,
    feeTax,
    feeReported: r.fee_reported,
    refunded,
    commission,
    net,
    state,
  };
}

async function statementFor(deps: AppDeps, merchantId: string, period: { from: string; to: string }): Promise<SettlementWire> {
  const [salon, rows, payouts, balances] = await Promise.all([
    findMerchantById(deps.db, merchantId),
    repo.settlementLines(deps.db, merchantId, period.from, period.to),
    repo.listPayouts(deps.db, merchantId, period),
    repo.salonBalances(deps.db, merchantId),
  ]);
  if (!salon) throw notFound('Salon');
  const lines = rows.map(lineWire);
  const sum = (f: (l: SettlementLineWire) => number, only?: (l: SettlementLineWire) => boolean) =>
    round2(lines.filter(only ?? (() => true)).reduce((n, l) => n + f(l), 0));
  return {
    merchantId,
    salonName: salon.shop_name,
    from: period.from,
    to: period.to,
    rates: {
      commission: CHANNEL_COMMISSION_RATE.marketplace,
      directCommission: CHANNEL_COMMISSION_RATE.direct,
      gatewayFee: GATEWAY_FEE.rate,
      gatewayFeeGst: GATEWAY_FEE.gstRate,
    },
    lines,
    totals: {
      payments: lines.length,
      collected: sum((l) => l.collected),
      fees: sum((l) => l.fee + l.feeTax),
      refunds: sum((l) => l.refunded),
      commission: sum((l) => l.commission),
      net: sum((l) => l.net),
      held: sum(
        (l) => l.net,
        (l) => l.state === 'held',
      ),
      payable: sum(
        (l) => l.net,
        (l) => l.state !== 'held',
      ),
    },
    payouts: payouts.map((p) => ({
      _id: p.id,
      amount: Number(p.amount),
      reference: p.reference,
      paidOn: p.paid_on,
      createdAt: iso(p.created_at),
    })),
    balance: balanceOf(balances[0]),
  };
}

/** A salon's settlement statement for a month or a from–to period (the owner's, or any salon's for an admin). */
export async function getSettlement(deps: AppDeps, actor: Actor, input: z.output<typeof settlementInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  return { data: await statementFor(deps, shop, periodOf(input)) };
}

/** A spreadsheet cell: text a spreadsheet would run as a formula is quoted as text. */
function cell(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The statement's lines as CSV (amounts in rupees, two decimals), then its totals and payouts. */
export function settlementCsv(s: SettlementWire): string {
  const money = (n: number) => n.toFixed(2);
  const header = [
    'Paid at (IST)',
    'Booking',
    'Appointment',
    'Customer',
    'Booking status',
    'Channel',
    'Gateway payment',
    'Collected (INR)',
    'Gateway fee (INR)',
    'GST on fee (INR)',
    'Fee',
    'Refunded (INR)',
    'Commission (INR)',
    'Net (INR)',
    'State',
  ];
  const rows: (string | number)[][] = s.lines.map((l) => {
    const at = instantToZoned(new Date(l.paidAt), INDIA);
    const hh = String(Math.floor(at.minutes / 60)).padStart(2, '0');
    const mm = String(at.minutes % 60).padStart(2, '0');
    return [
      `${at.date} ${hh}:${mm}`,
      l.bookingReference,
      `${l.appointment.date} ${l.appointment.time}`,
      l.customer,
      l.bookingStatus,
      l.channel,
      l.reference,
      money(l.collected),
      money(l.fee),
      money(l.feeTax),
      l.feeReported ? 'reported' : 'estimated',
      money(l.refunded),
      money(l.commission),
      money(l.net),
      SETTLEMENT_STATE_LABELS[l.state],
    ];
  });
  const t = s.totals;
  const blank = (n: number) => Array.from({ length: n }, () => '');
  rows.push([
    'Total',
    `${t.payments} payments`,
    ...blank(5),
    money(t.collected),
    money(round2(t.fees)),
    '',
    '',
    money(t.refunds),
    money(t.commission),
    money(t.net),
    `payable ${money(t.payable)}, held ${money(t.held)}`,
  ]);
  for (const p of s.payouts) rows.push([`${p.paidOn}`, 'Payout', ...blank(4), p.reference, ...blank(6), money(-p.amount), 'Paid out']);
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\n')}\n`;
}

export async function getSettlementCsv(deps: AppDeps, actor: Actor, input: z.output<typeof settlementInput>) {
  const { data } = await getSettlement(deps, actor, input);
  const slug =
    data.salonName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'salon';
  return { filename: `settlement-${slug}-${data.from}-to-${data.to}.csv`, csv: settlementCsv(data) };
}

/**
 * Every salon with payments or payouts, by name, a page at a time: what the platform owes it now,
 * held, and paid out (admin). The totals are of every salon, not the page.
 */
export async function getPayables(deps: AppDeps, input: { page: number; limit: number }) {
  const { rows, totals } = await repo.salonBalancesPage(deps.db, { limit: input.limit, offset: (input.page - 1) * input.limit });
  const salons = rows.map((r) => {
    const b = balanceOf(r);
    return {
      merchantId: r.merchant_id,
      salonName: r.shop_name,
      city: r.city,
      payments: r.payments,
      collected: round2(Number(r.collected)),
      settledNet: b.settledNet,
      held: b.held,
      paidOut: b.paidOut,
      due: b.due,
      lastPayoutOn: r.last_payout_on,
    };
  });
  const all = balanceOf(totals);
  return {
    data: {
      salons,
      totals: { due: all.due, held: all.held, paidOut: all.paidOut },
      paging: pagingOf(input.page, input.limit, totals.salons),
    },
  };
}

/**
 * An admin records money paid to a salon (bank transfer, UPI), at most what is due. The salon's row
 * is locked first, so two admins recording at once take turns and the second sees the first's
 * payout: together they never pay more than is due. The reference is unique: the same transfer
 * recorded again (a double click, a retry) answers the payout it made, once.
 */
export async function recordPayout(deps: AppDeps, actor: Actor, input: z.output<typeof recordPayoutInput>) {
  const today = instantToZoned(deps.now(), INDIA).date;
  if (input.paidOn > today) throw badRequest('paidOn: the transfer date cannot be in the future', 'paidOn');
  return deps.db.transaction().execute(async (trx) => {
    const salon = await repo.lockSalonForPayout(trx, input.merchantId);
    if (!salon) throw notFound('Salon');
    const earlier = await repo.findPayoutByReference(trx, input.reference);
    if (earlier) return samePayout(earlier, input, salon.shop_name);
    const [row] = await repo.salonBalances(trx, salon.id);
    const due = balanceOf(row).due;
    if (input.amount > due)
      throw new AppError(
        'CONFLICT',
        `amount: ${formatINR(input.amount, { paise: true })} is more than the ${formatINR(Math.max(due, 0), { paise: true })} due to ${salon.shop_name}`,
        'amount',
      );
    const payout = await repo.insertPayout(trx, {
      merchant_id: salon.id,
      amount: input.amount,
      reference: input.reference,
      paid_on: input.paidOn,
      recorded_by: actor.id,
    });
    // Another salon's payout took this reference at the same moment.
    if (!payout) return samePayout((await repo.findPayoutByReference(trx, input.reference))!, input, salon.shop_name);
    await recordAudit(trx, actor.id, 'settlement.payout', 'merchant', salon.id, {
      amount: input.amount,
      reference: input.reference,
      paidOn: input.paidOn,
      payoutId: payout.id,
    });
    return {
      success: true as const,
      created: true,
      message: `Recorded a payout of ${formatINR(input.amount, { paise: true })} to ${salon.shop_name} (${input.reference}).`,
      data: {
        _id: payout.id,
        amount: Number(payout.amount),
        reference: payout.reference,
        paidOn: input.paidOn,
        createdAt: iso(payout.created_at),
      },
    };
  });
}

/** The payout a reference already names: the same transfer answers it again; another one is a conflict. */
function samePayout(
  p: { id: string; merchant_id: string; amount: string | number; reference: string; paid_on: string | Date; created_at: Date },
  input: z.output<typeof recordPayoutInput>,
  salonName: string,
) {
  const paidOn = typeof p.paid_on === 'string' ? p.paid_on.slice(0, 10) : instantToZoned(p.paid_on, 'UTC').date;
  if (p.merchant_id !== input.merchantId || Number(p.amount) !== input.amount || paidOn !== input.paidOn)
    throw new AppError('CONFLICT', `reference: ${input.reference} was already recorded for another payout`, 'reference');
  return {
    success: true as const,
    created: false,
    message: `This payout of ${formatINR(input.amount, { paise: true })} to ${salonName} (${input.reference}) was already recorded.`,
    data: { _id: p.id, amount: Number(p.amount), reference: p.reference, paidOn, createdAt: iso(p.created_at) },
  };
}
