import { type Kysely, sql } from 'kysely';

/*
 * A walk-in (manual booking) records when the visit is, not only when the row was written: the
 * desk's rows and the customer list's "Last visit" show the visit's time. Rows written so far were
 * noted at the counter during the visit, so their visit time is their creation time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table manual_bookings add column visited_at timestamptz`.execute(db);
  await sql`update manual_bookings set visited_at = created_at`.execute(db);
  await sql`alter table manual_bookings alter column visited_at set default now(), alter column visited_at set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table manual_bookings drop column visited_at`.execute(db);
}
