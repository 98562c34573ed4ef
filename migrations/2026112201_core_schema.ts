import { type Kysely, sql } from 'kysely';

// The core schema of the marketplace. Invariants live here too: statuses, money and ratings are
// CHECKed, and the exclusion constraint on bookings makes a double booking of one staff member
// impossible whatever the application does.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists cube`.execute(db);
  await sql`create extension if not exists earthdistance`.execute(db);

  await sql`
    create table app_settings (
      key text primary key,
      value text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table accounts (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      password_hash text,
      role text not null check (role in ('customer', 'merchant', 'admin')),
      first_name text not null default '' check (length(first_name) <= 100),
      last_name text not null default '' check (length(last_name) <= 100),
      phone text check (phone is null or phone ~ '^[6-9][0-9]{9}$'),
      avatar_url text,
      is_blocked boolean not null default false,
      blocked_reason text,
      token_version integer not null default 0,
      notification_prefs jsonb not null default '{}'::jsonb,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint accounts_email_lower check (email = lower(email))
    )`.execute(db);
  await sql`create unique index accounts_email_key on accounts (email)`.execute(db);
  await sql`create index accounts_role_idx on accounts (role, created_at desc)`.execute(db);

  await sql`
    create table login_attempts (
      id bigint generated always as identity primary key,
      email text not null,
      ip text not null,
      succeeded boolean not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_attempts_email_idx on login_attempts (email, created_at desc)`.execute(db);
  await sql`create index login_attempts_ip_idx on login_attempts (ip, created_at desc)`.execute(db);

  await sql`
    create table one_time_codes (
      id uuid primary key default gen_random_uuid(),
      account_id uuid references accounts(id) on delete cascade,
      destination text not null,
      purpose text not null check (purpose in ('password_reset', 'login', 'registration')),
      code_hash text not null,
      attempts integer not null default 0 check (attempts >= 0),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index one_time_codes_dest_idx on one_time_codes (destination, purpose, created_at desc)`.execute(db);

  await sql`
    create table categories (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 80),
      shop_category text not null check (shop_category in ('salon', 'spa', 'beautyParlour', 'tattoo', 'wellness')),
      image text,
      icon text,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      unique (name, shop_category)
    )`.execute(db);

  await sql`
    create table merchants (
      id uuid primary key references accounts(id) on delete cascade,
      shop_name text not null check (length(shop_name) between 1 and 120),
      shop_owner text not null,
      address text not null default '',
      city text not null default '',
      state text not null default '',
      country text not null default 'India',
      postal_code text,
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      shop_types text[] not null default '{}',
      description text not null default '',
      phone text,
      email text,
      opening_hours jsonb not null default '[]'::jsonb,
      time_zone text not null default 'Asia/Kolkata',
      is_published boolean not null default false,
      publish_status text not null default 'draft'
        check (publish_status in ('draft', 'pending', 'approved', 'rejected', 'unpublished')),
      publish_note text,
      amenities text[] not null default '{}',
      gender_served text not null default 'unisex' check (gender_served in ('unisex', 'male', 'female')),
      is_sponsored boolean not null default false,
      promotion_message text,
      rating_avg numeric(3,2) not null default 0 check (rating_avg between 0 and 5),
      review_count integer not null default 0 check (review_count >= 0),
      booking_count integer not null default 0 check (booking_count >= 0),
      min_price numeric(10,2),
      notification_settings jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index merchants_published_idx on merchants (is_published, rating_avg desc)`.execute(db);
  await sql`create index merchants_city_idx on merchants (lower(city))`.execute(db);
  await sql`create index merchants_name_trgm on merchants using gin (shop_name gin_trgm_ops)`.execute(db);
  await sql`
    create index merchants_earth_idx on merchants using gist (ll_to_earth(latitude, longitude))
    where latitude is not null and longitude is not null`.execute(db);

  await sql`
    create table merchant_categories (
      merchant_id uuid not null references merchants(id) on delete cascade,
      category_id uuid not null references categories(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (merchant_id, category_id)
    )`.execute(db);

  await sql`
    create table services (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      category_id uuid references categories(id) on delete set null,
      name text not null check (length(name) between 1 and 120),
      description text not null default '',
      duration_min integer not null check (duration_min > 0 and duration_min <= 720),
      price numeric(10,2) not null check (price >= 0),
      discount_type text check (discount_type in ('flat', 'percentage')),
      discount_value numeric(10,2) not null default 0 check (discount_value >= 0),
      discount_active boolean not null default false,
      active boolean not null default true,
      image text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint services_discount_bounds check (
        (discount_type is null and discount_value = 0)
        or (discount_type = 'percentage' and discount_value <= 100)
        or (discount_type = 'flat' and discount_value <= price)
      )
    )`.execute(db);
  await sql`create index services_merchant_idx on services (merchant_id) where active`.execute(db);
  await sql`create index services_name_trgm on services using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    create table staff (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      email text,
      phone text,
      role text not null default 'Stylist' check (role in ('Manager', 'Stylist', 'Receptionist', 'Other')),
      rate numeric(10,2) not null default 0 check (rate >= 0),
      status text not null default 'Active' check (status in ('Active', 'Inactive', 'On Leave')),
      avatar_url text,
      specializations text[] not null default '{}',
      experience_years integer not null default 0 check (experience_years between 0 and 80),
      working_hours jsonb not null default '[]'::jsonb,
      days_off date[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index staff_merchant_idx on staff (merchant_id)`.execute(db);

  await sql`
    create table coupons (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid references merchants(id) on delete cascade,
      code text not null check (code ~ '^[A-Z0-9_-]{3,30}$'),
      description text not null default '',
      discount_type text not null check (discount_type in ('flat', 'percentage')),
      discount_value numeric(10,2) not null check (discount_value > 0),
      min_amount numeric(10,2) not null default 0 check (min_amount >= 0),
      max_discount numeric(10,2) check (max_discount is null or max_discount > 0),
      valid_from date,
      valid_until date,
      usage_limit integer check (usage_limit is null or usage_limit > 0),
      used_count integer not null default 0 check (used_count >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint coupons_percentage_bound check (discount_type <> 'percentage' or discount_value <= 100),
      constraint coupons_usage_bound check (usage_limit is null or used_count <= usage_limit),
      constraint coupons_validity check (valid_from is null or valid_until is null or valid_from <= valid_until)
    )`.execute(db);
  await sql`create unique index coupons_code_key on coupons (code)`.execute(db);

  await sql`
    create table bookings (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references accounts(id),
      merchant_id uuid not null references merchants(id),
      staff_id uuid not null references staff(id),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      booking_date date not null,
      booking_time text not null,
      status text not null default 'upcoming'
        check (status in ('pending', 'upcoming', 'confirmed', 'completed', 'cancelled')),
      subtotal numeric(10,2) not null check (subtotal >= 0),
      discount_amount numeric(10,2) not null default 0 check (discount_amount >= 0),
      total_price numeric(10,2) not null check (total_price >= 0),
      total_duration integer not null check (total_duration > 0),
      coupon_id uuid references coupons(id),
      cancellation_reason text,
      cancelled_by text check (cancelled_by in ('customer', 'merchant', 'admin')),
      cancelled_at timestamptz,
      refund_percent integer check (refund_percent in (0, 50, 100)),
      scanned boolean not null default false,
      scanned_at timestamptz,
      payment_received boolean not null default false,
      completed_at timestamptz,
      commission numeric(10,2) check (commission >= 0),
      merchant_earning numeric(10,2) check (merchant_earning >= 0),
      idempotency_key text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint bookings_time_order check (ends_at > starts_at),
      constraint bookings_total check (total_price = subtotal - discount_amount),
      constraint bookings_no_overlap exclude using gist (
        staff_id with =,
        tstzrange(starts_at, ends_at, '[)') with &&
      ) where (status in ('pending', 'upcoming', 'confirmed'))
    )`.execute(db);
  await sql`create unique index bookings_idempotency_key on bookings (user_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await sql`create index bookings_user_idx on bookings (user_id, created_at desc)`.execute(db);
  await sql`create index bookings_merchant_idx on bookings (merchant_id, starts_at desc)`.execute(db);
  await sql`create index bookings_merchant_date_idx on bookings (merchant_id, booking_date)`.execute(db);

  await sql`
    create table booking_services (
      booking_id uuid not null references bookings(id) on delete cascade,
      position integer not null,
      service_id uuid references services(id) on delete set null,
      service_name text not null,
      duration_min integer not null check (duration_min > 0),
      price numeric(10,2) not null check (price >= 0),
      primary key (booking_id, position)
    )`.execute(db);
  await sql`create index booking_services_service_idx on booking_services (service_id)`.execute(db);

  await sql`
    create table commission_ledger (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null unique references bookings(id),
      merchant_id uuid not null references merchants(id),
      gross_amount numeric(10,2) not null check (gross_amount >= 0),
      commission numeric(10,2) not null check (commission >= 0),
      merchant_earning numeric(10,2) not null check (merchant_earning >= 0),
      created_at timestamptz not null default now(),
      constraint commission_ledger_sum check (commission + merchant_earning = gross_amount)
    )`.execute(db);

  await sql`
    create table reviews (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid unique references bookings(id) on delete set null,
      user_id uuid not null references accounts(id) on delete cascade,
      merchant_id uuid not null references merchants(id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      comment text not null default '' check (length(comment) <= 2000),
      response_text text check (response_text is null or length(response_text) <= 2000),
      response_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reviews_merchant_idx on reviews (merchant_id, created_at desc)`.execute(db);

  await sql`
    create table manual_bookings (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      mobile text not null check (mobile ~ '^[6-9][0-9]{9}$'),
      email text not null,
      status text not null default 'confirmed' check (status in ('confirmed', 'completed', 'cancelled')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index manual_bookings_merchant_idx on manual_bookings (merchant_id, created_at desc)`.execute(db);

  await sql`
    create table shop_images (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      url text not null,
      storage_key text,
      is_cover boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index shop_images_one_cover on shop_images (merchant_id) where is_cover`.execute(db);

  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id) on delete cascade,
      type text not null check (type in ('booking', 'system', 'alert')),
      title text not null,
      message text not null,
      link text,
      is_read boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index notifications_account_idx on notifications (account_id, created_at desc)`.execute(db);

  await sql`
    create table support_messages (
      id uuid primary key default gen_random_uuid(),
      account_id uuid references accounts(id) on delete set null,
      merchant_id uuid references merchants(id) on delete set null,
      kind text not null check (kind in ('contact', 'ticket')),
      type text not null default 'General',
      name text not null,
      email text not null,
      subject text not null,
      message text not null,
      category text check (category in ('account', 'billing', 'technical', 'other')),
      priority text check (priority in ('low', 'medium', 'high')),
      status text not null default 'open' check (status in ('open', 'pending', 'closed')),
      reply text,
      replied_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index support_messages_status_idx on support_messages (status, created_at desc)`.execute(db);

  await sql`
    create table outbox_messages (
      id uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('email', 'sms', 'whatsapp', 'push')),
      recipient text not null,
      subject text,
      body text not null,
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
      provider text not null default 'outbox',
      attempts integer not null default 0,
      last_error text,
      meta jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index outbox_messages_created_idx on outbox_messages (created_at desc)`.execute(db);
  await sql`create index outbox_messages_recipient_idx on outbox_messages (recipient, created_at desc)`.execute(db);

  await sql`
    create table testimonials (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      content text not null,
      name text not null,
      avatar text,
      rating smallint not null check (rating between 1 and 5),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table newsletter_subscribers (
      email text primary key check (email = lower(email)),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      actor_id uuid references accounts(id) on delete set null,
      action text not null,
      entity text not null,
      entity_id text,
      details jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_log_created_idx on audit_log (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log',
    'newsletter_subscribers',
    'testimonials',
    'outbox_messages',
    'support_messages',
    'notifications',
    'shop_images',
    'manual_bookings',
    'reviews',
    'commission_ledger',
    'booking_services',
    'bookings',
    'coupons',
    'staff',
    'services',
    'merchant_categories',
    'merchants',
    'categories',
    'one_time_codes',
    'login_attempts',
    'accounts',
    'app_settings',
  ]) {
    await sql`drop table if exists ${sql.id(t)} cascade`.execute(db);
  }
}
