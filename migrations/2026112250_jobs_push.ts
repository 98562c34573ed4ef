import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Durable background jobs. A worker claims a due job with FOR UPDATE SKIP LOCKED inside the
  // transaction that runs it, so a job's database effects commit exactly once, whichever process runs it.
  await sql`
    create table jobs (
      id bigserial primary key,
      kind text not null,
      payload jsonb not null default '{}'::jsonb,
      status text not null default 'queued' check (status in ('queued', 'done', 'failed', 'cancelled')),
      run_at timestamptz not null default now(),
      attempts integer not null default 0 check (attempts >= 0),
      max_attempts integer not null default 5 check (max_attempts between 1 and 50),
      last_error text,
      dedupe_key text unique,
      ref text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index jobs_due_idx on jobs (run_at, id) where status = 'queued'`.execute(db);
  await sql`create index jobs_ref_idx on jobs (ref) where ref is not null`.execute(db);
  await sql`create index jobs_finished_idx on jobs (finished_at) where status in ('done', 'cancelled')`.execute(db);

  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_agent text,
      created_at timestamptz not null default now(),
      last_success_at timestamptz
    )`.execute(db);
  await sql`create index push_subscriptions_account_idx on push_subscriptions (account_id)`.execute(db);

  // Push broadcasts sent by admins (notification/createSubscribeUserNotifications), with their audience.
  await sql`
    create table push_broadcasts (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      body text not null,
      url text,
      audience text not null check (audience in ('all', 'customer', 'merchant', 'admin')),
      subscriptions integer not null default 0,
      created_by uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`alter table outbox_messages add column account_id uuid references accounts(id) on delete set null`.execute(db);
  await sql`alter table outbox_messages add column next_attempt_at timestamptz`.execute(db);
  await sql`create index outbox_messages_status_idx on outbox_messages (status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbox_messages_status_idx`.execute(db);
  await sql`alter table outbox_messages drop column if exists next_attempt_at`.execute(db);
  await sql`alter table outbox_messages drop column if exists account_id`.execute(db);
  await sql`drop table if exists push_broadcasts`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
  await sql`drop table if exists jobs`.execute(db);
}
