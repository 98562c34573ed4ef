import { type Kysely, sql } from 'kysely';

// Discovery: indexes for search filters and sorts at catalogue scale, and two small SQL helpers
// that read the opening-hours / working-hours JSON lists, so the "free in this time window"
// filter runs inside the one search query instead of per salon.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index categories_name_trgm on categories using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index merchants_amenities_gin on merchants using gin (amenities) where is_published`.execute(db);
  // The recommended score in float8 (numeric arithmetic over every salon costs more than the scan).
  await sql`
    create index merchants_recommended_idx
    on merchants ((0.7::float8 * rating_avg::float8 + 0.3::float8 * review_count::float8 / 1000) desc, id)
    where is_published`.execute(db);
  await sql`create index merchants_sponsored_idx on merchants (id) where is_published and is_sponsored`.execute(db);
  await sql`create index services_merchant_price_idx on services (merchant_id, price) where active`.execute(db);
  await sql`create index services_category_idx on services (category_id, merchant_id) where active`.execute(db);
  await sql`create index services_lower_name_idx on services (lower(name)) where active`.execute(db);
  await sql`create index bookings_created_idx on bookings (created_at)`.execute(db);
  await sql`create index services_merchant_duration_idx on services (merchant_id, duration_min) where active`.execute(db);
  // Locality searches match the salon's address text ("Bandra West").
  await sql`create index merchants_address_trgm on merchants using gin (address gin_trgm_ops)`.execute(db);

  // 'HH:mm' → minutes after midnight; a closing time of 00:00 or 24:00 is the end of the day.
  await sql`
    create or replace function discovery_clock_minutes(t text, closing boolean) returns integer
    language sql immutable parallel safe as $$
      select case
        when t is null or t !~ '^[0-9]{1,2}:[0-9]{2}$' then null
        when closing and t in ('00:00', '0:00', '24:00') then 1440
        when split_part(t, ':', 1)::int > 23 or split_part(t, ':', 2)::int > 59 then null
        else split_part(t, ':', 1)::int * 60 + split_part(t, ':', 2)::int
      end
    $$`.execute(db);

  // The enabled hours of one weekday in a list of {<day_key>, enabled, <start_key>, <end_key>}
  // as a range of minutes; null when the day is missing or switched off.
  await sql`
    create or replace function discovery_day_range(days jsonb, day_key text, weekday text, start_key text, end_key text)
    returns int4range
    language sql immutable parallel safe as $$
      select case when x.s is not null and x.e is not null and x.s < x.e then int4range(x.s, x.e) else 'empty'::int4range end
      from (
        select discovery_clock_minutes(d ->> start_key, false) as s, discovery_clock_minutes(d ->> end_key, true) as e
        from jsonb_array_elements(case when jsonb_typeof(days) = 'array' then days else '[]'::jsonb end) d
        where jsonb_typeof(d) = 'object' and lower(d ->> day_key) = lower(weekday) and d -> 'enabled' = 'true'::jsonb
        limit 1
      ) x
    $$`.execute(db);

  // The week as 7 ranges of minutes, Monday first ('empty' on a closed day). Kept as generated
  // columns so the availability filter reads an array element instead of parsing JSON per row;
  // a staff member with no list of their own (salon hours) gets null.
  await sql`
    create or replace function discovery_week(days jsonb, day_key text, start_key text, end_key text)
    returns int4range[]
    language sql immutable parallel safe as $$
      select array_agg(coalesce(discovery_day_range(days, day_key, d, start_key, end_key), 'empty'::int4range) order by i)
      from unnest(array['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) with ordinality as w(d, i)
    $$`.execute(db);
  // The salon's point on the earth, computed once per write instead of per row and per use in
  // every radius test, distance and nearest-first walk.
  await sql`
    alter table merchants add column discovery_point earth
      generated always as (ll_to_earth(latitude, longitude)) stored`.execute(db);
  await sql`create index merchants_discovery_point_idx on merchants using gist (discovery_point) where is_published`.execute(db);
  await sql`
    alter table merchants add column discovery_week int4range[]
      generated always as (discovery_week(opening_hours, 'name', 'openTime', 'closeTime')) stored`.execute(db);
  await sql`
    alter table staff add column discovery_week int4range[]
      generated always as (case when jsonb_typeof(working_hours) = 'array' and jsonb_array_length(working_hours) > 0
        then discovery_week(working_hours, 'day', 'start', 'end') end) stored`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table staff drop column if exists discovery_week`.execute(db);
  await sql`alter table merchants drop column if exists discovery_week`.execute(db);
  await sql`alter table merchants drop column if exists discovery_point`.execute(db);
  await sql`drop function if exists discovery_week(jsonb, text, text, text)`.execute(db);
  await sql`drop function if exists discovery_day_range(jsonb, text, text, text, text)`.execute(db);
  await sql`drop function if exists discovery_clock_minutes(text, boolean)`.execute(db);
  for (const idx of [
    'merchants_address_trgm',
    'services_merchant_duration_idx',
    'bookings_created_idx',
    'services_lower_name_idx',
    'services_category_idx',
    'services_merchant_price_idx',
    'merchants_sponsored_idx',
    'merchants_recommended_idx',
    'merchants_amenities_gin',
    'categories_name_trgm',
  ]) {
    await sql`drop index if exists ${sql.id(idx)}`.execute(db);
  }
}
