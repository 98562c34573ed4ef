import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { zonedTimeToInstant } from '../../src/shared/slots.js';
import { createDiscoverySalon, type DiscoverySalon, insertNamedBooking } from '../helpers/discoveryFixtures.js';
import { createCoupon, createCustomer, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let salon: DiscoverySalon;
let hidden: DiscoverySalon;
let admin: Actor;
let customer: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  admin = await makeAccount(rt, 'admin');
  customer = await createCustomer(rt);
  salon = await createDiscoverySalon(rt, {
    name: 'Rose Salon',
    city: 'Bengaluru',
    state: 'Karnataka',
    address: '80 Feet Road, Indiranagar',
    lat: 12.9719,
    lng: 77.6412,
    amenities: ['Free WiFi', 'Parking'],
    rating: 4.6,
    reviews: 40,
    sponsored: 'Flat 20% off on first visit',
    cover: '/uploads/rose.jpg',
    services: [
      { name: 'Haircut', price: 400, category: 'Haircut & Styling' },
      { name: 'Hydra Facial', price: 1500, category: 'Facial', duration: 60 },
      { name: 'Manicure', price: 600, category: 'Nails' },
    ],
  });
  hidden = await createDiscoverySalon(rt, {
    name: 'Draft Salon',
    published: false,
    city: 'Bengaluru',
    state: 'Karnataka',
    address: 'Indiranagar',
    lat: 12.972,
    lng: 77.641,
    services: [{ name: 'Haircut', price: 100 }],
  });
  const staff = await createStaff(rt, salon.id);
  const day = localDate(-1);
  await insertNamedBooking(rt, {
    user: customer,
    merchantId: salon.id,
    staffId: staff,
    services: ['Hydra Facial'],
    startsAt: zonedTimeToInstant(day, 600, 'Asia/Kolkata'),
    status: 'completed',
    createdDaysAgo: 1,
    bookingDate: day,
  });
  await createCoupon(rt, { code: 'ROSE15', merchantId: salon.id, value: 15, validUntil: localDate(20) });
});
afterAll(async () => {
  await rt?.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

async function call(method: string, path: string, opts: { body?: unknown; actor?: Actor } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.actor ? { authorization: `Bearer ${await tokenFor(opts.actor)}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const cardKeys = [
  '_id',
  'shop_Name',
  'Shop_Address',
  'City',
  'State',
  'shop_type',
  'image',
  'shop_Images',
  'rating',
  'reviewCount',
  'review',
  'distanceInKm',
  'lowestPrice',
  'services',
  'serviceCount',
  'location',
  'amenities',
  'gender',
  'isSponsored',
  'promotionMessage',
  'recommendedScore',
].sort();

describe('discovery REST', () => {
  it('GET /merchants/getMerchants?lat&lng → {data: {merchants}} nearest first with distanceInKm', async () => {
    const r = await call('GET', '/merchants/getMerchants?lat=12.97&lng=77.64');
    expect(r.status).toBe(200);
    expect(r.body.data.merchants).toHaveLength(1);
    const card = r.body.data.merchants[0];
    expect(Object.keys(card).sort()).toEqual(cardKeys);
    expect(card).toMatchObject({ _id: salon.id, image: '/uploads/rose.jpg', lowestPrice: 400, review: 40, serviceCount: 3 });
    expect(card.distanceInKm).toBeLessThan(1);
  });

  it('GET /merchants/search with query parameters → {data: {merchants, total}}', async () => {
    const r = await call(
      'GET',
      '/merchants/search?service=facial&location=Indiranagar&prices=300-500&ratings=4&sortBy=price_asc&amenities=Parking,Free%20WiFi&page=1&limit=12',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(1);
    expect(r.body.data.merchants[0]).toMatchObject({
      shop_Name: 'Rose Salon',
      services: [{ name: 'Hydra Facial', price: 1500, _id: salon.serviceIds['Hydra Facial'] }, expect.anything(), expect.anything()],
    });
    const none = await call('GET', '/merchants/search?service=haircut&prices=%24%24%24%24');
    expect(none.body.data).toEqual({ merchants: [], total: 0, paging: { page: 1, limit: 12, total: 0, hasMore: false } });
  });

  it('GET /merchants/search with a bad parameter → 400 naming it', async () => {
    const r = await call('GET', '/merchants/search?prices=cheap');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('prices');
    const t = await call('GET', '/merchants/search?time=night');
    expect(t.status).toBe(400);
    expect(t.body.message).toContain('time');
  });

  it('POST /users/getShopByFilter takes the filters as JSON', async () => {
    const r = await call('POST', '/users/getShopByFilter', { body: { service: 'manicure', maxDistance: 5, lat: 12.97, lng: 77.64 } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(1);
  });

  it('GET /merchants/getMerchantById/{id} → {merchant}; a draft salon is 404', async () => {
    const r = await call('GET', `/merchants/getMerchantById/${salon.id}`);
    expect(r.status).toBe(200);
    expect(r.body.merchant).toMatchObject({
      _id: salon.id,
      shop_Name: 'Rose Salon',
      isPublished: true,
      isSponsored: true,
      promotionMessage: 'Flat 20% off on first visit',
      ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    expect(r.body.merchant.categories.map((c: any) => c.name)).toEqual(expect.arrayContaining(['Facial', 'Nails', 'Haircut & Styling']));
    const draft = await call('GET', `/merchants/getMerchantById/${hidden.id}`);
    expect(draft.status).toBe(404);
    expect(draft.body.message).toBe('Salon not found');
    expect((await call('GET', `/merchants/getMerchantById/${hidden.id}`, { actor: admin })).status).toBe(200);
  });

  it('home-page sections under /users', async () => {
    const trending = await call('GET', '/users/getTrendingServices');
    expect(trending.body.data.services).toEqual([
      {
        _id: salon.serviceIds['Hydra Facial'],
        serviceName: 'Hydra Facial',
        images: expect.any(Array),
        bookingCount: 1,
        price: 1500,
        duration: 60,
      },
    ]);
    const sponsored = await call('GET', '/users/getSponsoredShops?lat=12.97&lng=77.64');
    expect(sponsored.body.data.sponsoredShops.map((s: any) => s.shop_Name)).toEqual(['Rose Salon']);
    const offers = await call('GET', '/users/getSpecialOffers');
    expect(offers.body.data.offers).toEqual([
      expect.objectContaining({
        code: 'ROSE15',
        name: 'Rose Salon',
        discount: '15% OFF',
        merchantId: salon.id,
        location: 'Bengaluru',
        image: '/uploads/rose.jpg',
      }),
    ]);
    const nearby = await call('GET', '/users/getNearby?city=Bangalore');
    expect(nearby.body.data.merchants.map((s: any) => s.shop_Name)).toEqual(['Rose Salon']);
    const recommended = await call('GET', '/users/getRecommended?limit=5');
    expect(recommended.body.data.merchants).toHaveLength(1);
  });

  it('GET /categories and /categories/getAllCategories → the catalogue with counts', async () => {
    const a = await call('GET', '/categories');
    const b = await call('GET', '/categories/getAllCategories');
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.find((c: any) => c.name === 'Facial')).toEqual({
      _id: expect.any(String),
      name: 'Facial',
      image: null,
      icon: null,
      count: 1,
      shopCategory: ['salon'],
      services: ['Hydra Facial'],
    });
  });

  it('GET /locations → [{_id, name, city, state, count, lat, lng}]', async () => {
    const r = await call('GET', '/locations');
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({
      _id: 'city:bengaluru',
      name: 'Bengaluru',
      city: 'Bengaluru',
      state: 'Karnataka',
      kind: 'city',
      count: 1,
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    expect(r.body.find((l: any) => l.name === 'Indiranagar')).toMatchObject({ kind: 'locality', count: 1 });
  });

  it('testimonials: public list, admin-only management', async () => {
    const body = { title: 'Loved it', content: 'Great cut.', name: 'Meera', rating: 5 };
    expect((await call('POST', '/createTestimonials', { body, actor: customer })).status).toBe(403);
    expect((await call('POST', '/createTestimonials', { body })).status).toBe(401);
    const created = await call('POST', '/createTestimonials', { body, actor: admin });
    expect(created.status).toBe(201);
    const id = created.body.testimonial._id;
    const list = await call('GET', '/getTestimonials');
    expect(list.body).toEqual([{ _id: id, ...body, avatar: null, createdAt: expect.any(String) }]);
    expect((await call('GET', `/getTestimonialById/${id}`, { actor: admin })).body.testimonial._id).toBe(id);
    expect((await call('GET', `/getTestimonialById/${id}`, { actor: customer })).status).toBe(403);
    const put = await call('PUT', `/updateTestimonial/${id}`, { body: { content: 'Great cut, lovely staff.' }, actor: admin });
    expect(put.body.testimonial.content).toBe('Great cut, lovely staff.');
    expect((await call('PUT', `/updateTestimonial/${id}`, { body: { rating: 1 }, actor: customer })).status).toBe(403);
    expect((await call('DELETE', `/deleteTestimonial/${id}`, { actor: customer })).status).toBe(403);
    expect((await call('DELETE', `/deleteTestimonial/${id}`, { actor: admin })).status).toBe(200);
    expect((await call('GET', '/getTestimonials')).body).toEqual([]);
  });

  it('POST /newsletter/subscribe: 201 new, 200 repeat, 400 naming email', async () => {
    const first = await call('POST', '/newsletter/subscribe', { body: { email: 'fan@example.in' } });
    expect(first).toEqual({ status: 201, body: { message: 'Thank you for subscribing!' } });
    const again = await call('POST', '/newsletter/subscribe', { body: { email: 'FAN@example.in' } });
    expect(again).toEqual({ status: 200, body: { message: 'Thank you for subscribing!' } });
    const bad = await call('POST', '/newsletter/subscribe', { body: { email: 'fan@' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('email: Please enter a valid email');
  });

  it('GET /geo/search and /geo/reverse answer from the gazetteer', async () => {
    const s = await call('GET', '/geo/search?q=indira');
    expect(s.status).toBe(200);
    expect(s.body[0]).toEqual({
      display_name: 'Indiranagar, Bengaluru, Karnataka',
      name: 'Indiranagar',
      lat: 12.9719,
      lon: 77.6412,
      city: 'Bengaluru',
      state: 'Karnataka',
      type: 'locality',
    });
    const short = await call('GET', '/geo/search?q=in');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^q: /);
    const rev = await call('GET', '/geo/reverse?lat=12.9716&lon=77.6412');
    expect(rev.body).toMatchObject({ display_name: 'Indiranagar, Bengaluru, Karnataka', city: 'Bengaluru' });
    expect((await call('GET', '/geo/reverse?lat=95&lon=77')).status).toBe(400);
    expect((await call('GET', '/geo/reverse?lat=10&lon=60')).status).toBe(404);
  });

  it('the OpenAPI document lists the discovery paths', async () => {
    const doc = await (await fetch(`${base}/api/openapi.json`)).json();
    for (const p of [
      '/merchants/getMerchants',
      '/merchants/search',
      '/merchants/getMerchantById/{id}',
      '/users/getTrendingServices',
      '/users/getSponsoredShops',
      '/users/getShopByFilter',
      '/users/getSpecialOffers',
      '/users/getNearby',
      '/users/getRecommended',
      '/categories',
      '/categories/getAllCategories',
      '/locations',
      '/getTestimonials',
      '/createTestimonials',
      '/getTestimonialById/{id}',
      '/updateTestimonial/{id}',
      '/deleteTestimonial/{id}',
      '/newsletter/subscribe',
      '/geo/search',
      '/geo/reverse',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
