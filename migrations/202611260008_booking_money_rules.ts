import { type Kysely, sql } from 'kysely';

/*
 * Issue 25's money and consent rules, held by the database:
 * - a `no_show` booking status (the customer did not come; marked after the start and a grace
 *   period) with the instant it was marked;
 * - a support ticket can name the booking it is about, and a booking has at most one no-show
 *   dispute, so a double submit cannot open two;
 * - every outbox message is transactional (about a booking or the account) or promotional;
 * - each salon's one-to-one messages are counted per India day, so a daily limit holds across
 *   server processes and parallel requests;
 * - commission a salon paid the platform for a month (bookings paid at the salon leave the
 *   platform's 10% with the salon until it settles).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Starts from the calendar's list (202611252210_calendar_blocks), keeping its 'blocked'.
  await sql`alter table bookings drop constraint bookings_status_known`.execute(db);
  await sql`alter table bookings add constraint bookings_status_known
    check (status in ('pending', 'upcoming', 'confirmed', 'completed', 'cancelled', 'blocked', 'no_show'))`.execute(db);
  await sql`alter table bookings add column no_show_at timestamptz`.execute(db);

  await sql`alter table support_messages add column booking_id uuid references bookings(id) on delete set null`.execute(db);
  await sql`create unique index support_messages_one_dispute on support_messages (booking_id) where type = 'No-show dispute'`.execute(db);

  await sql`alter table outbox_messages add column category text not null default 'transactional'
    check (category in ('transactional', 'promotional'))`.execute(db);
  await sql`update outbox_messages set category = 'promotional' where campaign_id is not null`.execute(db);

  await sql`
    create table merchant_message_counts (
      merchant_id uuid not null references merchants(id) on delete cascade,
      day date not null,
      sent integer not null check (sent >= 0),
      primary key (merchant_id, day)
    )`.execute(db);

  await sql`
    create table commission_payments (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      month date not null check (extract(day from month) = 1),
      amount numeric(12,2) not null check (amount > 0),
      reference text not null check (length(reference) between 1 and 100),
      recorded_by uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index commission_payments_merchant_idx on commission_payments (merchant_id, month)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table commission_payments`.execute(db);
  await sql`drop table merchant_message_counts`.execute(db);
  await sql`alter table outbox_messages drop column category`.execute(db);
  await sql`drop index support_messages_one_dispute`.execute(db);
  await sql`alter table support_messages drop column booking_id`.execute(db);
  await sql`update bookings set status = 'cancelled' where status = 'no_show'`.execute(db);
  await sql`alter table bookings drop column no_show_at`.execute(db);
  await sql`alter table bookings drop constraint bookings_status_known`.execute(db);
  await sql`alter table bookings add constraint bookings_status_known
    check (status in ('pending', 'upcoming', 'confirmed', 'completed', 'cancelled', 'blocked'))`.execute(db);
}
