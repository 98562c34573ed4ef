import { type Kysely, sql } from 'kysely';

/*
 * Settlement statements, payouts and the saved payment method for plan renewals
 * (docs/payments.md "Settlement", docs/billing.md "Payment method").
 *
 * booking_payments.fee / fee_tax: the gateway's fee on a payment and the GST on that fee, as the
 * gateway reported it when the payment was taken (the test gateway reports the computed fee);
 * null when the gateway has not said (the statement then shows an estimate at GATEWAY_FEE).
 *
 * salon_payouts: money the platform paid a salon (bank transfer, UPI), a ledger. The reference
 * (UTR) is unique, so recording the same transfer twice is one payout.
 *
 * billing_payment_methods: the card or UPI AutoPay mandate a salon's renewals are charged to, one
 * per salon, as the gateway saved it (its token, never the card number).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table booking_payments add column fee numeric(10,2) check (fee >= 0), add column fee_tax numeric(10,2) check (fee_tax >= 0)`.execute(
    db,
  );
  await sql`
    create table salon_payouts (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id),
      amount numeric(12,2) not null check (amount > 0),
      reference text not null unique check (length(reference) between 3 and 100),
      paid_on date not null,
      recorded_by uuid references accounts(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index salon_payouts_merchant_idx on salon_payouts (merchant_id, paid_on desc)`.execute(db);
  await sql`
    create table billing_payment_methods (
      merchant_id uuid primary key references merchants(id) on delete cascade,
      gateway text not null,
      kind text not null check (kind in ('card', 'upi')),
      token text not null,
      customer_ref text,
      card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
      card_brand text,
      card_exp_month smallint check (card_exp_month between 1 and 12),
      card_exp_year smallint,
      upi_vpa text,
      updated_at timestamptz not null default now(),
      constraint billing_payment_methods_details_check check (
        (kind = 'card' and card_last4 is not null) or (kind = 'upi' and upi_vpa is not null)
      )
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table billing_payment_methods`.execute(db);
  await sql`drop table salon_payouts`.execute(db);
  await sql`alter table booking_payments drop column fee, drop column fee_tax`.execute(db);
}
