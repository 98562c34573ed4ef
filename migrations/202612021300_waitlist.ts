import { type Kysely, sql } from 'kysely';

/*
 * Issue 40 item 5: the waitlist. A customer waits for a salon, services, a salon-local date and a
 * window of start times (optionally one professional); `queued_seq` is the order of joining, which
 * is the order offers go out in. An offer holds one start time for one entry for a short while:
 * unique per entry and start, so an entry is never offered the same time twice; one open offer per
 * entry; and no two open offers overlap on one professional (the exclusion constraint), so two
 * waiting customers are never offered the same time at once, however many matching runs overlap.
 * The booking an accepted offer makes goes through the bookings table's own constraint.
 */
const QUEUE_OPTIONS = {
  policy: 'standard',
  retryLimit: 4,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
  retentionMinutes: 14 * 24 * 60,
};
const KINDS = ['waitlist_match', 'waitlist_offer_messages'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table waitlist_entries (
      id uuid primary key default gen_random_uuid(),
      queued_seq bigint generated always as identity,
      user_id uuid not null references accounts (id) on delete cascade,
      merchant_id uuid not null references merchants (id) on delete cascade,
      staff_id uuid references staff (id) on delete set null,
      service_ids uuid[] not null check (cardinality(service_ids) between 1 and 10),
      wait_date date not null,
      window_start int not null,
      window_end int not null,
      status text not null default 'waiting' check (status in ('waiting', 'booked', 'cancelled', 'expired')),
      booking_id uuid references bookings (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint waitlist_window check (window_start >= 0 and window_end <= 1440 and window_start < window_end)
    )`.execute(db);
  await sql`create index waitlist_entries_waiting on waitlist_entries (merchant_id, wait_date, queued_seq) where status = 'waiting'`.execute(
    db,
  );
  await sql`create index waitlist_entries_of_user on waitlist_entries (user_id, created_at desc)`.execute(db);
  await sql`
    create table waitlist_offers (
      id uuid primary key default gen_random_uuid(),
      entry_id uuid not null references waitlist_entries (id) on delete cascade,
      merchant_id uuid not null references merchants (id) on delete cascade,
      staff_id uuid not null references staff (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      booking_date date not null,
      booking_time text not null,
      expires_at timestamptz not null,
      status text not null default 'open' check (status in ('open', 'accepted', 'expired', 'taken', 'withdrawn')),
      booking_id uuid references bookings (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint waitlist_offer_time check (ends_at > starts_at),
      constraint waitlist_offer_once unique (entry_id, starts_at),
      constraint waitlist_offer_hold exclude using gist (
        staff_id with =, tstzrange(starts_at, ends_at) with &&
      ) where (status = 'open')
    )`.execute(db);
  await sql`create unique index waitlist_offers_one_open on waitlist_offers (entry_id) where status = 'open'`.execute(db);
  await sql`create index waitlist_offers_by_day on waitlist_offers (merchant_id, booking_date) where status = 'open'`.execute(db);
  for (const kind of KINDS) await sql`select pgboss.create_queue(${kind}, ${JSON.stringify(QUEUE_OPTIONS)}::json)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const kind of KINDS) await sql`select pgboss.delete_queue(${kind})`.execute(db);
  await sql`drop table waitlist_offers`.execute(db);
  await sql`drop table waitlist_entries`.execute(db);
}
