import { type Kysely, sql } from 'kysely';

/*
 * The job queue and the outbox are updated row by row all day (a job is claimed and marked done, an
 * e-mail is marked sent), and every claim walks the queued end of the jobs table. With autovacuum's
 * default trigger (a fifth of the table dead) a table holding two weeks of finished jobs collects
 * tens of thousands of dead rows between vacuums; measured on the bench, 200,000 of them made each
 * delivery's claim four times as costly. These two tables are vacuumed once 2% of them (plus 1,000
 * rows) is dead, and analysed as often, so the claims' estimates follow the queue.
 */
const TABLES = ['jobs', 'outbox_messages'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} set (
      autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000,
      autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} reset (
      autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold, autovacuum_analyze_scale_factor, autovacuum_analyze_threshold)`.execute(
      db,
    );
  }
}
