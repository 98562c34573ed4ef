import { type Kysely, sql } from 'kysely';

/*
 * Issue 41 item 4: what a salon sells ahead of a visit (packages of sessions, memberships with a
 * discount and/or included sessions, gift vouchers of a rupee value) and the customers' holdings of
 * them, each a ledger. Money here is integer paise. The database holds what must never break:
 * - a holding's sessions and voucher balance are never below zero (CHECK), and each change is a
 *   ledger row carrying the balance after it, written under the holding's row lock;
 * - a holding is redeemed at most once per booking and once per checkout, and a booking's session
 *   is given back at most once (unique partial indexes);
 * - a voucher code is unique; a checkout can take a voucher as a payment part ('voucher').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table salon_offers (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      kind text not null check (kind in ('package', 'membership', 'voucher')),
      name text not null check (length(name) between 1 and 100),
      description text not null default '' check (length(description) <= 500),
      price_paise integer not null check (price_paise > 0),
      validity_days integer not null check (validity_days between 1 and 1830),
      sessions integer not null default 0 check (sessions between 0 and 100),
      service_ids uuid[] not null default '{}',
      discount_percent integer not null default 0 check (discount_percent between 0 and 90),
      category_ids uuid[] not null default '{}',
      value_paise integer not null default 0 check (value_paise >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint salon_offers_package check (kind <> 'package' or (sessions > 0 and cardinality(service_ids) > 0)),
      constraint salon_offers_membership check (kind <> 'membership' or discount_percent > 0 or (sessions > 0 and cardinality(service_ids) > 0)),
      constraint salon_offers_voucher check (kind <> 'voucher' or (value_paise > 0 and sessions = 0 and discount_percent = 0))
    )`.execute(db);
  await sql`create unique index salon_offers_merchant_name on salon_offers (merchant_id, lower(name))`.execute(db);

  await sql`
    create table holdings (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      offer_id uuid references salon_offers(id) on delete set null,
      account_id uuid references accounts(id) on delete cascade,
      kind text not null check (kind in ('package', 'membership', 'voucher')),
      name text not null,
      code text unique check (code ~ '^[A-Z0-9]{10}$'),
      sessions_total integer not null default 0 check (sessions_total >= 0),
      sessions_left integer not null default 0 check (sessions_left >= 0 and sessions_left <= sessions_total),
      service_ids uuid[] not null default '{}',
      discount_percent integer not null default 0 check (discount_percent between 0 and 90),
      category_ids uuid[] not null default '{}',
      value_paise integer not null default 0 check (value_paise >= 0),
      balance_paise integer not null default 0 check (balance_paise >= 0 and balance_paise <= value_paise),
      price_paise integer not null check (price_paise >= 0),
      expires_at timestamptz not null,
      sold_via text not null check (sold_via in ('checkout', 'online')),
      checkout_id uuid references checkouts(id) on delete set null,
      payment_method text,
      payment_reference text,
      created_at timestamptz not null default now(),
      constraint holdings_owner check (kind = 'voucher' or account_id is not null),
      constraint holdings_voucher_code check ((kind = 'voucher') = (code is not null))
    )`.execute(db);
  await sql`create index holdings_account_idx on holdings (account_id, expires_at desc)`.execute(db);
  await sql`create index holdings_merchant_idx on holdings (merchant_id, created_at desc)`.execute(db);

  await sql`
    create table holding_ledger (
      id bigserial primary key,
      holding_id uuid not null references holdings(id) on delete cascade,
      kind text not null check (kind in ('issue', 'redeem', 'restore', 'expire')),
      sessions_change integer not null default 0,
      amount_paise integer not null default 0,
      sessions_after integer not null check (sessions_after >= 0),
      balance_after_paise integer not null check (balance_after_paise >= 0),
      value_paise integer not null default 0 check (value_paise >= 0),
      service_id uuid references services(id) on delete set null,
      booking_id uuid references bookings(id) on delete set null,
      checkout_id uuid references checkouts(id) on delete set null,
      created_at timestamptz not null default now(),
      constraint holding_ledger_redeem check (kind <> 'redeem' or ((sessions_change < 0 or amount_paise < 0) and (booking_id is not null or checkout_id is not null)))
    )`.execute(db);
  await sql`create index holding_ledger_holding_idx on holding_ledger (holding_id, id desc)`.execute(db);
  await sql`create unique index holding_ledger_booking_once on holding_ledger (holding_id, booking_id, kind)
    where booking_id is not null and kind in ('redeem', 'restore')`.execute(db);
  await sql`create unique index holding_ledger_checkout_once on holding_ledger (holding_id, checkout_id)
    where checkout_id is not null and kind = 'redeem'`.execute(db);
  await sql`create index holding_ledger_checkout_idx on holding_ledger (checkout_id) where checkout_id is not null`.execute(db);

  // A booking made online with a package session, a voucher or a membership discount names it.
  await sql`alter table bookings add column holding_id uuid references holdings(id) on delete set null`.execute(db);

  await sql`alter table checkout_payments drop constraint checkout_payments_method_check`.execute(db);
  await sql`alter table checkout_payments add constraint checkout_payments_method_check
    check (method in ('cash', 'upi', 'card', 'wallet', 'prepaid', 'voucher'))`.execute(db);
  await sql`alter table checkout_lines drop constraint checkout_lines_kind_check`.execute(db);
  await sql`alter table checkout_lines add constraint checkout_lines_kind_check
    check (kind in ('service', 'product', 'package', 'membership', 'voucher'))`.execute(db);
  await sql`alter table checkout_lines add column holding_id uuid references holdings(id) on delete set null`.execute(db);

  await sql`alter table wallet_ledger drop constraint wallet_ledger_kind_check`.execute(db);
  await sql`alter table wallet_ledger add constraint wallet_ledger_kind_check
    check (kind in ('refund', 'booking_payment', 'gift_card_redeemed', 'gift_card_purchase', 'adjustment', 'visit_payment', 'salon_purchase'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from wallet_ledger where kind = 'salon_purchase'`.execute(db);
  await sql`alter table wallet_ledger drop constraint wallet_ledger_kind_check`.execute(db);
  await sql`alter table wallet_ledger add constraint wallet_ledger_kind_check
    check (kind in ('refund', 'booking_payment', 'gift_card_redeemed', 'gift_card_purchase', 'adjustment', 'visit_payment'))`.execute(db);
  await sql`alter table checkout_lines drop column holding_id`.execute(db);
  await sql`delete from checkout_lines where kind in ('package', 'membership', 'voucher')`.execute(db);
  await sql`alter table checkout_lines drop constraint checkout_lines_kind_check`.execute(db);
  await sql`alter table checkout_lines add constraint checkout_lines_kind_check check (kind in ('service', 'product'))`.execute(db);
  await sql`delete from checkout_payments where method = 'voucher'`.execute(db);
  await sql`alter table checkout_payments drop constraint checkout_payments_method_check`.execute(db);
  await sql`alter table checkout_payments add constraint checkout_payments_method_check
    check (method in ('cash', 'upi', 'card', 'wallet', 'prepaid'))`.execute(db);
  await sql`alter table bookings drop column holding_id`.execute(db);
  await sql`drop table holding_ledger`.execute(db);
  await sql`drop table holdings`.execute(db);
  await sql`drop table salon_offers`.execute(db);
}
