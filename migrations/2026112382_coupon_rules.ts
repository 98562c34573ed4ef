import { type Kysely, sql } from 'kysely';

/*
 * Coupon rules beyond amount and dates: a coupon may apply to one category of services only
 * (matched by category name, e.g. Facial at a spa or a parlour), to a customer's first booking, to
 * Saturday and Sunday appointments, or be buy-one-get-one (the cheapest of two or more services is
 * free; its percentage is then the most it can take off, two equal services).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table coupons add column service_category text check (service_category is null or length(service_category) between 1 and 100)`.execute(
    db,
  );
  await sql`alter table coupons add column first_booking_only boolean not null default false`.execute(db);
  await sql`alter table coupons add column weekend_only boolean not null default false`.execute(db);
  await sql`alter table coupons add column buy_one_get_one boolean not null default false`.execute(db);
  // The demo's platform offers already promise these meanings (the chat assistant states them).
  await sql`update coupons set service_category = 'Facial', description = '20% off facials' where code = 'GLOW20' and merchant_id is null`.execute(
    db,
  );
  await sql`update coupons set first_booking_only = true, description = '₹200 off first booking' where code = 'NEWUSER' and merchant_id is null`.execute(
    db,
  );
  await sql`update coupons set weekend_only = true, buy_one_get_one = true, min_amount = 0, description = 'Buy 1 get 1' where code = 'WEEKEND' and merchant_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['buy_one_get_one', 'weekend_only', 'first_booking_only', 'service_category']) {
    await sql`alter table coupons drop column if exists ${sql.id(column)}`.execute(db);
  }
}
