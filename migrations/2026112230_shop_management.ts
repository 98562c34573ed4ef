import { type Kysely, sql } from 'kysely';

// Shop management: the pricing charts a salon shows, when it asked to be published, and staff
// who left but whose past bookings must keep pointing at them (bookings.staff_id has no cascade).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table merchants add column pricing_charts jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table merchants add column publish_requested_at timestamptz`.execute(db);

  await sql`alter table staff add column archived_at timestamptz`.execute(db);
  await sql`
    alter table staff add constraint staff_archived_inactive
      check (archived_at is null or status = 'Inactive')`.execute(db);

  // Staff analytics and "does this person still have bookings" read bookings by staff member.
  await sql`create index bookings_staff_idx on bookings (staff_id, booking_date)`.execute(db);
  await sql`create index coupons_merchant_idx on coupons (merchant_id, created_at desc)`.execute(db);
  await sql`create index shop_images_merchant_idx on shop_images (merchant_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists shop_images_merchant_idx`.execute(db);
  await sql`drop index if exists coupons_merchant_idx`.execute(db);
  await sql`drop index if exists bookings_staff_idx`.execute(db);
  await sql`alter table staff drop constraint if exists staff_archived_inactive`.execute(db);
  await sql`alter table staff drop column if exists archived_at`.execute(db);
  await sql`alter table merchants drop column if exists publish_requested_at`.execute(db);
  await sql`alter table merchants drop column if exists pricing_charts`.execute(db);
}
