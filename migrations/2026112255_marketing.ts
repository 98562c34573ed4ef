import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table campaigns (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      name text not null,
      subject text,
      body text not null,
      segment text not null check (segment in ('all', 'active', 'inactive')),
      status text not null default 'sending' check (status in ('sending', 'sent', 'failed')),
      recipients integer not null default 0 check (recipients >= 0),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index campaigns_merchant_idx on campaigns (merchant_id, created_at desc)`.execute(db);
  await sql`
    create table social_connections (
      merchant_id uuid not null references merchants(id) on delete cascade,
      network text not null check (network in ('facebook', 'instagram', 'twitter')),
      connected boolean not null default false,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, network)
    )`.execute(db);
  await sql`alter table outbox_messages add column opened_at timestamptz`.execute(db);
  await sql`alter table outbox_messages add column campaign_id uuid references campaigns(id) on delete set null`.execute(db);
  await sql`create index outbox_messages_campaign_idx on outbox_messages (campaign_id) where campaign_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbox_messages_campaign_idx`.execute(db);
  await sql`alter table outbox_messages drop column if exists campaign_id`.execute(db);
  await sql`alter table outbox_messages drop column if exists opened_at`.execute(db);
  await sql`drop table if exists social_connections`.execute(db);
  await sql`drop table if exists campaigns`.execute(db);
}
