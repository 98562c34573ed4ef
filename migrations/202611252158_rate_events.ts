import { type Kysely, sql } from 'kysely';

/*
 * Counted events for rate limits that must hold across server processes and under parallel
 * requests (codes sent, contact messages, merchant messages): one row per event, counted per
 * (scope, key) over a window by the transaction that also does the limited thing, under an
 * advisory lock on the key (db/repositories/limits.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rate_events (
      id bigint generated always as identity primary key,
      scope text not null,
      key text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rate_events_key_idx on rate_events (scope, key, at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists rate_events`.execute(db);
}
