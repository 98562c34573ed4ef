import { type Kysely, sql } from 'kysely';

/*
 * A search by city reads every salon of the city (about a thousand in the bench's catalogue), and
 * salon_search kept them wherever they were written: three to a page across the whole table, which
 * the triggers' rewrites had also left three times its live size. Reading a city visited 346 of its
 * pages. The table is now kept in city order (CLUSTER, here and nightly: services/discovery/
 * maintenance.ts), so a city's salons sit on a few dozen neighbouring pages, and each page keeps a
 * fifth free (fillfactor 80) so that a salon's row, rewritten when its rating, prices or bookings
 * change, stays on its page. CLUSTER needs an index over every row, so the city index is no longer
 * partial (the few unpublished salons are filtered as before).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table salon_search set (fillfactor = 80)`.execute(db);
  await sql`create index salon_search_city_order on salon_search (lower(city), id)`.execute(db);
  await sql`drop index salon_search_city_idx`.execute(db);
  await sql`alter table salon_search cluster on salon_search_city_order`.execute(db);
  await sql`cluster salon_search`.execute(db);
  await sql`analyze salon_search`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table salon_search set without cluster`.execute(db);
  await sql`create index salon_search_city_idx on salon_search (lower(city)) where is_published`.execute(db);
  await sql`drop index salon_search_city_order`.execute(db);
  await sql`alter table salon_search reset (fillfactor)`.execute(db);
}
