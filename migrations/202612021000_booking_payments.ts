import { type Kysely, sql } from 'kysely';

/*
 * Paying for a booking online (docs/payments.md).
 *
 * A booking paid online is first placed as `pending` with `hold_expires_at`: pending is one of the
 * statuses bookings_no_overlap covers, so a held slot is as taken as a booked one. Verifying the
 * payment turns it upcoming; an expired hold is cancelled (by the booking that wants the slot, or
 * by the sweep), which frees the time.
 *
 * booking_payments: one gateway order per attempt to pay a booking (the online part; wallet_amount
 * is what the wallet paid beside it). created → paid, or expired (the hold lapsed unpaid), or late
 * (money taken after the hold was released: refunded in full). The gateway's payment id is unique,
 * so one payment is applied once whichever path (browser, webhook) records it.
 *
 * booking_refunds: money going back through the gateway, one per payment and reason, in the state
 * the gateway reports (initiated → processed | failed).
 *
 * payment_webhook_events: each gateway event id once, so a replayed webhook changes nothing.
 *
 * Two job kinds get their pg-boss queues (with the options of 202611261100_pgboss_jobs): the hold
 * sweep and the refunds of online payments.
 */
const KINDS = ['booking_hold_sweep', 'booking_refund'];
const QUEUE_OPTIONS = {
  policy: 'standard',
  retryLimit: 4,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
  retentionMinutes: 14 * 24 * 60,
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const kind of KINDS) await sql`select pgboss.create_queue(${kind}, ${JSON.stringify(QUEUE_OPTIONS)}::json)`.execute(db);
  await sql`alter table bookings add column hold_expires_at timestamptz`.execute(db);
  await sql`alter table bookings add constraint bookings_hold_check check (status <> 'pending' or hold_expires_at is not null)`.execute(db);
  await sql`create index bookings_hold_idx on bookings (hold_expires_at) where status = 'pending'`.execute(db);
  await sql`alter table bookings drop constraint bookings_payment_method_check`.execute(db);
  await sql`alter table bookings add constraint bookings_payment_method_check check (payment_method in ('pay_at_salon', 'wallet', 'online'))`.execute(
    db,
  );

  await sql`
    create table booking_payments (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null references bookings(id),
      user_id uuid not null references accounts(id),
      merchant_id uuid not null references merchants(id),
      gateway text not null,
      order_id text not null unique,
      amount numeric(10,2) not null check (amount > 0),
      wallet_amount numeric(10,2) not null default 0 check (wallet_amount >= 0),
      status text not null default 'created' check (status in ('created', 'paid', 'expired', 'late')),
      reference text unique,
      last4 text,
      error text,
      paid_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint booking_payments_reference_check check (status not in ('paid', 'late') or reference is not null)
    )`.execute(db);
  // One open or paid order per booking: a second "pay now" for the same booking is refused.
  await sql`create unique index booking_payments_live on booking_payments (booking_id) where status in ('created', 'paid')`.execute(db);
  await sql`create index booking_payments_user_idx on booking_payments (user_id, created_at desc)`.execute(db);
  await sql`create index booking_payments_merchant_idx on booking_payments (merchant_id, paid_at)`.execute(db);

  await sql`
    create table booking_refunds (
      id uuid primary key default gen_random_uuid(),
      payment_id uuid not null references booking_payments(id),
      booking_id uuid not null references bookings(id),
      amount numeric(10,2) not null check (amount > 0),
      reason text not null check (reason in ('cancellation', 'late_payment', 'no_show_dispute')),
      status text not null default 'initiated' check (status in ('initiated', 'processed', 'failed')),
      gateway_refund_id text unique,
      error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint booking_refunds_once unique (payment_id, reason)
    )`.execute(db);
  await sql`create index booking_refunds_booking_idx on booking_refunds (booking_id)`.execute(db);

  await sql`
    create table payment_webhook_events (
      event_id text primary key,
      event text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const kind of KINDS) await sql`select pgboss.delete_queue(${kind})`.execute(db);
  await sql`drop table payment_webhook_events`.execute(db);
  await sql`drop table booking_refunds`.execute(db);
  await sql`drop table booking_payments`.execute(db);
  await sql`update bookings set payment_method = 'pay_at_salon' where payment_method = 'online'`.execute(db);
  await sql`alter table bookings drop constraint bookings_payment_method_check`.execute(db);
  await sql`alter table bookings add constraint bookings_payment_method_check check (payment_method in ('pay_at_salon', 'wallet'))`.execute(
    db,
  );
  await sql`update bookings set status = 'cancelled' where status = 'pending'`.execute(db);
  await sql`drop index bookings_hold_idx`.execute(db);
  await sql`alter table bookings drop constraint bookings_hold_check`.execute(db);
  await sql`alter table bookings drop column hold_expires_at`.execute(db);
}
