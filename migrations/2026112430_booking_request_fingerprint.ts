import { type Kysely, sql } from 'kysely';

/*
 * A booking made with an Idempotency-Key also keeps a fingerprint of the request that made it
 * (salon, services, professional, date, time, coupon, payment): a repeat with the same key and the
 * same request answers that booking; the same key with a different request is refused (422), as
 * the IETF Idempotency-Key draft asks, instead of answering a booking the client did not ask for.
 * Bookings made before have none and keep answering any repeat of their key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings add column idempotency_fingerprint text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings drop column idempotency_fingerprint`.execute(db);
}
