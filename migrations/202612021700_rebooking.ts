import { type Kysely, sql } from 'kysely';
import { bossOn, QUEUE_OPTIONS } from '../src/server/jobs/boss.js';

/*
 * Issue 40 item 6: rebooking (docs/channels.md "Book again and rebooking reminders").
 *
 * services.rebook_weeks: "remind to rebook after N weeks" (1–52), null when off.
 *
 * rebook_reminders: one row per reminder sent, keyed by the customer, the service and the completed
 * visit it follows (unique), so a sweep that runs twice, or in two processes at once, writes the
 * reminder (and its messages, in the same transaction) once. booking_id is the booking that came
 * from it: the customer's next booking at that salon with that service within the attribution
 * window, set by the booking's own transaction (the salon's "bookings from reminders").
 *
 * The sweep's pg-boss queue, made through pg-boss's own createQueue (the runner would make it at its
 * start too; made here so a job can be sent before any runner started).
 */
const KINDS = ['rebook_reminder_sweep'];

export async function up(db: Kysely<any>): Promise<void> {
  const boss = bossOn(db);
  for (const kind of KINDS) if (!(await boss.getQueue(kind))) await boss.createQueue(kind, { name: kind, ...QUEUE_OPTIONS });
  await sql`alter table services add column rebook_weeks integer constraint services_rebook_weeks check (rebook_weeks between 1 and 52)`.execute(
    db,
  );
  await sql`
    create table rebook_reminders (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references accounts (id) on delete cascade,
      merchant_id uuid not null references merchants (id) on delete cascade,
      service_id uuid not null references services (id) on delete cascade,
      visit_booking_id uuid not null references bookings (id) on delete cascade,
      weeks integer not null check (weeks between 1 and 52),
      sent_at timestamptz not null default now(),
      booking_id uuid references bookings (id) on delete set null,
      booked_at timestamptz,
      constraint rebook_reminder_once unique (user_id, service_id, visit_booking_id)
    )`.execute(db);
  await sql`create index rebook_reminders_of_salon on rebook_reminders (merchant_id, sent_at)`.execute(db);
  await sql`create index rebook_reminders_unbooked on rebook_reminders (user_id, merchant_id, sent_at) where booking_id is null`.execute(
    db,
  );
  await sql`create index services_rebook on services (id) where rebook_weeks is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const boss = bossOn(db);
  for (const kind of KINDS) await boss.deleteQueue(kind);
  await sql`drop table rebook_reminders`.execute(db);
  await sql`alter table services drop column rebook_weeks`.execute(db);
}
