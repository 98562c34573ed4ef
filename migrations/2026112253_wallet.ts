import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Money a customer holds with the platform: an append-only ledger. Each row carries the balance
  // after it (computed under a lock on the account row), which may never go below zero.
  await sql`
    create table wallet_ledger (
      id bigserial primary key,
      account_id uuid not null references accounts(id) on delete cascade,
      amount numeric(12,2) not null check (amount <> 0),
      balance_after numeric(12,2) not null check (balance_after >= 0),
      kind text not null check (kind in ('refund', 'booking_payment', 'gift_card_redeemed', 'gift_card_purchase', 'adjustment')),
      booking_id uuid references bookings(id) on delete set null,
      gift_card_id uuid,
      description text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index wallet_ledger_account_idx on wallet_ledger (account_id, id desc)`.execute(db);
  // One payment and one refund per booking, whatever retries happen.
  await sql`create unique index wallet_ledger_booking_once on wallet_ledger (kind, booking_id) where booking_id is not null`.execute(db);

  await sql`
    create table loyalty_ledger (
      id bigserial primary key,
      account_id uuid not null references accounts(id) on delete cascade,
      points integer not null check (points <> 0),
      balance_after integer not null check (balance_after >= 0),
      kind text not null check (kind in ('booking_completed', 'reward_redeemed', 'adjustment')),
      booking_id uuid references bookings(id) on delete set null,
      coupon_id uuid references coupons(id) on delete set null,
      description text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index loyalty_ledger_account_idx on loyalty_ledger (account_id, id desc)`.execute(db);
  await sql`create unique index loyalty_ledger_booking_once on loyalty_ledger (kind, booking_id) where booking_id is not null`.execute(db);

  await sql`
    create table gift_cards (
      id uuid primary key default gen_random_uuid(),
      code text not null unique,
      amount numeric(12,2) not null check (amount between 500 and 10000),
      purchaser_id uuid not null references accounts(id) on delete cascade,
      payment_method text not null check (payment_method in ('wallet', 'test_card')),
      payment_reference text,
      recipient_name text,
      recipient_email text,
      message text,
      status text not null default 'active' check (status in ('active', 'redeemed')),
      redeemed_by uuid references accounts(id) on delete set null,
      redeemed_at timestamptz,
      created_at timestamptz not null default now(),
      constraint gift_cards_redeemed check ((status = 'redeemed') = (redeemed_by is not null and redeemed_at is not null))
    )`.execute(db);
  await sql`create index gift_cards_purchaser_idx on gift_cards (purchaser_id, created_at desc)`.execute(db);
  await sql`create index gift_cards_redeemer_idx on gift_cards (redeemed_by, redeemed_at desc)`.execute(db);
  await sql`alter table wallet_ledger add constraint wallet_ledger_gift_card_fk foreign key (gift_card_id) references gift_cards(id) on delete set null`.execute(
    db,
  );

  // A reward coupon belongs to one customer.
  await sql`alter table coupons add column owner_account_id uuid references accounts(id) on delete cascade`.execute(db);
  await sql`create index coupons_owner_idx on coupons (owner_account_id) where owner_account_id is not null`.execute(db);

  await sql`alter table bookings add column payment_method text not null default 'pay_at_salon' check (payment_method in ('pay_at_salon', 'wallet'))`.execute(
    db,
  );
  await sql`alter table bookings add column amount_paid numeric(12,2) not null default 0 check (amount_paid >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings drop column if exists amount_paid`.execute(db);
  await sql`alter table bookings drop column if exists payment_method`.execute(db);
  await sql`drop index if exists coupons_owner_idx`.execute(db);
  await sql`alter table coupons drop column if exists owner_account_id`.execute(db);
  await sql`drop table if exists wallet_ledger`.execute(db);
  await sql`drop table if exists gift_cards`.execute(db);
  await sql`drop table if exists loyalty_ledger`.execute(db);
}
