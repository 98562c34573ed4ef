import { type Kysely, sql } from 'kysely';

/*
 * A salon's own records of its clients (issue 41 item 1). A client is named by a key: an account's
 * id (a marketplace customer who booked the salon) or 'walk-in:<e-mail>' (the salon's own desk
 * contact), the ids the Customers screen already uses. Every row carries the salon, and every read
 * names it, so a second salon never sees another's records.
 *
 * Notes are append-only: an edit is a new row that `revises` the version it was made from, and no
 * statement may change a note (a trigger refuses UPDATE), so the history of who wrote what, when,
 * is kept. One version can be revised once (unique `revises`): of two desks editing the same
 * version at once one wins and the other is told to reload. Rows are deleted only when a customer
 * exercises the DPDP right to erasure (an admin action) or the salon is deleted.
 *
 * Photos are the salon's private before/after pictures: the re-encoded WebP bytes are kept here,
 * not in the public image store, so no URL serves them; they are read through an authenticated
 * call of the salon.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table client_profiles (
      merchant_id uuid not null references merchants(id) on delete cascade,
      client_key text not null check (client_key ~ '^([0-9a-f-]{36}|walk-in:[^\\s]+@[^\\s]+)$'),
      allergies text not null default '' check (length(allergies) <= 500),
      patch_test text not null default 'none' check (patch_test in ('none', 'passed', 'failed')),
      patch_test_on date,
      tags text[] not null default '{}' check (cardinality(tags) <= 12),
      updated_by uuid references accounts(id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, client_key),
      check ((patch_test = 'none') = (patch_test_on is null))
    )`.execute(db);

  await sql`
    create table client_notes (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      client_key text not null check (client_key ~ '^([0-9a-f-]{36}|walk-in:[^\\s]+@[^\\s]+)$'),
      body text not null check (length(body) between 1 and 4000),
      author_id uuid references accounts(id) on delete set null,
      author_name text not null check (length(author_name) between 1 and 200),
      revises uuid unique references client_notes(id) on delete cascade,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index client_notes_client_idx on client_notes (merchant_id, client_key, created_at desc)`.execute(db);
  await sql`create index client_notes_key_idx on client_notes (client_key)`.execute(db);
  await sql`
    create function client_notes_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'client notes are append-only: write a new version instead' using errcode = 'P0001';
    end $$`.execute(db);
  await sql`
    create trigger client_notes_append_only before update on client_notes
      for each row execute function client_notes_append_only()`.execute(db);

  await sql`
    create table client_photos (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      client_key text not null check (client_key ~ '^([0-9a-f-]{36}|walk-in:[^\\s]+@[^\\s]+)$'),
      kind text not null check (kind in ('before', 'after')),
      caption text not null default '' check (length(caption) <= 200),
      bytes bytea not null,
      width int not null check (width > 0),
      height int not null check (height > 0),
      created_by uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // WebP is already compressed: kept out of line without trying pglz first (as uploads.bytes).
  await sql`alter table client_photos alter column bytes set storage external`.execute(db);
  await sql`create index client_photos_client_idx on client_photos (merchant_id, client_key, created_at desc)`.execute(db);
  await sql`create index client_photos_key_idx on client_photos (client_key)`.execute(db);
  await sql`create index client_profiles_key_idx on client_profiles (client_key)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table client_photos`.execute(db);
  await sql`drop table client_notes`.execute(db);
  await sql`drop function client_notes_append_only()`.execute(db);
  await sql`drop table client_profiles`.execute(db);
}
