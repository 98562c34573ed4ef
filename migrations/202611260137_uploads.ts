import { type Kysely, sql } from 'kysely';

/*
 * Uploaded images (shop photos, avatars) in the database, for deployments with DATABASE_URL and no
 * object store: every process on every host serves them (adapters/images/database.ts). A key is
 * written once and never reused, so its bytes never change and may be cached for good.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table uploads (
      key text primary key check (length(key) between 1 and 300),
      content_type text not null,
      etag text not null check (etag ~ '^[0-9a-f]{64}$'),
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // WebP is already compressed: storing the bytes out of line without trying pglz on them first.
  await sql`alter table uploads alter column bytes set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table uploads`.execute(db);
}
