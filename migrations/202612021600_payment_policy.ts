import { type Kysely, sql } from 'kysely';

/*
 * Issue 38 items 4 and 5 (docs/payments.md): how a salon is paid, per salon and per service, and
 * receipts of online payments.
 *
 * merchants.payment_policy: pay_at_salon (the default: any method), online (full prepayment) or
 * deposit (deposit_percent % of the price, or deposit_fixed ₹, paid online at booking; the rest at
 * the salon). services.payment_policy overrides it for one service (null: the salon's). Exactly one
 * of percent and fixed is set for a deposit, none otherwise (CHECK).
 *
 * booking_payments.deposit: this payment is a deposit (kept on a no-show or a late cancellation).
 * booking_payments.receipt_no: the receipt's number, handed out from a sequence when the payment
 * is paid (unique; receipts are not tax documents, so a number lost to a rolled-back payment is fine).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['merchants', 'services']) {
    const policy = table === 'merchants' ? sql`text not null default 'pay_at_salon'` : sql`text`;
    await sql`alter table ${sql.table(table)}
      add column payment_policy ${policy} check (payment_policy in ('pay_at_salon', 'online', 'deposit')),
      add column deposit_percent integer check (deposit_percent between 1 and 100),
      add column deposit_fixed numeric(10,2) check (deposit_fixed > 0),
      add constraint ${sql.raw(`${table}_deposit_check`)} check (
        case when payment_policy = 'deposit' then (deposit_percent is null) <> (deposit_fixed is null)
        else deposit_percent is null and deposit_fixed is null end)`.execute(db);
  }
  await sql`create sequence booking_receipt_seq`.execute(db);
  await sql`alter table booking_payments
    add column deposit boolean not null default false,
    add column receipt_no bigint unique`.execute(db);
  // Payments paid before this migration get their numbers in the order they were paid.
  await sql`update booking_payments p set receipt_no = n.no
    from (select id, nextval('booking_receipt_seq') as no from (select id from booking_payments where status = 'paid' order by paid_at, id) o) n
    where p.id = n.id`.execute(db);
  await sql`alter table booking_payments add constraint booking_payments_receipt_check check (status <> 'paid' or receipt_no is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table booking_payments drop constraint booking_payments_receipt_check, drop column receipt_no, drop column deposit`.execute(
    db,
  );
  await sql`drop sequence booking_receipt_seq`.execute(db);
  for (const table of ['merchants', 'services'])
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_deposit_check`)}, drop column payment_policy, drop column deposit_percent, drop column deposit_fixed`.execute(
      db,
    );
}
