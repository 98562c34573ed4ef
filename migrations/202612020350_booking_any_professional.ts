import { type Kysely, sql } from 'kysely';

/*
 * Whether the customer booked with "Any professional" (no professional chosen): the professional
 * the salon's free staff gave them may change when they reschedule, and the customer is told so.
 * A booking with a chosen professional stays with them when moved. Bookings made before this
 * migration count as chosen: moving one never changes its professional silently.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings add column any_professional boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings drop column any_professional`.execute(db);
}
