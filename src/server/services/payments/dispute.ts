import type { z } from 'zod';
import { formatINR } from '../../../shared/money.js';
import type { upholdNoShowDisputeInput } from '../../../shared/schemas/paymentPolicy.js';
import { findAccountById } from '../../db/repositories/accounts.js';
import { findFeedback, updateFeedback } from '../../db/repositories/admin/support.js';
import { findBookingRow, NO_SHOW_DISPUTE } from '../../db/repositories/bookings.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { writeEffects } from '../../jobs/effects.js';
import { queueMessage } from '../../messaging/index.js';
import { refundNow, refundPrepayment } from './refunds.js';

/*
 * A disputed no-show that the admin upholds (docs/payments.md: deposits): the customer did come, so
 * what the salon kept is refunded in full, the online share to the card or UPI it came from (a
 * `no_show_dispute` refund, once per payment by its unique key), the wallet share to the wallet.
 * The dispute ticket is locked and closed in the same transaction, so a second uphold, in parallel
 * or later, finds it closed and refunds nothing.
 */
export async function upholdNoShowDispute(deps: AppDeps, _actor: Actor, input: z.output<typeof upholdNoShowDisputeInput>) {
  const done = await deps.db.transaction().execute(async (trx) => {
    const ticket = await findFeedback(trx, input.id, { lock: true });
    if (!ticket) throw notFound('Dispute');
    if (ticket.type !== NO_SHOW_DISPUTE || !ticket.booking_id) throw badRequest('id: this ticket is not a no-show dispute', 'id');
    if (ticket.status === 'closed') throw conflict('id: this dispute is already closed');
    const booking = await findBookingRow(trx, ticket.booking_id, { lock: true });
    if (!booking) throw notFound('Booking');
    if (booking.status !== 'no_show') throw badRequest('id: the booking is no longer marked as a no-show', 'id');
    const salon = await findMerchantById(trx, booking.merchant_id);
    const salonName = salon?.shop_name ?? 'the salon';
    const refund = await refundPrepayment(trx, booking, { percent: 100, toWallet: false, salonName, reason: 'no_show_dispute' });
    const total = refund.walletCredit + refund.gatewayRefund;
    const outcome =
      total > 0
        ? `We upheld your dispute: ${formatINR(total, { paise: true })} kept for the no-show at ${salonName} is being refunded${refund.gatewayRefund > 0 ? ' to the card or UPI account you paid with' : ' to your GlowBook wallet'}.`
        : `We upheld your dispute of the no-show at ${salonName}; nothing had been paid, so there is nothing to refund.`;
    await updateFeedback(trx, ticket.id, { status: 'closed', reply: outcome, replied_at: new Date() });
    if (booking.user_id) {
      await writeEffects(trx, {
        notifications: [
          { accountId: booking.user_id, title: 'Dispute upheld', message: outcome, link: `/bookings/${booking.id}`, type: 'booking' },
        ],
        jobs: [],
      });
      const account = await findAccountById(trx, booking.user_id);
      if (account?.email)
        await queueMessage(trx, {
          channel: 'email',
          to: account.email,
          accountId: booking.user_id,
          subject: 'Your no-show dispute was upheld',
          body: `Hi,\n\n${outcome}\n\nGlowBook Support`,
          meta: { purpose: 'no_show_dispute_upheld', bookingId: booking.id },
        });
    }
    return { ...refund, total, outcome };
  });
  if (done.refundId) await refundNow(deps, done.refundId);
  return {
    data: { refunded: done.total, walletCredit: done.walletCredit, gatewayRefund: done.gatewayRefund },
    message: done.outcome,
  };
}
