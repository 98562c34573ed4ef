import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMerchantCards } from '../../src/server/db/repositories/discovery.js';
import type { Actor } from '../../src/server/deps.js';
import { getMerchantById } from '../../src/server/services/discovery/details.js';
import { availabilityDays } from '../../src/server/services/discovery/search.js';
import { recommendedScore } from '../../src/shared/ranking.js';
import { weekdayOf, zonedTimeToInstant } from '../../src/shared/slots.js';
import { categoryId, createDiscoverySalon, type DiscoverySalon, insertNamedBooking } from '../helpers/discoveryFixtures.js';
import { createCoupon, createCustomer, createService, createStaff, localDate, openingHours, workingHours } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Discovery on hand-made salons (runs on PGlite and on PostgreSQL):
 *   Alpha  Pune, Koregaon Park  rating 4.8, 100 reviews,  50 bookings, unisex, WiFi+Parking, from ₹300
 *   Beta   Pune, Baner          rating 4.2, 900 reviews, 300 bookings, female, Parking,     from ₹800, sponsored
 *   Gamma  Mumbai, Bandra West  rating 3.9,  20 reviews, 900 bookings, male,   Card,        from ₹150, closed tomorrow
 *   Delta  Mumbai, Andheri West rating 4.5, 5000 reviews, 10 bookings, unisex, none,        from ₹3500
 *   Hidden Pune, unpublished, would top every list.
 */

let rt: TestRuntime;
let alpha: DiscoverySalon;
let beta: DiscoverySalon;
let gamma: DiscoverySalon;
let delta: DiscoverySalon;
let hidden: DiscoverySalon;
let customer: Actor;
let admin: Actor;
const KOREGAON = { lat: 18.5362, lng: 73.894 };
const tomorrow = localDate(1);
const at = (date: string, hhmm: string) => zonedTimeToInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Asia/Kolkata');

beforeAll(async () => {
  rt = await createTestRuntime();
  customer = await createCustomer(rt);
  admin = await makeAccount(rt, 'admin');
  alpha = await createDiscoverySalon(rt, {
    name: 'Alpha Hair Studio',
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Shop 4, Lane 6, Koregaon Park',
    ...KOREGAON,
    amenities: ['Free WiFi', 'Parking'],
    rating: 4.8,
    reviews: 100,
    bookings: 50,
    cover: '/uploads/alpha-cover.jpg',
    services: [
      { name: 'Haircut', price: 300, category: 'Haircut & Styling' },
      { name: 'Gold Facial', price: 1200, category: 'Facial', duration: 60 },
    ],
  });
  beta = await createDiscoverySalon(rt, {
    name: 'Beta Spa',
    city: 'Pune',
    state: 'Maharashtra',
    address: '12 Baner Road, Baner',
    lat: 18.559,
    lng: 73.7868,
    amenities: ['Parking'],
    gender: 'female',
    rating: 4.2,
    reviews: 900,
    bookings: 300,
    sponsored: 'Free foot soak with every massage',
    openingHours: openingHours('09:00', '21:00'),
    services: [
      { name: 'Swedish Massage', price: 2500, category: 'Massage', duration: 90 },
      { name: 'Hair Spa', price: 800, category: 'Hair Treatment', duration: 60 },
    ],
  });
  gamma = await createDiscoverySalon(rt, {
    name: 'Gamma Barbers',
    city: 'Mumbai',
    state: 'Maharashtra',
    address: '3 Hill Road, Bandra West',
    lat: 19.0596,
    lng: 72.8295,
    amenities: ['Card Payment'],
    gender: 'male',
    rating: 3.9,
    reviews: 20,
    bookings: 900,
    openingHours: openingHours('09:00', '18:00', [weekdayOf(tomorrow)]),
    services: [
      { name: 'Beard Trim', price: 150, category: 'Beard & Shave' },
      { name: 'Haircut', price: 250, category: 'Haircut & Styling' },
    ],
  });
  delta = await createDiscoverySalon(rt, {
    name: 'Delta Lounge',
    city: 'Mumbai',
    state: 'Maharashtra',
    address: '7 Lokhandwala Complex, Andheri West',
    lat: 19.1364,
    lng: 72.8296,
    rating: 4.5,
    reviews: 5000,
    bookings: 10,
    services: [{ name: 'Luxury Pedicure', price: 3500, category: 'Nails' }],
  });
  hidden = await createDiscoverySalon(rt, {
    name: 'Hidden Gem Salon',
    published: false,
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Koregaon Park',
    lat: 18.537,
    lng: 73.895,
    amenities: ['Free WiFi', 'Parking', 'Card Payment'],
    rating: 5,
    reviews: 10_000,
    bookings: 10_000,
    sponsored: 'Secret deal',
    services: [
      { name: 'Secret Service', price: 100, category: 'Piercing' },
      { name: 'Gold Facial', price: 90, category: 'Facial' },
    ],
  });

  // Staff for the time-window filter (tomorrow): Alpha is free all day; Beta's morning member is
  // booked 09:00-11:30 (Beta's shortest service is 60 min) and its evening member works 17-21;
  // Gamma is closed tomorrow; Delta's only member is on leave.
  const a1 = await createStaff(rt, alpha.id);
  const b1 = await createStaff(rt, beta.id, { workingHours: workingHours('09:00', '12:00') });
  await createStaff(rt, beta.id, { workingHours: workingHours('17:00', '21:00') });
  const g1 = await createStaff(rt, gamma.id);
  await createStaff(rt, delta.id, { status: 'On Leave' });
  const h1 = await createStaff(rt, hidden.id);
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: beta.id,
    staffId: b1,
    services: ['Hair Spa'],
    startsAt: at(tomorrow, '09:00'),
    minutes: 150,
    bookingDate: tomorrow,
  });

  // Bookings made this week (trending) and one made 10 days ago.
  const yesterday = localDate(-1);
  const past = at(yesterday, '10:00');
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: alpha.id,
    staffId: a1,
    services: ['Gold Facial'],
    startsAt: past,
    status: 'completed',
    createdDaysAgo: 2,
    bookingDate: yesterday,
  });
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: alpha.id,
    staffId: a1,
    services: ['Gold Facial', 'Haircut'],
    startsAt: at(yesterday, '12:00'),
    status: 'completed',
    createdDaysAgo: 1,
    bookingDate: yesterday,
  });
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: alpha.id,
    staffId: a1,
    services: ['Haircut'],
    startsAt: at(yesterday, '14:00'),
    status: 'cancelled',
    createdDaysAgo: 1,
    bookingDate: yesterday,
  });
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: gamma.id,
    staffId: g1,
    services: ['Beard Trim'],
    startsAt: at(yesterday, '11:00'),
    status: 'completed',
    createdDaysAgo: 3,
    bookingDate: yesterday,
  });
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: gamma.id,
    staffId: g1,
    services: ['Luxury Shave'],
    startsAt: at(localDate(-10), '11:00'),
    status: 'completed',
    createdDaysAgo: 10,
    bookingDate: localDate(-10),
  });
  for (let i = 0; i < 4; i++) {
    await insertNamedBooking(rt, {
      user: customer,
      merchantId: hidden.id,
      staffId: h1,
      services: ['Secret Service'],
      startsAt: at(yesterday, `1${i}:00`),
      status: 'completed',
      createdDaysAgo: 1,
      bookingDate: yesterday,
    });
  }
});

