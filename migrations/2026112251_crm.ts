import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table message_templates (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      name text not null check (length(name) between 1 and 80),
      type text not null check (type in ('email', 'sms', 'whatsapp')),
      subject text,
      content text not null check (length(content) between 1 and 2000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index message_templates_merchant_idx on message_templates (merchant_id, created_at desc)`.execute(db);
  // Messages a salon sends its customers, listed on its Customers screen.
  await sql`alter table outbox_messages add column merchant_id uuid references merchants(id) on delete set null`.execute(db);
  await sql`create index outbox_messages_merchant_idx on outbox_messages (merchant_id, created_at desc) where merchant_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbox_messages_merchant_idx`.execute(db);
  await sql`alter table outbox_messages drop column if exists merchant_id`.execute(db);
  await sql`drop table if exists message_templates`.execute(db);
}
