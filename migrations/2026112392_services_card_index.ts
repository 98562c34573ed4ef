import { type Kysely, sql } from 'kysely';

/*
 * A search result card lists a salon's services (id, name, price) and counts them. With the name and
 * price in the index, both read the index alone (an index-only scan) instead of visiting each
 * service's row; it replaces the plain index on merchant_id, whose key and predicate it shares.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index services_card_idx on services (merchant_id) include (price, name, id) where active`.execute(db);
  await sql`drop index services_merchant_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index services_merchant_idx on services (merchant_id) where active`.execute(db);
  await sql`drop index services_card_idx`.execute(db);
}
