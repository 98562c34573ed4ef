import { sql } from 'kysely';
import type { Db } from '../src/server/db/index.js';
import { keepSearchTableVisible, maintainSearchTable } from '../src/server/db/repositories/discovery.js';
import { refreshMerchantStats } from '../src/server/db/repositories/merchantStats.js';

export interface BenchSize {
  salons: number;
  servicesPerSalon: number;
  staffPerSalon: number;
  customers: number;
  /** Days of past bookings per professional (one completed booking a day each). */
  bookingDaysPerStaff: number;
}

/** The main bench database's catalogue. */
export const SIZES: BenchSize = { salons: 10_000, servicesPerSalon: 10, staffPerSalon: 3, customers: 20_000, bookingDaysPerStaff: 34 };

/**
 * The growth phase's catalogues (bench/growth.ts): the same salons (services, staff, hours) at
 * 1k, 10k and 100k. Their history is scaled down at 100k so seeding stays within minutes on a
 * two-core box: 4 days of bookings per professional there (1.2 million rows, about what 10k
 * holds) against 34 at 1k and 10k.
 */
export const GROWTH_SIZES = {
  '1k': { ...SIZES, salons: 1_000, customers: 2_000 },
  '10k': SIZES,
  '100k': { ...SIZES, salons: 100_000, customers: 100_000, bookingDaysPerStaff: 4 },
} satisfies Record<string, BenchSize>;

const MARKER = 'bench_seed_v1';

const CITIES = [
  ['Mumbai', 'Maharashtra', 19.076, 72.8777],
  ['Delhi', 'Delhi', 28.6139, 77.209],
  ['Bengaluru', 'Karnataka', 12.9716, 77.5946],
  ['Pune', 'Maharashtra', 18.5204, 73.8567],
  ['Hyderabad', 'Telangana', 17.385, 78.4867],
  ['Chennai', 'Tamil Nadu', 13.0827, 80.2707],
  ['Kolkata', 'West Bengal', 22.5726, 88.3639],
  ['Ahmedabad', 'Gujarat', 23.0225, 72.5714],
  ['Jaipur', 'Rajasthan', 26.9124, 75.7873],
  ['Lucknow', 'Uttar Pradesh', 26.8467, 80.9462],
] as const;

const SERVICE_NAMES = [
  'Haircut',
  'Hair Spa',
  'Global Hair Colour',
  'Highlights',
  'Keratin Treatment',
  'Blow Dry',
  'Beard Trim',
  'Classic Facial',
  'Gold Facial',
  'Cleanup',
  'Full Arm Waxing',
  'Eyebrow Threading',
  'Manicure',
  'Pedicure',
  'Swedish Massage',
  'Deep Tissue Massage',
  'Bridal Makeup',
  'Party Makeup',
  'Head Massage',
  'Nail Art',
];

const HOURS = JSON.stringify(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name) => ({
    name,
    enabled: true,
    openTime: '10:00',
    closeTime: '20:00',
  })),
);

/**
 * A large synthetic catalogue generated inside PostgreSQL (generate_series), so seeding 1,000,000
 * bookings takes a minute or two, not an hour of round trips. Runs once per bench database.
 */
