import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blogs (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text not null check (length(title) between 3 and 160),
      excerpt text not null default '',
      body text not null,
      cover_image text,
      tags text[] not null default '{}',
      author_id uuid references accounts(id) on delete set null,
      author_name text not null,
      status text not null default 'draft' check (status in ('draft', 'published')),
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint blogs_published_at check ((status = 'published') = (published_at is not null))
    )`.execute(db);
  await sql`create index blogs_published_idx on blogs (published_at desc) where status = 'published'`.execute(db);
  await sql`create index blogs_tags_idx on blogs using gin (tags)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists blogs`.execute(db);
}
