import { type Kysely, sql } from 'kysely';

/*
 * A job's dedupe key is unique among jobs that are still to run or have run, not among cancelled
 * ones: a booking moved away and back to its first time cancels its reminders and must be able to
 * queue the same ones again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs drop constraint jobs_dedupe_key_key`.execute(db);
  await sql`create unique index jobs_dedupe_key_live on jobs (dedupe_key) where status <> 'cancelled'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index jobs_dedupe_key_live`.execute(db);
  await sql`delete from jobs j using jobs k where j.dedupe_key = k.dedupe_key and j.status = 'cancelled' and j.id < k.id`.execute(db);
  await sql`alter table jobs add constraint jobs_dedupe_key_key unique (dedupe_key)`.execute(db);
}
