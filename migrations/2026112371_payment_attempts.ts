import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A payment attempt is recorded before the gateway is asked (pending), marked charged the moment
  // money is taken, and succeeded once the plan and its invoice are in place: a charge is never
  // left without its plan, and one idempotency key per salon is one attempt, however often it is sent.
  await sql`alter table payment_attempts drop constraint payment_attempts_status_check`.execute(db);
  await sql`update payment_attempts set status = 'succeeded' where status not in ('succeeded', 'failed')`.execute(db);
  await sql`
    alter table payment_attempts
      add constraint payment_attempts_status_check check (status in ('pending', 'charged', 'succeeded', 'failed')),
      add column idempotency_key text,
      add column purpose text not null default 'change' check (purpose in ('change', 'renewal')),
      add column plan text check (plan is null or plan in ('basic', 'professional', 'enterprise')),
      add column period_start date,
      add column order_id text,
      add column card_last4 text check (card_last4 is null or card_last4 ~ '^[0-9]{4}$'),
      add column card_exp_month smallint check (card_exp_month between 1 and 12),
      add column card_exp_year smallint check (card_exp_year between 2000 and 2200),
      add column payment_token text,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`create unique index payment_attempts_idempotency_key on payment_attempts (merchant_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await sql`create unique index payment_attempts_order_id on payment_attempts (order_id) where order_id is not null`.execute(db);
  await sql`create index payment_attempts_open_idx on payment_attempts (created_at) where status in ('pending', 'charged')`.execute(db);

  // One invoice per payment.
  await sql`alter table invoices add column payment_attempt_id uuid unique references payment_attempts(id) on delete set null`.execute(db);

  await sql`alter table subscriptions drop constraint subscriptions_status_check`.execute(db);
  await sql`
    alter table subscriptions
      add constraint subscriptions_status_check check (status in ('active', 'cancelled', 'expired')),
      add column card_exp_month smallint check (card_exp_month between 1 and 12),
      add column card_exp_year smallint check (card_exp_year between 2000 and 2200),
      add column payment_token text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table subscriptions drop column if exists payment_token, drop column if exists card_exp_year, drop column if exists card_exp_month, drop constraint subscriptions_status_check`.execute(
    db,
  );
  await sql`update subscriptions set status = 'cancelled' where status = 'expired'`.execute(db);
  await sql`alter table subscriptions add constraint subscriptions_status_check check (status in ('active', 'cancelled'))`.execute(db);
  await sql`alter table invoices drop column if exists payment_attempt_id`.execute(db);
  await sql`drop index if exists payment_attempts_open_idx`.execute(db);
  await sql`drop index if exists payment_attempts_order_id`.execute(db);
  await sql`drop index if exists payment_attempts_idempotency_key`.execute(db);
  await sql`
    alter table payment_attempts
      drop column updated_at, drop column payment_token, drop column card_exp_year, drop column card_exp_month, drop column card_last4,
      drop column order_id, drop column period_start, drop column plan, drop column purpose, drop column idempotency_key,
      drop constraint payment_attempts_status_check`.execute(db);
  await sql`update payment_attempts set status = 'failed' where status in ('pending', 'charged')`.execute(db);
  await sql`alter table payment_attempts add constraint payment_attempts_status_check check (status in ('succeeded', 'failed'))`.execute(
    db,
  );
}
