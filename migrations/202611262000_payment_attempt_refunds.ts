import { type Kysely, sql } from 'kysely';

/*
 * A Razorpay order the owner abandoned is closed as superseded when another plan is chosen (it no
 * longer blocks a new payment), and a payment that arrives for an attempt that is no longer the
 * current one (superseded, failed by the reconcile job, or priced from a plan that has changed since)
 * is refunded in full rather than applied at its stale price:
 *   refunding: money taken, refund being made (refund_reference null);
 *   refunded: the gateway accepted the refund (refund_reference);
 *   refund_failed: the gateway could not refund it (no refund API, or it refused): an admin refunds
 *   it by hand (the admin's Payments screen counts them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_attempts drop constraint payment_attempts_status_check`.execute(db);
  await sql`
    alter table payment_attempts
      add constraint payment_attempts_status_check
        check (status in ('pending', 'charged', 'succeeded', 'failed', 'superseded', 'refunding', 'refunded', 'refund_failed')),
      add column refund_reference text,
      add constraint payment_attempts_refund_check
        check (status not in ('refunding', 'refunded', 'refund_failed') or reference is not null),
      add constraint payment_attempts_refunded_check check (status <> 'refunded' or refund_reference is not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table payment_attempts
      drop constraint payment_attempts_refunded_check,
      drop constraint payment_attempts_refund_check,
      drop constraint payment_attempts_status_check`.execute(db);
  // A refunded or superseded attempt took (or kept) no money for a plan: failed, as before.
  await sql`update payment_attempts set status = 'failed' where status in ('superseded', 'refunding', 'refunded', 'refund_failed')`.execute(
    db,
  );
  await sql`alter table payment_attempts drop column refund_reference`.execute(db);
  await sql`
    alter table payment_attempts
      add constraint payment_attempts_status_check check (status in ('pending', 'charged', 'succeeded', 'failed'))`.execute(db);
}
