import { type Kysely, sql } from 'kysely';

/*
 * Blocked time (breaks, leave, training) on the merchant's calendar.
 *
 * A block must be refused by the very constraint that keeps a professional's bookings apart, and a
 * booking over a block likewise: an exclusion constraint sees one table only, so a block's
 * occurrences are rows of `bookings` (status 'blocked', no customer, block_id naming the block),
 * and `bookings_no_overlap` now covers them with the active bookings. The booking insert is
 * unchanged (INSERT ... ON CONFLICT DO NOTHING against the same constraint and index).
 *
 * `staff_blocks` holds what the merchant asked for: a one-off block, or a weekly one whose
 * occurrences are materialised up to a horizon past the booking window (services/calendar) and
 * kept topped up by a daily job, so that any time a customer can book is already covered.
 *
 * The status check gets a new name (bookings_status_known): a later migration that rewrites the
 * list must start from this one and keep 'blocked'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table staff_blocks (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      staff_id uuid not null references staff(id) on delete cascade,
      kind text not null check (kind in ('break', 'leave', 'training', 'other')),
      reason text not null default '' check (length(reason) <= 200),
      first_date date not null,
      start_minute integer not null check (start_minute between 0 and 1425),
      end_minute integer not null check (end_minute between 15 and 1440),
      repeat_weekly boolean not null default false,
      until_date date,
      materialised_until date,
      created_at timestamptz not null default now(),
      constraint staff_blocks_order check (end_minute > start_minute),
      constraint staff_blocks_until check (until_date is null or (repeat_weekly and until_date >= first_date))
    )`.execute(db);
  await sql`create index staff_blocks_merchant_idx on staff_blocks (merchant_id)`.execute(db);
  await sql`create index staff_blocks_weekly_idx on staff_blocks (materialised_until) where repeat_weekly`.execute(db);

  await sql`alter table bookings add column block_id uuid references staff_blocks(id) on delete cascade`.execute(db);
  await sql`alter table bookings alter column user_id drop not null`.execute(db);
  await sql`alter table bookings drop constraint bookings_status_check`.execute(db);
  await sql`alter table bookings add constraint bookings_status_known
    check (status in ('pending', 'upcoming', 'confirmed', 'completed', 'cancelled', 'blocked'))`.execute(db);
  await sql`alter table bookings add constraint bookings_block_shape
    check ((status = 'blocked') = (block_id is not null) and (user_id is null) = (block_id is not null))`.execute(db);
  await sql`create index bookings_block_idx on bookings (block_id) where block_id is not null`.execute(db);

  await sql`alter table bookings drop constraint bookings_no_overlap`.execute(db);
  await sql`alter table bookings add constraint bookings_no_overlap exclude using gist (
      staff_id with =,
      tstzrange(starts_at, ends_at, '[)') with &&
    ) where (status in ('pending', 'upcoming', 'confirmed', 'blocked'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bookings where status = 'blocked'`.execute(db);
  await sql`alter table bookings drop constraint bookings_no_overlap`.execute(db);
  await sql`alter table bookings add constraint bookings_no_overlap exclude using gist (
      staff_id with =,
      tstzrange(starts_at, ends_at, '[)') with &&
    ) where (status in ('pending', 'upcoming', 'confirmed'))`.execute(db);
  await sql`drop index if exists bookings_block_idx`.execute(db);
  await sql`alter table bookings drop constraint bookings_block_shape`.execute(db);
  await sql`alter table bookings drop constraint bookings_status_known`.execute(db);
  await sql`alter table bookings add constraint bookings_status_check
    check (status in ('pending', 'upcoming', 'confirmed', 'completed', 'cancelled'))`.execute(db);
  await sql`alter table bookings alter column user_id set not null`.execute(db);
  await sql`alter table bookings drop column block_id`.execute(db);
  await sql`drop table staff_blocks`.execute(db);
}
