import { type Kysely, sql } from 'kysely';

/*
 * Gift cards paid through a live gateway (Razorpay): the order the buyer pays in Checkout is
 * recorded with its amount and recipient before the gateway is asked, and the gift card is issued
 * from that row, once, only after the payment's signature is verified for that order. So the
 * amount credited is the amount paid, and a proof cannot be used twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table gift_card_orders (
      id uuid primary key default gen_random_uuid(),
      purchaser_id uuid not null references accounts(id) on delete cascade,
      amount numeric(12,2) not null check (amount between 500 and 10000),
      recipient_name text,
      recipient_email text,
      message text,
      gateway text not null,
      order_id text unique,
      status text not null default 'pending' check (status in ('pending', 'paid')),
      payment_reference text,
      gift_card_id uuid references gift_cards(id) on delete set null,
      created_at timestamptz not null default now(),
      constraint gift_card_orders_paid check ((status = 'paid') = (gift_card_id is not null and payment_reference is not null))
    )`.execute(db);
  await sql`create index gift_card_orders_purchaser_idx on gift_card_orders (purchaser_id, created_at desc)`.execute(db);
  await sql`alter table gift_cards drop constraint gift_cards_payment_method_check`.execute(db);
  await sql`alter table gift_cards add constraint gift_cards_payment_method_check check (payment_method in ('wallet', 'test_card', 'razorpay'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table gift_cards drop constraint gift_cards_payment_method_check`.execute(db);
  await sql`alter table gift_cards add constraint gift_cards_payment_method_check check (payment_method in ('wallet', 'test_card'))`.execute(
    db,
  );
  await sql`drop table if exists gift_card_orders`.execute(db);
}
