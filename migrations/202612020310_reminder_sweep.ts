import { type Kysely, sql } from 'kysely';

/*
 * Jobs through pg-boss's API only (src/server/jobs). Reminders come from one sweep a minute (src/server/jobs/reminders.ts, pg-boss `schedule`) instead
 * of two job rows per booking. `booking_reminders` records each reminder sent, keyed by the booking,
 * the hours before and the start it was for, so a reminder goes once however many sweeps run, and a
 * moved booking is reminded of its new start. Reminders whose moment has already passed when this
 * runs are recorded as sent (the old jobs sent them, or skipped them for a booking made late); the
 * old reminder jobs still queued only run a sweep now, so nothing is sent twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table booking_reminders (
      booking_id uuid not null references bookings (id) on delete cascade,
      hours_before int not null check (hours_before > 0),
      starts_at timestamptz not null,
      sent_at timestamptz not null default now(),
      primary key (booking_id, hours_before, starts_at)
    )`.execute(db);
  await sql`
    insert into booking_reminders (booking_id, hours_before, starts_at)
    select b.id, h.hours, b.starts_at
    from bookings b cross join (values (24), (2)) h(hours)
    where b.starts_at > now() and b.starts_at - h.hours * interval '1 hour' <= now()`.execute(db);
  // The jobs that failed their last attempt, as the runner saw pg-boss fail them: the admin's
  // System screen lists them (pg-boss's API finds a job by its id, it lists none).
  await sql`
    create table job_failures (
      job_id uuid primary key,
      kind text not null,
      attempts int not null,
      last_error text,
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index job_failures_recent on job_failures (failed_at desc)`.execute(db);
  // The sweep reads the bookings starting within a reminder's window, not the whole table.
  await sql`create index bookings_active_by_start on bookings (starts_at) where status in ('pending', 'upcoming', 'confirmed')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_active_by_start`.execute(db);
  await sql`drop table job_failures`.execute(db);
  await sql`drop table booking_reminders`.execute(db);
}
