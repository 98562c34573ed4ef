import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table subscriptions (
      merchant_id uuid primary key references merchants(id) on delete cascade,
      plan text not null check (plan in ('basic', 'professional', 'enterprise')),
      status text not null default 'active' check (status in ('active', 'cancelled')),
      current_period_start date not null,
      current_period_end date not null,
      card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
      updated_at timestamptz not null default now(),
      check (current_period_start < current_period_end)
    )`.execute(db);

  // Gapless invoice numbers: one counter row per financial year, locked by the issuing transaction.
  await sql`create table invoice_counters (financial_year text primary key, last_number integer not null check (last_number >= 0))`.execute(
    db,
  );

  await sql`
    create table invoices (
      id uuid primary key default gen_random_uuid(),
      number text not null unique,
      merchant_id uuid not null references merchants(id) on delete cascade,
      plan text not null,
      description text not null,
      period_start date not null,
      period_end date not null,
      base_amount numeric(12,2) not null check (base_amount >= 0),
      cgst numeric(12,2) not null default 0 check (cgst >= 0),
      sgst numeric(12,2) not null default 0 check (sgst >= 0),
      igst numeric(12,2) not null default 0 check (igst >= 0),
      total numeric(12,2) not null check (total = base_amount + cgst + sgst + igst),
      place_of_supply text not null,
      gateway text not null,
      payment_reference text not null,
      status text not null default 'paid' check (status in ('paid', 'pending', 'failed')),
      issued_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index invoices_merchant_idx on invoices (merchant_id, issued_at desc)`.execute(db);

  // Every payment attempt, including declined ones, for support and the admin's payments screen.
  await sql`
    create table payment_attempts (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      amount numeric(12,2) not null check (amount > 0),
      gateway text not null,
      reference text,
      status text not null check (status in ('succeeded', 'failed')),
      error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payment_attempts_merchant_idx on payment_attempts (merchant_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists payment_attempts`.execute(db);
  await sql`drop table if exists invoices`.execute(db);
  await sql`drop table if exists invoice_counters`.execute(db);
  await sql`drop table if exists subscriptions`.execute(db);
}
