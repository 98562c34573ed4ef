import { type Kysely, sql } from 'kysely';

/*
 * Issue 42 item 6: a booking writes one index fewer. bookings_merchant_date_idx (merchant_id,
 * booking_date) duplicated bookings_merchant_idx (merchant_id, starts_at desc) for a salon's rows:
 * the queries that read a salon's bookings by date also bound the start (startsAroundDates in
 * repositories/bookings.ts) and walk the (merchant_id, starts_at) index, which the slots and the
 * calendar need, and which serves the merchants foreign key. The table of each index, the query
 * that needs it and its plan is in docs/benchmarks.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bookings_merchant_date_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists bookings_merchant_date_idx on bookings (merchant_id, booking_date)`.execute(db);
}
