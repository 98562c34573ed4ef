import { type Kysely, sql } from 'kysely';

/*
 * Issue 41 items 2 and 3: a salon's retail products and their stock ledger, and the visit checkout
 * (point of sale) with its lines, tips, split payments and a receipt numbered per salon, series and
 * Indian financial year. The database holds what must never break whatever the code does:
 * - stock is never below zero (CHECK), and every change is a movement row with the stock after it;
 * - a booking is checked out at most once (unique booking_id);
 * - a receipt number is never used twice in a salon's series (unique), and the counter row that
 *   hands them out is locked by the issuing transaction, so they are gap-free;
 * - a bill's figures add up (total = gross − discount = taxable + CGST + SGST; amount due = total + tips);
 * - a wallet payment at checkout is a ledger kind of its own, once per booking.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table products (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      hsn text not null check (hsn ~ '^[0-9]{4}([0-9]{2}){0,2}$'),
      price numeric(10,2) not null check (price > 0),
      gst_rate numeric(4,2) not null check (gst_rate in (0, 5, 12, 18, 28)),
      stock integer not null default 0 check (stock >= 0),
      low_stock_at integer not null default 3 check (low_stock_at >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index products_merchant_name on products (merchant_id, lower(name))`.execute(db);

  await sql`
    create table checkouts (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      booking_id uuid unique references bookings(id) on delete restrict,
      user_id uuid references accounts(id) on delete set null,
      customer_name text not null check (length(customer_name) between 1 and 100),
      customer_phone text,
      customer_email text,
      document_kind text not null check (document_kind in ('tax_invoice', 'bill_of_supply')),
      financial_year text not null check (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
      sequence integer not null check (sequence > 0),
      receipt_number text not null check (length(receipt_number) <= 16),
      supplier_name text not null,
      supplier_gstin text,
      supplier_state text not null,
      supplier_address text not null,
      place_of_supply text not null,
      gross numeric(12,2) not null check (gross >= 0),
      discount numeric(12,2) not null default 0 check (discount >= 0),
      discount_reason text,
      taxable numeric(12,2) not null check (taxable >= 0),
      cgst numeric(12,2) not null default 0 check (cgst >= 0),
      sgst numeric(12,2) not null default 0 check (sgst >= 0),
      total numeric(12,2) not null check (total >= 0),
      tips numeric(12,2) not null default 0 check (tips >= 0),
      amount_due numeric(12,2) not null,
      created_by uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now(),
      constraint checkouts_number_once unique (merchant_id, document_kind, financial_year, sequence),
      constraint checkouts_discount_reason check (discount = 0 or length(discount_reason) > 0),
      constraint checkouts_total check (total = gross - discount and total = taxable + cgst + sgst),
      constraint checkouts_due check (amount_due = total + tips),
      constraint checkouts_gst check (document_kind = 'tax_invoice' or (cgst = 0 and sgst = 0 and supplier_gstin is null)),
      constraint checkouts_gstin check (document_kind = 'bill_of_supply' or supplier_gstin is not null)
    )`.execute(db);
  await sql`create index checkouts_merchant_idx on checkouts (merchant_id, created_at desc)`.execute(db);

  await sql`
    create table checkout_lines (
      id bigserial primary key,
      checkout_id uuid not null references checkouts(id) on delete cascade,
      position integer not null check (position >= 0),
      kind text not null check (kind in ('service', 'product')),
      service_id uuid references services(id) on delete set null,
      product_id uuid references products(id) on delete restrict,
      staff_id uuid references staff(id) on delete set null,
      name text not null,
      code text not null,
      quantity integer not null check (quantity > 0),
      unit_price numeric(10,2) not null check (unit_price >= 0),
      gross numeric(12,2) not null check (gross >= 0),
      discount numeric(12,2) not null check (discount >= 0 and discount <= gross),
      gst_rate numeric(4,2) not null check (gst_rate >= 0),
      taxable numeric(12,2) not null check (taxable >= 0),
      cgst numeric(12,2) not null check (cgst >= 0),
      sgst numeric(12,2) not null check (sgst >= 0),
      unique (checkout_id, position),
      constraint checkout_lines_product check ((kind = 'product') = (product_id is not null)),
      constraint checkout_lines_sums check (gross - discount = taxable + cgst + sgst)
    )`.execute(db);
  await sql`create index checkout_lines_product_idx on checkout_lines (product_id) where product_id is not null`.execute(db);

  await sql`
    create table checkout_tips (
      checkout_id uuid not null references checkouts(id) on delete cascade,
      staff_id uuid not null references staff(id) on delete restrict,
      amount numeric(12,2) not null check (amount > 0),
      primary key (checkout_id, staff_id)
    )`.execute(db);

  await sql`
    create table checkout_payments (
      id bigserial primary key,
      checkout_id uuid not null references checkouts(id) on delete cascade,
      method text not null check (method in ('cash', 'upi', 'card', 'wallet', 'prepaid')),
      amount numeric(12,2) not null check (amount > 0),
      reference text check (length(reference) <= 100)
    )`.execute(db);
  await sql`create index checkout_payments_checkout_idx on checkout_payments (checkout_id)`.execute(db);

  await sql`
    create table receipt_counters (
      merchant_id uuid not null references merchants(id) on delete cascade,
      document_kind text not null check (document_kind in ('tax_invoice', 'bill_of_supply')),
      financial_year text not null,
      last_number integer not null check (last_number > 0),
      primary key (merchant_id, document_kind, financial_year)
    )`.execute(db);

  await sql`
    create table stock_movements (
      id bigserial primary key,
      merchant_id uuid not null references merchants(id) on delete cascade,
      product_id uuid not null references products(id) on delete cascade,
      kind text not null check (kind in ('sale', 'used_in_service', 'adjustment')),
      change integer not null check (change <> 0),
      stock_after integer not null check (stock_after >= 0),
      reason text check (length(reason) <= 200),
      checkout_id uuid references checkouts(id) on delete set null,
      actor_id uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now(),
      constraint stock_movements_reason check (kind <> 'adjustment' or length(reason) > 0),
      constraint stock_movements_checkout check (kind = 'adjustment' or checkout_id is not null)
    )`.execute(db);
  await sql`create index stock_movements_product_idx on stock_movements (product_id, id desc)`.execute(db);

  // A wallet payment at the desk is not the booking's prepayment ('booking_payment'): a prepaid
  // booking may also pay the rest of its bill from the wallet, once.
  await sql`alter table wallet_ledger drop constraint wallet_ledger_kind_check`.execute(db);
  await sql`alter table wallet_ledger add constraint wallet_ledger_kind_check
    check (kind in ('refund', 'booking_payment', 'gift_card_redeemed', 'gift_card_purchase', 'adjustment', 'visit_payment'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from wallet_ledger where kind = 'visit_payment'`.execute(db);
  await sql`alter table wallet_ledger drop constraint wallet_ledger_kind_check`.execute(db);
  await sql`alter table wallet_ledger add constraint wallet_ledger_kind_check
    check (kind in ('refund', 'booking_payment', 'gift_card_redeemed', 'gift_card_purchase', 'adjustment'))`.execute(db);
  await sql`drop table stock_movements`.execute(db);
  await sql`drop table receipt_counters`.execute(db);
  await sql`drop table checkout_payments`.execute(db);
  await sql`drop table checkout_tips`.execute(db);
  await sql`drop table checkout_lines`.execute(db);
  await sql`drop table checkouts`.execute(db);
  await sql`drop table products`.execute(db);
}
