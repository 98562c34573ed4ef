import { type Kysely, sql } from 'kysely';

/*
 * Checked-in bookings complete themselves two hours after their end (services/bookings/autoComplete.ts):
 * the hourly sweep reads the few checked-in bookings by their end, not the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_checked_in_by_end on bookings (ends_at) where status = 'confirmed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_checked_in_by_end`.execute(db);
}
