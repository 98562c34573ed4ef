import type { Insertable } from 'kysely';
import { pointsFor, refundOf } from '../../../shared/loyalty.js';
import { formatINR, round2 } from '../../../shared/money.js';
import type { Executor } from '../../db/executor.js';
import {
  bookingsAwardedPoints,
  bookingWalletEntry,
  insertLoyaltyEntries,
  insertWalletEntry,
  lockAccount,
  lockAccounts,
  loyaltyBalance,
  loyaltyBalances,
  markBookingPaidFromWallet,
  walletBalance,
} from '../../db/repositories/wallet.js';
import type { LoyaltyLedgerTable, WalletLedgerTable } from '../../db/types.js';
import { badRequest } from '../../errors.js';

/*
 * The wallet and the loyalty points are ledgers: rows are only appended, each with the balance
 * after it, computed while the account row is locked, so concurrent writes of one account queue up
 * and the balance can never go below zero (a CHECK in the database says so too).
 */

export interface WalletEntry {
  accountId: string;
  amount: number;
  kind: WalletLedgerTable['kind'];
  description: string;
  bookingId?: string | null;
  giftCardId?: string | null;
  /** When it happened, for history written after the fact (the demo data); now otherwise. */
  at?: Date;
}

/** Appends to the wallet; a booking's payment or refund is written once (a repeat is a no-op). */
export async function appendWallet(trx: Executor, e: WalletEntry, field = 'amount'): Promise<number> {
  await lockAccount(trx, e.accountId);
  if (e.bookingId) {
    const done = await bookingWalletEntry(trx, e.kind, e.bookingId);
    if (done) return Number(done.balance_after);
  }
  const balance = await walletBalance(trx, e.accountId);
  const after = round2(balance + e.amount);
  if (after < 0) {
    throw badRequest(`${field}: your wallet has ${formatINR(balance)}, not enough for ${formatINR(-e.amount)}`, field);
  }
  await insertWalletEntry(trx, {
    account_id: e.accountId,
    amount: round2(e.amount),
    balance_after: after,
    kind: e.kind,
    booking_id: e.bookingId ?? null,
    gift_card_id: e.giftCardId ?? null,
    description: e.description,
    ...(e.at ? { created_at: e.at } : {}),
  });
  return after;
}

export interface PointsEntry {
  accountId: string;
  points: number;
  kind: LoyaltyLedgerTable['kind'];
  description: string;
  couponId?: string | null;
}

/** Appends to the points (a booking's points go through awardBookingPointsAll, once per booking). */
export async function appendPoints(trx: Executor, e: PointsEntry): Promise<number> {
  await lockAccount(trx, e.accountId);
  const balance = await loyaltyBalance(trx, e.accountId);
  const after = balance + e.points;
  if (after < 0) throw badRequest(`points: you have ${balance} points, ${-e.points} are needed`, 'points');
  await insertLoyaltyEntries(trx, [
    {
      account_id: e.accountId,
      points: e.points,
      balance_after: after,
      kind: e.kind,
      coupon_id: e.couponId ?? null,
      description: e.description,
    },
  ]);
  return after;
}

interface CompletedBooking {
  userId: string;
  bookingId: string;
  total: number;
  salonName: string;
  /** When the visit was completed, for history written after the fact; now otherwise. */
  at?: Date;
}

/**
 * Loyalty points for completed bookings, each once, in their order, in four statements whatever
 * their number (the demo data's history; one by one, each took four round trips): the accounts
 * are locked, bookings already awarded are skipped, and each entry's balance runs on from the
 * account's last. awardBookingPoints is this for one booking.
 */
export async function awardBookingPointsAll(trx: Executor, list: CompletedBooking[]): Promise<void> {
  const due = list.map((b) => ({ ...b, points: pointsFor(b.total) })).filter((b) => b.points > 0);
  if (!due.length) return;
  const accounts = [...new Set(due.map((b) => b.userId))];
  await lockAccounts(trx, accounts);
  // A booking earns its points once, here too when the list names it twice.
  const done = await bookingsAwardedPoints(
    trx,
    due.map((b) => b.bookingId),
  );
  const balances = await loyaltyBalances(trx, accounts);
  const rows: Insertable<LoyaltyLedgerTable>[] = [];
  for (const b of due) {
    if (done.has(b.bookingId)) continue;
    done.add(b.bookingId);
    const after = balances.get(b.userId)! + b.points;
    balances.set(b.userId, after);
    rows.push({
      account_id: b.userId,
      points: b.points,
      balance_after: after,
      kind: 'booking_completed',
      booking_id: b.bookingId,
      description: `Visit to ${b.salonName}`,
      ...(b.at ? { created_at: b.at } : {}),
    });
  }
  // The ids (a sequence) keep the list's order, which the balances follow.
  if (rows.length) await insertLoyaltyEntries(trx, rows);
}

/** Pays a booking from the wallet, in the booking's transaction. */
export async function payBookingFromWallet(
  trx: Executor,
  b: { userId: string; bookingId: string; total: number; salonName: string },
): Promise<void> {
  if (b.total <= 0) return;
  await appendWallet(
    trx,
    { accountId: b.userId, amount: -b.total, kind: 'booking_payment', bookingId: b.bookingId, description: `Booking at ${b.salonName}` },
    'paymentMethod',
  );
  await markBookingPaidFromWallet(trx, b.bookingId, b.total);
}

/**
 * A cancelled prepaid booking returns the refund tier's share of what was paid to the wallet, in
 * the cancellation's transaction. Returns the amount credited (0 for bookings paid at the salon).
 */
export async function refundBookingToWallet(
  trx: Executor,
  b: { userId: string; bookingId: string; amountPaid: number; refundPercent: number; salonName: string; at?: Date },
): Promise<number> {
  const credit = refundOf(b.amountPaid, b.refundPercent);
  if (credit <= 0) return 0;
  await appendWallet(trx, {
    accountId: b.userId,
    amount: credit,
    kind: 'refund',
    bookingId: b.bookingId,
    description: `Refund (${b.refundPercent}%) for the cancelled booking at ${b.salonName}`,
    at: b.at,
  });
  return credit;
}

/** Loyalty points for a completed booking, once; returns the points the booking earns. */
export async function awardBookingPoints(trx: Executor, b: CompletedBooking): Promise<number> {
  await awardBookingPointsAll(trx, [b]);
  return pointsFor(b.total);
}