afterAll(async () => {
  await rt?.close();
});

const search = (input: Record<string, unknown>) => rt.caller(null).merchants.search(input);
const names = (list: { shop_Name: string }[]) => list.map((m) => m.shop_Name);
const ALPHA = 'Alpha Hair Studio';
const BETA = 'Beta Spa';
const GAMMA = 'Gamma Barbers';
const DELTA = 'Delta Lounge';

describe('merchants.search filters', () => {
  it('lists only published salons, by recommended score by default', async () => {
    const r = await search({});
    expect(names(r.data.merchants)).toEqual([DELTA, ALPHA, BETA, GAMMA]);
    expect(r.data.total).toBe(4);
    expect(r.data.merchants[0].recommendedScore).toBeCloseTo(recommendedScore(4.5, 5000), 4);
  });

  it('service matches service names, category names and salon names', async () => {
    expect(names((await search({ service: 'facial' })).data.merchants)).toEqual([ALPHA]);
    expect(names((await search({ service: 'Hair Treatment' })).data.merchants)).toEqual([BETA]);
    expect(names((await search({ service: 'barbers' })).data.merchants)).toEqual([GAMMA]);
    expect(names((await search({ service: 'haircut', sortBy: 'rating' })).data.merchants)).toEqual([ALPHA, GAMMA]);
    expect((await search({ service: 'secret service' })).data.total).toBe(0);
  });

  it('a matching service is listed first on the card', async () => {
    const [card] = (await search({ service: 'facial' })).data.merchants;
    expect(card.services[0]).toMatchObject({ name: 'Gold Facial', price: 1200 });
    expect(card.serviceCount).toBe(2);
  });

  it('categories takes names or ids (any of them)', async () => {
    expect(names((await search({ categories: 'Beard & Shave' })).data.merchants)).toEqual([GAMMA]);
    const nails = await categoryId(rt, 'Nails');
    expect(names((await search({ categories: `${nails},massage`, sortBy: 'rating' })).data.merchants)).toEqual([DELTA, BETA]);
    expect((await search({ categories: 'No Such Category' })).data.total).toBe(0);
  });

  it('location: a city, a locality (radius or address), or plain text', async () => {
    expect(names((await search({ location: 'Pune', sortBy: 'rating' })).data.merchants)).toEqual([ALPHA, BETA]);
    expect(names((await search({ location: 'Bombay', sortBy: 'rating' })).data.merchants)).toEqual([DELTA, GAMMA]);
    const bandra = await search({ location: 'Bandra' });
    expect(names(bandra.data.merchants)).toEqual([GAMMA]);
    expect(bandra.data.merchants[0].distanceInKm).toBeLessThan(3);
    expect(names((await search({ location: 'Koregaon Park, Pune' })).data.merchants)).toEqual([ALPHA]);
    expect(names((await search({ location: 'Lane 6' })).data.merchants)).toEqual([ALPHA]);
  });

  it('maxDistance limits the radius around lat/lng or the named place', async () => {
    const near = await search({ ...KOREGAON, maxDistance: 20, sortBy: 'distance' });
    expect(names(near.data.merchants)).toEqual([ALPHA, BETA]);
    expect(near.data.merchants[0].distanceInKm).toBe(0);
    expect(near.data.merchants[1].distanceInKm).toBeGreaterThan(10);
    expect(names((await search({ ...KOREGAON, maxDistance: 5 })).data.merchants)).toEqual([ALPHA]);
    expect(names((await search({ location: 'Andheri West', maxDistance: 1 })).data.merchants)).toEqual([DELTA]);
    // Without it, coordinates only measure: every salon, with its distance.
    const all = await search({ ...KOREGAON });
    expect(all.data.total).toBe(4);
    expect(all.data.merchants.every((m) => typeof m.distanceInKm === 'number')).toBe(true);
  });

  it('distances and radii are earthdistance’s own (earth_distance), to the millimetre', async () => {
    const origins = [KOREGAON, { lat: 19.0596, lng: 72.8295 }, { lat: 28.61, lng: 77.21 }, { lat: -33.9, lng: 151.2 }];
    for (const origin of origins) {
      const { rows: truth } = await sql<{ id: string; metres: number }>`
        select m.id, earth_distance(ll_to_earth(${origin.lat}::float8, ${origin.lng}::float8), m.discovery_point) as metres
        from salon_search m where m.is_published`.execute(rt.deps.db);
      const byId = new Map(truth.map((t) => [t.id, Number(t.metres)]));
      const sorted = await findMerchantCards(
        rt.deps.db,
        { origin, sort: 'distance', limit: 50, offset: 0, withTotal: true },
        { cardImages: 1, cardServices: 1 },
      );
      const measured = await findMerchantCards(
        rt.deps.db,
        { origin, sort: 'rating', limit: 50, offset: 0, withTotal: true },
        { cardImages: 1, cardServices: 1 },
      );
      expect(sorted.map((r) => r.id)).toEqual([...truth].sort((a, b) => a.metres - b.metres).map((t) => t.id));
      for (const r of [...sorted, ...measured]) expect(Math.abs(Number(r.distance_m) - byId.get(r.id)!)).toBeLessThan(0.001);
      // A radius between each pair of neighbours keeps exactly the salons earth_distance keeps.
      for (const radiusM of [1, 5_000, 12_500, 150_000, 2_000_000, 30_000_000]) {
        const within = await findMerchantCards(
          rt.deps.db,
          { area: { center: origin, radiusM }, sort: 'recommended', limit: 50, offset: 0, withTotal: true },
          { cardImages: 1, cardServices: 1 },
        );
        expect(within.map((r) => r.id).sort()).toEqual(
          truth
            .filter((t) => t.metres <= radiusM)
            .map((t) => t.id)
            .sort(),
        );
      }
    }
  });

  it('prices: a rupee range or a tier of the lowest price', async () => {
    expect(names((await search({ prices: '200-500' })).data.merchants)).toEqual([ALPHA]);
    expect(names((await search({ prices: '$', sortBy: 'price_asc' })).data.merchants)).toEqual([GAMMA, ALPHA]);
    expect(names((await search({ prices: '$$' })).data.merchants)).toEqual([BETA]);
    expect(names((await search({ prices: '$$$$' })).data.merchants)).toEqual([DELTA]);
    expect(names((await search({ prices: '1000-' })).data.merchants)).toEqual([DELTA]);
  });

  it('ratings is a minimum', async () => {
    expect(names((await search({ ratings: '4.5' })).data.merchants)).toEqual([DELTA, ALPHA]);
  });

  it('gender: male or female include unisex salons; unisex alone; any is no filter', async () => {
    expect(names((await search({ gender: 'female' })).data.merchants)).toEqual([DELTA, ALPHA, BETA]);
    expect(names((await search({ gender: 'Male' })).data.merchants)).toEqual([DELTA, ALPHA, GAMMA]);
    expect(names((await search({ gender: 'unisex' })).data.merchants)).toEqual([DELTA, ALPHA]);
    expect((await search({ gender: 'any' })).data.total).toBe(4);
  });

  it('experience: salons with an active professional in the band', async () => {
    const db = rt.deps.db;
    const setYears = (merchantId: string, years: number) =>
      db.updateTable('staff').set({ experience_years: years }).where('merchant_id', '=', merchantId).execute();
    await setYears(alpha.id, 2);
    await setYears(beta.id, 5);
    await setYears(gamma.id, 12);
    await setYears(delta.id, 0);
    try {
      expect(names((await search({ experience: 'junior' })).data.merchants)).toEqual([ALPHA]);
      expect(names((await search({ experience: 'senior' })).data.merchants)).toEqual([BETA]);
      expect(names((await search({ experience: 'master' })).data.merchants)).toEqual([GAMMA]);
      expect((await search({ experience: 'all' })).data.total).toBe(4);
      await expect(search({ experience: 'guru' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('experience'),
      });
    } finally {
      await db.updateTable('staff').set({ experience_years: 0 }).execute();
    }
  });

  it('amenities: every listed one', async () => {
    expect(names((await search({ amenities: 'parking' })).data.merchants)).toEqual([ALPHA, BETA]);
    expect(names((await search({ amenities: 'Free WiFi,Parking' })).data.merchants)).toEqual([ALPHA]);
  });

  it('date + time window: only salons with an active member free for their shortest service then', async () => {
    expect(names((await search({ date: tomorrow, time: 'morning' })).data.merchants)).toEqual([ALPHA]);
    expect(names((await search({ date: tomorrow, time: 'afternoon' })).data.merchants)).toEqual([ALPHA]);
    expect(names((await search({ date: tomorrow, time: 'evening' })).data.merchants)).toEqual([ALPHA, BETA]);
    expect(names((await search({ date: tomorrow })).data.merchants)).toEqual([ALPHA, BETA]);
    expect((await search({ date: localDate(-1), time: 'morning' })).data.total).toBe(0);
  });

  it('availability: today, tomorrow, this week or next week, with or without a time window', async () => {
    expect(names((await search({ availability: 'tomorrow' })).data.merchants)).toEqual([ALPHA, BETA]);
    expect(names((await search({ availability: 'tomorrow', time: 'morning' })).data.merchants)).toEqual([ALPHA]);
    // Gamma is closed only on tomorrow's weekday and Delta's one professional is on leave.
    expect(names((await search({ availability: 'next_week' })).data.merchants)).toEqual([ALPHA, BETA, GAMMA]);
    expect(names((await search({ availability: 'next_week', time: 'morning' })).data.merchants)).toEqual([ALPHA, BETA, GAMMA]);
    // A date sent wins over the range.
    expect(names((await search({ availability: 'next_week', date: tomorrow, time: 'morning' })).data.merchants)).toEqual([ALPHA]);
    await expect(search({ availability: 'someday' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('availability'),
    });
  });

  it('availability ranges are days in India time: this week ends on Sunday, next week is Monday to Sunday', () => {
    // Wednesday 2026-11-25, 23:00 in India (17:30 UTC).
    const wednesday = new Date('2026-11-25T17:30:00Z');
    expect(availabilityDays({ availability: 'today' }, wednesday)).toEqual(['2026-11-25']);
    expect(availabilityDays({ availability: 'tomorrow' }, wednesday)).toEqual(['2026-11-26']);
    expect(availabilityDays({ availability: 'week' }, wednesday)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(availabilityDays({ availability: 'next_week' }, wednesday)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    // 19:00 UTC on Sunday is already Monday in India.
    expect(availabilityDays({ availability: 'week' }, new Date('2026-11-29T19:00:00Z'))).toHaveLength(7);
    expect(availabilityDays({ availability: 'week' }, new Date('2026-11-29T10:00:00Z'))).toEqual(['2026-11-29']);
    expect(availabilityDays({ time: 'evening' }, wednesday)).toEqual(['2026-11-25']);
    expect(availabilityDays({ date: '2026-12-24', availability: 'week' }, wednesday)).toEqual(['2026-12-24']);
    expect(availabilityDays({}, wednesday)).toEqual([]);
  });

  it('a cancelled booking frees the time again', async () => {
    await rt.deps.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('merchant_id', '=', beta.id)
      .where('booking_date', '=', tomorrow)
      .execute();
    try {
      expect(names((await search({ date: tomorrow, time: 'morning' })).data.merchants)).toEqual([ALPHA, BETA]);
    } finally {
      await rt.deps.db
        .updateTable('bookings')
        .set({ status: 'upcoming' })
        .where('merchant_id', '=', beta.id)
        .where('booking_date', '=', tomorrow)
        .execute();
    }
  });

  it('filters combine', async () => {
    const r = await search({ service: 'haircut', location: 'Pune', amenities: 'Parking', ratings: 4 });
    expect(names(r.data.merchants)).toEqual([ALPHA]);
  });

  it('bad input is a 400 naming the parameter', async () => {
    await expect(search({ prices: 'cheap' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('prices') });
    await expect(search({ sortBy: 'nearest' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('sortBy') });
    await expect(search({ amenities: 'Jacuzzi' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('amenities'),
    });
    await expect(search({ limit: 51 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('limit') });
    await expect(search({ lat: 18.5 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('lng') });
    await expect(search({ date: '2026-02-30x' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('date') });
  });
});

describe('merchants.search sorts and pages', () => {
  it('rating, popular, price_asc, price_desc, distance', async () => {
    expect(names((await search({ sortBy: 'rating' })).data.merchants)).toEqual([ALPHA, DELTA, BETA, GAMMA]);
    expect(names((await search({ sortBy: 'popular' })).data.merchants)).toEqual([GAMMA, BETA, ALPHA, DELTA]);
    expect(names((await search({ sortBy: 'price_asc' })).data.merchants)).toEqual([GAMMA, ALPHA, BETA, DELTA]);
    expect(names((await search({ sortBy: 'price_desc' })).data.merchants)).toEqual([DELTA, BETA, ALPHA, GAMMA]);
    const byDistance = await search({ ...KOREGAON, sortBy: 'distance' });
    expect(names(byDistance.data.merchants)).toEqual([ALPHA, BETA, GAMMA, DELTA]);
    const km = byDistance.data.merchants.map((m) => m.distanceInKm!);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
  });

  it('distance without a position falls back to recommended', async () => {
    expect(names((await search({ sortBy: 'distance' })).data.merchants)).toEqual([DELTA, ALPHA, BETA, GAMMA]);
  });

  it('pages keep the total', async () => {
    const p2 = await search({ limit: 3, page: 2 });
    expect(names(p2.data.merchants)).toEqual([GAMMA]);
    expect(p2.data.total).toBe(4);
    const p1 = await search({ limit: 3, page: '1' });
    expect(names(p1.data.merchants)).toEqual([DELTA, ALPHA, BETA]);
    const beyond = await search({ limit: 3, page: 5 });
    expect(beyond.data).toEqual({ merchants: [], total: 4, paging: { page: 5, limit: 3, total: 4, hasMore: false } });
  });

  it('within a place, every page and sort keeps the place’s total and order', async () => {
    for (const sortBy of ['recommended', 'rating', 'popular', 'price_asc', 'price_desc', 'distance'] as const) {
      const all = await search({ location: 'Pune', sortBy });
      expect(all.data.total).toBe(all.data.merchants.length);
      expect(all.data.total).toBeGreaterThanOrEqual(2);
      const paged = [];
      for (let page = 1; page <= all.data.total; page++) {
        const r = await search({ location: 'Pune', sortBy, limit: 1, page });
        expect(r.data.total).toBe(all.data.total);
        paged.push(...names(r.data.merchants));
      }
      expect(paged).toEqual(names(all.data.merchants));
      expect((await search({ location: 'Pune', sortBy, limit: 1, page: all.data.total + 1 })).data).toEqual({
        merchants: [],
        total: all.data.total,
        paging: { page: all.data.total + 1, limit: 1, total: all.data.total, hasMore: false },
      });
    }
  });

  it('cards carry the card shape', async () => {
    const card = (await search({ service: 'facial', ...KOREGAON })).data.merchants[0];
    expect(card).toMatchObject({
      _id: alpha.id,
      shop_Name: ALPHA,
      Shop_Address: 'Shop 4, Lane 6, Koregaon Park',
      City: 'Pune',
      State: 'Maharashtra',
      image: '/uploads/alpha-cover.jpg',
      rating: 4.8,
      reviewCount: 100,
      review: 100,
      distanceInKm: 0,
      // The search was for a facial: the Gold Facial's price, not the ₹300 haircut's (issue 43.4).
      lowestPrice: 1200,
      serviceCount: 2,
      location: { type: 'Point', coordinates: [KOREGAON.lng, KOREGAON.lat] },
      amenities: ['Free WiFi', 'Parking'],
      gender: 'unisex',
      isSponsored: false,
      promotionMessage: null,
    });
    expect(card.shop_Images).toEqual([{ _id: expect.any(String), url: '/uploads/alpha-cover.jpg', isCover: true }]);
  });

  it('users.getShopByFilter takes the same filters', async () => {
    const r = await rt.caller(null).users.getShopByFilter({ location: 'Mumbai', amenities: ['Card Payment'] });
    expect(names(r.data.merchants)).toEqual([GAMMA]);
    expect(r.data.total).toBe(1);
  });
});

describe('home-page lists', () => {
  it('getMerchants: nearest first with coordinates, else recommended with null distance', async () => {
    const near = await rt.caller(null).merchants.getMerchants({ ...KOREGAON });
    expect(names(near.data.merchants)).toEqual([ALPHA, BETA, GAMMA, DELTA]);
    expect(near.data.merchants[2].distanceInKm).toBeGreaterThan(100);
    const plain = await rt.caller(null).merchants.getMerchants({});
    expect(names(plain.data.merchants)).toEqual([DELTA, ALPHA, BETA, GAMMA]);
    expect(plain.data.merchants.every((m) => m.distanceInKm === null)).toBe(true);
  });

  it('getRecommended ranks by 0.7 × rating + 0.3 × reviews / 1000', async () => {
    const r = await rt.caller(null).users.getRecommended({ limit: 3 });
    expect(names(r.data.merchants)).toEqual([DELTA, ALPHA, BETA]);
  });

  it('getSponsoredShops: published promoted salons with their message', async () => {
    const r = await rt.caller(null).users.getSponsoredShops({});
    expect(r.data.sponsoredShops).toHaveLength(1);
    expect(r.data.sponsoredShops[0]).toMatchObject({
      shop_Name: BETA,
      isSponsored: true,
      promotionMessage: 'Free foot soak with every massage',
      review: 900,
      serviceCount: 2,
      lowestPrice: 800,
    });
  });

  it('getNearby: by coordinates (25 km) or by city', async () => {
    const byPoint = await rt.caller(null).users.getNearby({ ...KOREGAON });
    expect(names(byPoint.data.merchants)).toEqual([ALPHA, BETA]);
    const byCity = await rt.caller(null).users.getNearby({ city: 'Mumbai' });
    expect(names(byCity.data.merchants).sort()).toEqual([DELTA, GAMMA]);
    expect((await rt.caller(null).users.getNearby({})).data.merchants).toEqual([]);
  });

  it('getTrendingServices: bookings of the last 7 days at published salons, not cancelled', async () => {
    const r = await rt.caller(null).users.getTrendingServices({});
    const list = r.data.services.map((s) => [s.serviceName, s.bookingCount, s.price]);
    expect(list).toEqual([
      ['Gold Facial', 2, 1200],
      ['Beard Trim', 1, 150],
      // Beta's upcoming booking for tomorrow was made today.
      ['Hair Spa', 1, 800],
      ['Haircut', 1, 250],
    ]);
    expect(r.data.services[0]).toMatchObject({ duration: 60, _id: alpha.serviceIds['Gold Facial'] });
  });

  it('getSpecialOffers: usable coupons of the platform and of published salons', async () => {
    await createCoupon(rt, { code: 'PLATFORM10', value: 10, validUntil: localDate(30) });
    await createCoupon(rt, { code: 'ALPHA200', merchantId: alpha.id, type: 'flat', value: 200, validFrom: localDate(-1) });
    await createCoupon(rt, { code: 'HIDDEN50', merchantId: hidden.id, value: 50 });
    await createCoupon(rt, { code: 'EXPIRED5', validUntil: localDate(-1) });
    await createCoupon(rt, { code: 'LATER5', validFrom: localDate(3) });
    await createCoupon(rt, { code: 'USEDUP5', usageLimit: 2, usedCount: 2 });
    await createCoupon(rt, { code: 'OFF5', active: false });
    const r = await rt.caller(null).users.getSpecialOffers({});
    expect(r.data.offers.map((o) => o.code).sort()).toEqual(['ALPHA200', 'PLATFORM10']);
    const alphaOffer = r.data.offers.find((o) => o.code === 'ALPHA200')!;
    expect(alphaOffer).toMatchObject({
      name: ALPHA,
      merchantId: alpha.id,
      discount: '₹200 OFF',
      image: '/uploads/alpha-cover.jpg',
      location: 'Pune',
      expiryDate: null,
    });
    const platform = r.data.offers.find((o) => o.code === 'PLATFORM10')!;
    expect(platform).toMatchObject({ name: 'All salons', merchantId: null, discount: '10% OFF', expiryDate: localDate(30) });
    expect(platform.offerText).toMatch(/^Use code PLATFORM10 · valid till \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);
  });

  it("getSpecialOffers: an offer's words say what its rules do (WEEKEND is buy 1 get 1, not 50% off)", async () => {
    const rules = [
      {
        code: 'WEEKEND',
        description: 'Buy 1 get 1',
        discount_type: 'percentage' as const,
        discount_value: 50,
        max_discount: 1500,
        weekend_only: true,
        buy_one_get_one: true,
      },
      {
        code: 'GLOW20',
        description: '',
        discount_type: 'percentage' as const,
        discount_value: 20,
        max_discount: 500,
        service_category: 'Facial',
      },
      { code: 'NEWUSER', description: '', discount_type: 'flat' as const, discount_value: 200, min_amount: 499, first_booking_only: true },
      { code: 'ALPHA300', merchant_id: alpha.id, description: '', discount_type: 'flat' as const, discount_value: 300, min_amount: 1999 },
    ];
    for (const r of rules)
      await rt.deps.db
        .insertInto('coupons')
        .values({ merchant_id: null, ...r })
        .execute();
    const offers = new Map((await rt.caller(null).users.getSpecialOffers({})).data.offers.map((o) => [o.code, o]));
    expect(offers.get('WEEKEND')).toMatchObject({
      discount: 'Buy 1 Get 1',
      title: 'Buy 1 Get 1 up to ₹1,500, weekends only',
      description: 'Buy 1 get 1',
      // The coupon's own numbers are left as stored.
      discountType: 'percentage',
      discountValue: 50,
      maxDiscount: 1500,
      // The rules travel with it, for the offer page to spell out.
      buyOneGetOne: true,
      weekendOnly: true,
      firstBookingOnly: false,
      serviceCategory: null,
    });
    expect(offers.get('GLOW20')).toMatchObject({ buyOneGetOne: false, weekendOnly: false, serviceCategory: 'Facial' });
    expect(offers.get('NEWUSER')).toMatchObject({ firstBookingOnly: true, serviceCategory: null });
    expect(offers.get('GLOW20')).toMatchObject({
      discount: '20% OFF',
      title: '20% OFF up to ₹500 on Facial services',
      description: '20% off Facial services, up to ₹500.',
    });
    expect(offers.get('NEWUSER')).toMatchObject({
      discount: '₹200 OFF',
      title: '₹200 OFF on ₹499+, first booking only',
      description: '₹200 off your booking. Valid on bookings of ₹499 or more. Your first booking only.',
    });
    expect(offers.get('ALPHA300')).toMatchObject({ discount: '₹300 OFF', title: `₹300 OFF on ₹1,999+ at ${ALPHA}`, name: ALPHA });
    expect(offers.get('PLATFORM10')).toMatchObject({
      discount: '10% OFF',
      title: '10% OFF on your booking',
      description: '10% off your booking.',
    });
  });

  it('categories count published salons offering them', async () => {
    const list = await rt.caller(null).categories.listCategories({});
    const byName = new Map(list.map((c) => [c.name, c]));
    expect(byName.get('Haircut & Styling')).toMatchObject({ count: 2, shopCategory: ['salon'], services: ['Haircut'] });
    expect(byName.get('Facial')?.count).toBe(1);
    expect(byName.get('Piercing')).toMatchObject({ count: 0, services: [] });
    expect(await rt.caller(null).categories.getAllCategories({})).toEqual(list);
  });

  it('locations count published salons per city and locality', async () => {
    const list = await rt.caller(null).locations.getLocations({});
    const pune = list.find((l) => l._id === 'city:pune');
    expect(pune).toMatchObject({ name: 'Pune', city: 'Pune', state: 'Maharashtra', kind: 'city', count: 2 });
    expect(list.find((l) => l._id === 'city:mumbai')?.count).toBe(2);
    const koregaon = list.find((l) => l.name === 'Koregaon Park');
    expect(koregaon).toMatchObject({ city: 'Pune', kind: 'locality', count: 1 });
    expect(list.length).toBeLessThanOrEqual(16);
  });
});

describe('merchants.getMerchantById', () => {
  it('answers the salon page', async () => {
    const staffId = await createStaff(rt, alpha.id, { name: 'Riya', specializations: ['Facial'] });
    await rt.deps.db.updateTable('staff').set({ experience_years: 6 }).where('id', '=', staffId).execute();
    await createStaff(rt, alpha.id, { name: 'Gone', status: 'Inactive' });
    await rt.deps.db
      .insertInto('reviews')
      .values([
        { user_id: customer.id, merchant_id: alpha.id, rating: 5, comment: 'Lovely', response_text: 'Thank you!', response_at: new Date() },
        { user_id: customer.id, merchant_id: alpha.id, rating: 3, comment: 'Okay' },
      ])
      .execute();
    await rt.deps.db
      .updateTable('services')
      .set({ discount_type: 'percentage', discount_value: 10, discount_active: true })
      .where('id', '=', alpha.serviceIds['Gold Facial'])
      .execute();
    const { merchant } = await rt.caller(null).merchants.getMerchantById({ id: alpha.id });
    expect(merchant).toMatchObject({
      _id: alpha.id,
      shop_Name: ALPHA,
      City: 'Pune',
      Country: 'India',
      rating: 4.8,
      reviewCount: 100,
      isPublished: true,
      lowestPrice: 300,
      timeZone: 'Asia/Kolkata',
      location: { type: 'Point', coordinates: [KOREGAON.lng, KOREGAON.lat] },
      ratingDistribution: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 1 },
      shop_Images: [{ _id: expect.any(String), url: '/uploads/alpha-cover.jpg', isCover: true }],
    });
    expect(merchant.openingHours).toHaveLength(7);
    const facial = merchant.services.find((s) => s.name === 'Gold Facial')!;
    expect(facial).toMatchObject({
      serviceName: 'Gold Facial',
      price: 1200,
      finalPrice: 1080,
      discountType: 'percentage',
      discountValue: 10,
      isDiscountActive: true,
      duration: 60,
      category: { name: 'Facial' },
    });
    expect(merchant.categories.map((c) => [c.name, c.services.map((s) => s.name)])).toEqual(
      expect.arrayContaining([
        ['Haircut & Styling', ['Haircut']],
        ['Facial', ['Gold Facial']],
      ]),
    );
    expect(merchant.stylists.map((s) => s.name)).toContain('Riya');
    expect(merchant.stylists.map((s) => s.name)).not.toContain('Gone');
    expect(merchant.stylists.find((s) => s.name === 'Riya')).toMatchObject({ role: 'Stylist', specialization: ['Facial'], experience: 6 });
    const responded = merchant.reviews.find((r) => r.comment === 'Lovely')!;
    expect(responded).toMatchObject({ rating: 5, userName: 'customer T.', response: { text: 'Thank you!' } });
    expect(merchant.reviews.find((r) => r.comment === 'Okay')?.response).toBeNull();
  });

  it('reads the whole page in one statement, reviews newest first with their times as stored', async () => {
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements++;
        return args.result;
      },
    };
    // Its own reviews, written oldest first, so the page's order is not the order they were stored in.
    await rt.deps.db
      .insertInto('reviews')
      .values([
        { user_id: customer.id, merchant_id: gamma.id, rating: 4, comment: 'Older', created_at: new Date('2026-01-05T10:00:00Z') },
        { user_id: customer.id, merchant_id: gamma.id, rating: 2, comment: 'Newer', created_at: new Date('2026-03-07T10:00:00Z') },
      ])
      .execute();
    const { merchant } = await getMerchantById(rt.deps.db.withPlugin(counter), null, { id: gamma.id });
    expect(statements).toBe(1);
    expect(merchant.reviews.map((r) => r.comment)).toEqual(['Newer', 'Older']);
    const stored = await rt.deps.db
      .selectFrom('reviews')
      .select(['id', 'created_at'])
      .where('merchant_id', '=', gamma.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    expect(merchant.reviews.map((r) => [r._id, r.createdAt])).toEqual(stored.map((r) => [r.id, r.created_at.toISOString()]));
  });

  it('an unpublished salon is 404 except to its owner and admins', async () => {
    await expect(rt.caller(null).merchants.getMerchantById({ id: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(customer).merchants.getMerchantById({ id: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(alpha.owner).merchants.getMerchantById({ id: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rt.caller(hidden.owner).merchants.getMerchantById({ id: hidden.id })).merchant.isPublished).toBe(false);
    expect((await rt.caller(admin).merchants.getMerchantById({ id: hidden.id })).merchant.shop_Name).toBe('Hidden Gem Salon');
  });

  it('an unknown id is 404, a malformed one 400', async () => {
    await expect(rt.caller(null).merchants.getMerchantById({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(null).merchants.getMerchantById({ id: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('the search copy (salon_search) follows every write', () => {
  it('service, category and salon changes show in search at once; unpublished salons leave it', async () => {
    const db = rt.deps.db;
    const epsilon = await createDiscoverySalon(rt, {
      name: 'Epsilon Studio',
      city: 'Nagpur',
      state: 'Maharashtra',
      address: 'Civil Lines',
      lat: 21.1458,
      lng: 79.0882,
      services: [{ name: 'Ombre Colour', price: 2500, category: 'Zyx Colour Bar' }],
    });
    const found = async (service: string) => names((await search({ service })).data.merchants).includes('Epsilon Studio');
    expect(await found('ombre')).toBe(true);
    expect(await found('zyx colour')).toBe(true);

    // A renamed service: the old name no longer matches, the new one does.
    await db.updateTable('services').set({ name: 'Balayage' }).where('id', '=', epsilon.serviceIds['Ombre Colour']).execute();
    expect(await found('ombre')).toBe(false);
    expect(await found('balayage')).toBe(true);

    // A renamed category.
    await db.updateTable('categories').set({ name: 'Qwv Colour Bar' }).where('name', '=', 'Zyx Colour Bar').execute();
    expect(await found('zyx colour')).toBe(false);
    expect(await found('qwv colour')).toBe(true);

    // A new service, then switched off, then deleted.
    const extra = await createService(rt, epsilon.id, { name: 'Scalp Detox', price: 900 });
    expect(await found('scalp detox')).toBe(true);
    await db.updateTable('services').set({ active: false }).where('id', '=', extra).execute();
    expect(await found('scalp detox')).toBe(false);
    await db.updateTable('services').set({ active: true }).where('id', '=', extra).execute();
    expect(await found('scalp detox')).toBe(true);
    await db.deleteFrom('services').where('id', '=', extra).execute();
    expect(await found('scalp detox')).toBe(false);

    // A renamed salon, new figures and a new place.
    await db
      .updateTable('merchants')
      .set({ shop_name: 'Epsilon Colour House', rating_avg: 4.9, review_count: 20, city: 'Nashik' })
      .where('id', '=', epsilon.id)
      .execute();
    const renamed = (await search({ service: 'colour house' })).data.merchants;
    expect(renamed.map((m) => m.shop_Name)).toEqual(['Epsilon Colour House']);
    expect(renamed[0]).toMatchObject({ rating: 4.9, reviewCount: 20, City: 'Nashik' });
    expect(names((await search({ location: 'Nashik' })).data.merchants)).toContain('Epsilon Colour House');

    // Wildcards in the text are literal; a pattern never spans two names.
    expect((await search({ service: 'colour%house' })).data.total).toBe(0);
    expect((await search({ service: 'house balayage' })).data.total).toBe(0);
    expect((await rt.deps.db.selectFrom('search_terms').select('term').where('term', '=', 'balayage').execute()).length).toBe(1);

    await db.updateTable('merchants').set({ is_published: false }).where('id', '=', epsilon.id).execute();
    expect((await search({ service: 'colour house' })).data.total).toBe(0);
    const copy = await db
      .selectFrom('merchants as m')
      .innerJoin('salon_search as s', 's.id', 'm.id')
      .select(['s.is_published', 's.city'])
      .where('m.id', '=', epsilon.id)
      .executeTakeFirstOrThrow();
    expect(copy).toEqual({ is_published: false, city: 'Nashik' });
  });

  it('a text searched before finds a salon whose name is new to the dictionary at once', async () => {
    // The first search keeps the ids of the names 'lounge' matches; the salon below adds a new one.
    expect(names((await search({ service: 'lounge' })).data.merchants)).toEqual([DELTA]);
    const zeta = await createDiscoverySalon(rt, {
      name: 'Zeta Lounge Bar',
      city: 'Nagpur',
      state: 'Maharashtra',
      address: 'Dharampeth',
      lat: 21.1397,
      lng: 79.0631,
      services: [{ name: 'Beard Trim', price: 200, category: 'Haircut & Styling' }],
    });
    expect(names((await search({ service: 'lounge', sortBy: 'rating' })).data.merchants).sort()).toEqual([DELTA, 'Zeta Lounge Bar']);
    // A page past the end, with the ids kept, still counts every match.
    expect((await search({ service: 'lounge', page: 9 })).data).toEqual({
      merchants: [],
      total: 2,
      paging: { page: 9, limit: 12, total: 2, hasMore: false },
    });
    await rt.deps.db.updateTable('merchants').set({ is_published: false }).where('id', '=', zeta.id).execute();
    expect(names((await search({ service: 'lounge' })).data.merchants)).toEqual([DELTA]);
  });
});
