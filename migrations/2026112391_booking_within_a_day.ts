import { type Kysely, sql } from 'kysely';

/*
 * A booking fits in one day's opening hours; the database holds that as a rule, so a salon-day's
 * bookings can be found by a start bounded on both sides (repositories/bookings.ts, busyIntervals).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings add constraint bookings_within_a_day check (ends_at <= starts_at + interval '1 day')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings drop constraint bookings_within_a_day`.execute(db);
}
