import { type Kysely, sql } from 'kysely';

/*
 * A held booking an accepted waitlist offer made, released unpaid, puts its entry back to waiting
 * (docs/waitlist.md). The release finds the offer by its booking: this partial index keeps that an
 * index probe of the accepted offers only, in the sweep's and in a booking's transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index waitlist_offers_accepted_booking on waitlist_offers (booking_id) where status = 'accepted'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists waitlist_offers_accepted_booking`.execute(db);
}
