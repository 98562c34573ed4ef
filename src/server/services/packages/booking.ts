import { round2 } from '../../../shared/money.js';
import { HOLDING_KIND_LABELS, memberPricePaise, membershipCovers } from '../../../shared/packages.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/packages.js';
import { badRequest, forbidden } from '../../errors.js';
import { type Redemption, usableHolding } from './holdings.js';

/*
 * A holding applied to an online booking: the server prices it (docs/checkout-and-stock.md). A
 * package session covers one booked service it names; a membership's sessions do the same, else
 * its discount prices the services of its categories; a voucher pays what it can of the rest.
 * The session or rupees are taken in the booking's transaction (ledger row unique per booking),
 * and a cancelled booking gives them back once (restoreBookingRedemptions).
 */
export async function priceWithHolding(
  db: Executor,
  a: {
    holdingId: string;
    merchantId: string;
    userId: string | null;
    services: { id: string; price: number }[];
    /** What is due after a coupon, in rupees. */
    due: number;
    now: Date;
    paidOnline: boolean;
  },
): Promise<{ discount: number; take: Omit<Redemption, 'bookingId'> | null; label: string }> {
  if (!a.userId) throw badRequest('holdingId: sign in to use a package, membership or voucher', 'holdingId');
  if (a.paidOnline)
    throw badRequest('holdingId: with a package, membership or voucher, pay the rest at the salon or from the wallet', 'holdingId');
  const h = await usableHolding(db, a.holdingId, { merchantId: a.merchantId, accountId: a.userId }, a.now);
  if (h.account_id !== a.userId) throw forbidden('holdingId: this belongs to another customer');
  const label = HOLDING_KIND_LABELS[h.kind];
  const duePaise = Math.round(a.due * 100);
  if (h.kind === 'voucher') {
    const paise = Math.min(h.balance_paise, duePaise);
    if (paise <= 0) throw badRequest(`holdingId: ${h.name} has nothing left`, 'holdingId');
    return { discount: paise / 100, take: { holdingId: h.id, sessions: 0, paise, valuePaise: paise }, label };
  }
  const covered = a.services.find((s) => h.service_ids.includes(s.id));
  if (covered && h.sessions_left > 0) {
    const value = Math.round(covered.price * 100);
    return {
      discount: Math.min(value, duePaise) / 100,
      take: { holdingId: h.id, sessions: 1, paise: 0, valuePaise: value, serviceId: covered.id },
      label,
    };
  }
  if (h.kind === 'membership' && h.discount_percent > 0) {
    const categories = new Map(
      (
        await repo.salonServicesOf(
          db,
          a.merchantId,
          a.services.map((s) => s.id),
        )
      ).map((s) => [s.id, s.category_id]),
    );
    let off = 0;
    for (const s of a.services)
      if (membershipCovers(h.category_ids, categories.get(s.id) ?? null)) {
        const p = Math.round(s.price * 100);
        off += p - memberPricePaise(p, h.discount_percent);
      }
    if (off <= 0) throw badRequest(`holdingId: ${h.name} gives no discount on these services`, 'holdingId');
    return { discount: round2(Math.min(off, duePaise) / 100), take: null, label };
  }
  throw badRequest(
    h.sessions_left > 0 ? `holdingId: ${h.name} does not cover the services chosen` : `holdingId: no session left on ${h.name}`,
    'holdingId',
  );
}
