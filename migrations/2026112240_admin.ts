import { type Kysely, sql } from 'kysely';

// The admin area: locations the platform features on the home page, editable e-mail templates,
// and indexes for the admin lists and reports that read across every salon.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table featured_locations (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 100),
      city text not null check (length(city) between 1 and 100),
      state text not null default '',
      kind text not null check (kind in ('city', 'locality')),
      lat double precision not null check (lat between -90 and 90),
      lng double precision not null check (lng between -180 and 180),
      sort_order integer not null default 0,
      created_by uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index featured_locations_place_key on featured_locations (kind, lower(name), lower(city))`.execute(db);

  await sql`
    create table email_templates (
      key text primary key check (key ~ '^[a-z_]{3,50}$'),
      description text not null default '',
      subject text not null check (length(subject) between 1 and 200),
      body text not null check (length(body) between 1 and 10000),
      updated_by uuid references accounts(id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into email_templates (key, description, subject, body) values
      ('support_reply', 'Our answer to a contact message or support ticket',
       'Re: {{subject}}',
       ${'Hello {{name}},\n\n{{reply}}\n\nYour message:\n> {{message}}\n\nThe GlowBook team'}),
      ('salon_approved', 'Sent to a salon owner when the salon is published',
       '{{shopName}} is now live on GlowBook',
       ${'Hello {{ownerName}},\n\nGood news: {{shopName}} has been approved and customers can now find and book it on GlowBook.\n\nThe GlowBook team'}),
      ('salon_rejected', 'Sent to a salon owner when a publish request is declined',
       'Your publish request for {{shopName}}',
       ${'Hello {{ownerName}},\n\nWe could not publish {{shopName}} yet. Reason: {{reason}}\n\nPlease update your shop profile and send the request again.\n\nThe GlowBook team'}),
      ('salon_unpublished', 'Sent to a salon owner when the platform takes the salon off the marketplace',
       '{{shopName}} has been unpublished',
       ${'Hello {{ownerName}},\n\n{{shopName}} is no longer listed on GlowBook. Reason: {{reason}}\n\nContact support if you have questions.\n\nThe GlowBook team'})
  `.execute(db);

  // Reports and the dashboard trend group bookings by their salon-local date across all salons.
  await sql`create index bookings_booking_date_idx on bookings (booking_date)`.execute(db);
  await sql`create index merchants_publish_status_idx on merchants (publish_status, publish_requested_at)`.execute(db);
  // The security screen reads recent failures only.
  await sql`create index login_attempts_failed_idx on login_attempts (created_at desc) where not succeeded`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (actor_id, created_at desc)`.execute(db);
  await sql`create index commission_ledger_created_idx on commission_ledger (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const idx of [
    'commission_ledger_created_idx',
    'audit_log_actor_idx',
    'login_attempts_failed_idx',
    'merchants_publish_status_idx',
    'bookings_booking_date_idx',
  ]) {
    await sql`drop index if exists ${sql.id(idx)}`.execute(db);
  }
  await sql`drop table if exists email_templates`.execute(db);
  await sql`drop table if exists featured_locations`.execute(db);
}
