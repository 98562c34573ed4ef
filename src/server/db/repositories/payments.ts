import { type Insertable, type Selectable, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { PaymentPolicyKind } from '../../../shared/paymentPolicy.js';
import type { Executor } from '../executor.js';
import type { BookingPaymentsTable, BookingRefundsTable } from '../types.js';

/* Online payments of bookings, their refunds and the gateway's webhook events (docs/payments.md). */

export type BookingPaymentRow = Selectable<BookingPaymentsTable>;
export type BookingRefundRow = Selectable<BookingRefundsTable>;

export function insertBookingPayment(db: Executor, values: Insertable<BookingPaymentsTable>) {
  return db.insertInto('booking_payments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setPaymentOrderId(db: Executor, id: string, orderId: string): Promise<void> {
  await db.updateTable('booking_payments').set({ order_id: orderId, updated_at: new Date() }).where('id', '=', id).execute();
}

/** A payment by our id; `userId` limits it to that customer's (another's is not found). */
export function findBookingPayment(db: Executor, id: string, opts: { userId?: string; lock?: boolean } = {}) {
  let q = db.selectFrom('booking_payments').selectAll().where('id', '=', id);
  if (opts.userId) q = q.where('user_id', '=', opts.userId);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The payment of a gateway order (the webhook names the order). */
export function findPaymentByOrderId(db: Executor, orderId: string) {
  return db.selectFrom('booking_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Records the money a payment took: paid (its booking confirmed) or late (refunded in full). Only an unpaid one moves. */
export function markPaymentTaken(
  db: Executor,
  id: string,
  v: { status: 'paid' | 'late'; reference: string; last4: string | null; error?: string | null },
) {
  return db
    .updateTable('booking_payments')
    .set({
      status: v.status,
      reference: v.reference,
      last4: v.last4,
      error: v.error ?? null,
      paid_at: new Date(),
      updated_at: new Date(),
      // A paid payment's receipt number (docs/payments.md: receipts).
      ...(v.status === 'paid' ? { receipt_no: sql<number>`nextval('booking_receipt_seq')` } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'expired'])
    .returningAll()
    .executeTakeFirst();
}

/** A payment the gateway reported failed: its reason kept while the order stays open for another try. */
export async function notePaymentError(db: Executor, orderId: string, error: string): Promise<void> {
  await db
    .updateTable('booking_payments')
    .set({ error, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

/**
 * Cancels the held bookings whose hold has lapsed (all of them, or those of one salon overlapping a
 * time), locking them, and marks their open payments expired. A hold being confirmed at the same
 * moment holds the booking's row: the update waits and then finds it no longer pending.
 * Answers the payments expired, with what the wallet had paid.
 */
export async function releaseExpiredHolds(
  db: Executor,
  now: Date,
  where: { merchantId: string; from: Date; to: Date } | { limit: number },
) {
  const due = db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'pending')
    .where('hold_expires_at', '<=', now)
    .$if('merchantId' in where, (q) =>
      'merchantId' in where
        ? q.where('merchant_id', '=', where.merchantId).where('starts_at', '<', where.to).where('ends_at', '>', where.from)
        : q,
    )
    .$if('limit' in where, (q) => ('limit' in where ? q.limit(where.limit) : q))
    .orderBy('hold_expires_at')
    .forUpdate()
    .skipLocked();
  const released = await db
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      hold_expires_at: null,
      cancelled_at: now,
      cancellation_reason: 'Payment not completed in time',
      updated_at: now,
    })
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .returning(['id', 'merchant_id', 'booking_date'])
    .execute();
  if (!released.length) return { bookings: released, payments: [] };
  const payments = await db
    .updateTable('booking_payments')
    .set({ status: 'expired', updated_at: now })
    .where(
      'booking_id',
      'in',
      released.map((b) => b.id),
    )
    .where('status', '=', 'created')
    .returningAll()
    .execute();
  return { bookings: released, payments };
}

/** Confirms a held booking paid: upcoming, with what was paid; null when it is no longer held. */
export function confirmHeldBooking(db: Executor, bookingId: string, amountPaid: number) {
  return db
    .updateTable('bookings')
    .set({
      status: 'upcoming',
      hold_expires_at: null,
      payment_method: 'online',
      amount_paid: amountPaid,
      // A deposit leaves the rest to pay at the salon: received only once all of it is.
      payment_received: sql<boolean>`${amountPaid} >= total_price`,
      updated_at: new Date(),
    })
    .where('id', '=', bookingId)
    .where('status', '=', 'pending')
    .returning(['id', 'merchant_id', 'booking_date'])
    .executeTakeFirst();
}

/** A customer's payments (or one booking's) with their refunds, newest first. */
export async function paymentsOf(db: Executor, userId: string, bookingId: string | undefined, page: { limit: number; offset: number }) {
  const mine = db
    .selectFrom('booking_payments as p')
    .where('p.user_id', '=', userId)
    .$if(Boolean(bookingId), (q) => q.where('p.booking_id', '=', bookingId!));
  const rows = mine
    .selectAll('p')
    .select((eb) => [
      sql<Date | null>`(select b.hold_expires_at from bookings b where b.id = p.booking_id)`.as('hold_expires_at'),
      jsonArrayFrom(eb.selectFrom('booking_refunds as r').selectAll('r').whereRef('r.payment_id', '=', 'p.id').orderBy('r.created_at')).as(
        'refunds',
      ),
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const [list, count] = await Promise.all([rows, mine.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()]);
  return { rows: list, total: Number(count.n) };
}

/** The paid payment of a booking, if it was paid online. */
export function paidPaymentOfBooking(db: Executor, bookingId: string) {
  return db.selectFrom('booking_payments').selectAll().where('booking_id', '=', bookingId).where('status', '=', 'paid').executeTakeFirst();
}

/** A refund to make: once per payment and reason (a repeat answers null). */
export function insertRefund(db: Executor, values: Insertable<BookingRefundsTable>) {
  return db
    .insertInto('booking_refunds')
    .values(values)
    .onConflict((oc) => oc.columns(['payment_id', 'reason']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function lockRefund(db: Executor, id: string) {
  return db.selectFrom('booking_refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Moves a refund to what the gateway said. A processed or failed refund is final: a late
 * "initiated" answer (an out-of-order webhook) does not take it back.
 */
export function settleRefund(
  db: Executor,
  where: { id: string } | { gatewayRefundId: string },
  v: { status: BookingRefundRow['status']; gatewayRefundId?: string; error?: string | null },
) {
  return db
    .updateTable('booking_refunds')
    .set({
      status: v.status,
      ...(v.gatewayRefundId ? { gateway_refund_id: v.gatewayRefundId } : {}),
      error: v.error ?? null,
      updated_at: new Date(),
    })
    .$if('id' in where, (q) => ('id' in where ? q.where('id', '=', where.id) : q))
    .$if('gatewayRefundId' in where, (q) => ('gatewayRefundId' in where ? q.where('gateway_refund_id', '=', where.gatewayRefundId) : q))
    .where('status', '=', 'initiated')
    .returningAll()
    .executeTakeFirst();
}

/** The payment of a refund, with the booking it was for. */
export function findRefundByGatewayId(db: Executor, gatewayRefundId: string) {
  return db.selectFrom('booking_refunds').selectAll().where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst();
}

export async function hasWebhookEvent(db: Executor, eventId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('payment_webhook_events').select('event_id').where('event_id', '=', eventId).executeTakeFirst());
}

/** Records a webhook event; false when it was recorded before (a replay). */
export async function recordWebhookEvent(db: Executor, eventId: string, event: string): Promise<boolean> {
  const row = await db
    .insertInto('payment_webhook_events')
    .values({ event_id: eventId, event })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** A salon's payment policy and its services' own (docs/payments.md: payment policy). */
export async function paymentPoliciesOf(db: Executor, merchantId: string, serviceIds: readonly string[]) {
  const salon = await db
    .selectFrom('merchants')
    .select(['payment_policy', 'deposit_percent', 'deposit_fixed'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  const services = serviceIds.length
    ? await db
        .selectFrom('services')
        .select([
          'id',
          'name',
          'price',
          'discount_active',
          'discount_type',
          'discount_value',
          'payment_policy',
          'deposit_percent',
          'deposit_fixed',
        ])
        .where('merchant_id', '=', merchantId)
        .where('id', 'in', [...serviceIds])
        .execute()
    : [];
  return { salon, services };
}

/** A salon's services with their own payment policies, for its settings. */
export function servicePoliciesOfSalon(db: Executor, merchantId: string) {
  return db
    .selectFrom('services')
    .select(['id', 'name', 'price', 'payment_policy', 'deposit_percent', 'deposit_fixed'])
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    .orderBy('name')
    .execute();
}

/** Sets a salon's payment policy. */
export async function setSalonPaymentPolicy(
  db: Executor,
  merchantId: string,
  p: { payment_policy: PaymentPolicyKind; deposit_percent: number | null; deposit_fixed: number | null },
) {
  await db
    .updateTable('merchants')
    .set({ ...p, updated_at: new Date() })
    .where('id', '=', merchantId)
    .execute();
}

/** Sets (or, with null, clears) a service's own payment policy; answers the service's price, or undefined when it is not the salon's. */
export function setServicePaymentPolicy(
  db: Executor,
  merchantId: string,
  serviceId: string,
  p: { payment_policy: PaymentPolicyKind | null; deposit_percent: number | null; deposit_fixed: number | null },
) {
  return db
    .updateTable('services')
    .set({ ...p, updated_at: new Date() })
    .where('id', '=', serviceId)
    .where('merchant_id', '=', merchantId)
    .returning(['id', 'price'])
    .executeTakeFirst();
}

/** A service's price (the listed one), locked while its policy is checked against it. */
export function lockServicePrice(db: Executor, merchantId: string, serviceId: string) {
  return db
    .selectFrom('services')
    .select(['id', 'price'])
    .where('id', '=', serviceId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
}

/** What a payment's receipt prints: the payment, its salon, customer, booking, services and refunds. */
export async function receiptOfPayment(db: Executor, paymentId: string) {
  const row = await db
    .selectFrom('booking_payments as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .innerJoin('accounts as a', 'a.id', 'p.user_id')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .selectAll('p')
    .select([
      'm.shop_name',
      'm.address',
      'm.city',
      'm.state',
      'm.gstin',
      'a.first_name',
      'a.last_name',
      'a.email',
      'a.phone',
      'b.booking_date',
      'b.booking_time',
      'b.total_price',
      'b.amount_paid',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [services, refunds] = await Promise.all([
    db
      .selectFrom('booking_services')
      .select(['service_name', 'price'])
      .where('booking_id', '=', row.booking_id)
      .orderBy('position')
      .execute(),
    db.selectFrom('booking_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('created_at').execute(),
  ]);
  return { ...row, services, refunds };
}