export async function seedBenchCatalogue(db: Db, log: (s: string) => void, size: BenchSize = SIZES): Promise<void> {
  const done = await db.selectFrom('app_settings').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (done) {
    log('bench catalogue already present');
    return;
  }
  const cities = sql.raw(
    `(values ${CITIES.map(([c, s, la, lo], i) => `(${i}, '${c}', '${s}', ${la}::float8, ${lo}::float8)`).join(', ')}) as c(idx, city, state, lat, lng)`,
  );
  const names = sql.raw(`(array[${SERVICE_NAMES.map((n) => `'${n}'`).join(',')}])`);
  const t0 = Date.now();
  // The whole seed is one transaction: an interrupted run leaves nothing half-made behind.
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into accounts (email, role, first_name, last_name)
      select 'bench-m' || g || '@bench.in', 'merchant', 'Owner', g::text from generate_series(1, ${size.salons}) g`.execute(trx);
    /*
     * The salons' search rows are written in one statement, not by the per-row trigger (its insert,
     * update and terms lookup per salon took most of an hour at 100k on a busy box); their term ids
     * come from the services' statement trigger below, which recomputes each salon's terms (its name
     * included). The rows end as the trigger would leave them.
     */
    await sql`alter table merchants disable trigger salon_search_merchant_insert`.execute(trx);
    await sql`
      insert into merchants (id, shop_name, shop_owner, address, city, state, latitude, longitude, shop_types,
        description, phone, email, opening_hours, is_published, publish_status, amenities, gender_served)
      select a.id,
        (array['Glow','Lotus','Velvet','Aura','Bliss','Radiance','Serene','Urban','Royal','Crystal'])[1 + a.g % 10]
          || ' ' || (array['Salon','Spa','Studio','Parlour','Lounge'])[1 + (a.g / 10) % 5] || ' ' || a.g,
        'Owner ' || a.g, a.g || ' Main Road', c.city, c.state,
        c.lat + ((a.g * 7919) % 1000 - 500) / 2500.0, c.lng + ((a.g::bigint * 104729) % 1000 - 500) / 2500.0,
        array[(array['salon','spa','beautyParlour'])[1 + a.g % 3]],
        'A neighbourhood salon with trained professionals and hygienic tools.',
        '9' || lpad(a.g::text, 9, '0'), 'hello' || a.g || '@bench.in', ${HOURS}::jsonb,
        a.g % 20 <> 0, case when a.g % 20 <> 0 then 'approved' else 'draft' end,
        case when a.g % 3 = 0 then array['Free WiFi','Parking','Card Payment'] when a.g % 3 = 1 then array['Card Payment'] else array[]::text[] end,
        (array['unisex','female','male'])[1 + a.g % 3]
      from (select id, substring(email from 'bench-m([0-9]+)@')::int as g from accounts where email like 'bench-m%@bench.in') a
      join ${cities} on c.idx = a.g % 10`.execute(trx);
    await sql`alter table merchants enable trigger salon_search_merchant_insert`.execute(trx);
    await sql`
      insert into salon_search (id, is_published, is_sponsored, city, address, state, discovery_point,
        gender_served, amenities, rating_avg, review_count, booking_count, min_price)
      select id, is_published, is_sponsored, city, address, state, discovery_point,
        gender_served, amenities, rating_avg, review_count, booking_count, min_price
      from merchants where email like 'hello%@bench.in'`.execute(trx);
    await sql`
      insert into services (merchant_id, category_id, name, description, duration_min, price)
      select m.id, cat.id, ${names}[1 + (m.n * 7 + k) % 20], 'Professional service', 15 * (1 + (m.n + k) % 6),
        199 + ((m.n * 31 + k * 97) % 48) * 100
      from (select id, row_number() over (order by id) as n from merchants where email like 'hello%@bench.in') m
      cross join generate_series(1, ${size.servicesPerSalon}) k
      cross join lateral (select id from categories where shop_category = 'salon' order by name offset (k % 5) limit 1) cat`.execute(trx);
    await sql`
      insert into merchant_categories (merchant_id, category_id)
      select distinct merchant_id, category_id from services s join merchants m on m.id = s.merchant_id
      where m.email like 'hello%@bench.in' and category_id is not null`.execute(trx);
    await sql`
      insert into staff (merchant_id, name, role, rate, status)
      select m.id, 'Stylist ' || k, 'Stylist', 100, 'Active'
      from merchants m cross join generate_series(1, ${size.staffPerSalon}) k where m.email like 'hello%@bench.in'`.execute(trx);
    await sql`
      insert into accounts (email, role, first_name, last_name)
      select 'bench-c' || g || '@bench.in', 'customer', 'Customer', g::text from generate_series(1, ${size.customers}) g`.execute(trx);
    log(`catalogue rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const t1 = Date.now();
    // One completed booking per staff member per day over past days: a million rows, no overlaps.
    await sql`
    with st as (select s.id, s.merchant_id, row_number() over (order by s.id) as n from staff s
                join merchants m on m.id = s.merchant_id where m.email like 'hello%@bench.in'),
         cu as (select id, row_number() over (order by id) as n from accounts where email like 'bench-c%@bench.in'),
         b as (
           select st.id as staff_id, st.merchant_id, cu.id as user_id,
             (date '2026-01-05' + d) as day, (10 + (st.n + d) % 8)::int as hour, 199 + ((st.n + d) % 40) * 50 as price
           from st cross join generate_series(0, ${size.bookingDaysPerStaff - 1}) d
           join cu on cu.n = 1 + (st.n * 31 + d) % ${size.customers})
    insert into bookings (user_id, merchant_id, staff_id, starts_at, ends_at, booking_date, booking_time, status,
      subtotal, discount_amount, total_price, total_duration, payment_received, commission, merchant_earning, completed_at)
    select user_id, merchant_id, staff_id,
      (day + make_interval(hours => hour)) at time zone 'Asia/Kolkata',
      (day + make_interval(hours => hour, mins => 45)) at time zone 'Asia/Kolkata',
      day, (case when hour > 12 then hour - 12 else hour end) || ':00 ' || (case when hour >= 12 then 'PM' else 'AM' end),
      'completed', price, 0, price, 45, true, round(price * 0.10, 2), price - round(price * 0.10, 2),
      (day + make_interval(hours => hour + 1)) at time zone 'Asia/Kolkata'
    from b`.execute(trx);
    await sql`
    insert into booking_services (booking_id, position, service_id, service_name, duration_min, price)
    select b.id, 0, null, 'Haircut', 45, b.total_price from bookings b
    join merchants m on m.id = b.merchant_id where m.email like 'hello%@bench.in'`.execute(trx);
    log(`bookings in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    await refreshMerchantStats(trx);
    await trx
      .insertInto('app_settings')
      .values({ key: MARKER, value: JSON.stringify({ at: new Date().toISOString(), size }) })
      .execute();
  });
  // A settled database, as autovacuum leaves it: statistics, visibility map, merged GIN lists.
  await sql`vacuum analyze`.execute(db);
  // And as the first night's upkeep of the search table leaves it (salons in city order, compacted).
  await db.transaction().execute((trx) => maintainSearchTable(trx));
  // And as the job runner's next hourly check leaves it: vacuumed after that rewrite.
  await keepSearchTableVisible(db);
}
