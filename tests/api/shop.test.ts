import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let salon: SalonFixture;
let other: SalonFixture;
let admin: Actor;
let hair: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  salon = await createSalon(rt, { name: 'Rose Spa' });
  other = await createSalon(rt, { name: 'Other Salon' });
  admin = await makeAccount(rt, 'admin');
  hair = (await rt.caller(admin).categories.createCategory({ name: 'Hair', shopCategory: 'salon' })).category._id;
});
afterAll(async () => {
  await rt.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

async function call(method: string, path: string, actor: Actor | null, body?: unknown) {
  const res = await fetch(`${base}${path.startsWith('/trpc') ? '' : '/api'}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(actor ? { authorization: `Bearer ${await tokenFor(actor)}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

const service = (over: Record<string, unknown> = {}) => ({
  name: 'Haircut',
  category: hair,
  description: 'Cut and style',
  duration: 30,
  price: 450,
  discountType: 'percentage',
  discountValue: 10,
  isDiscountActive: true,
  active: true,
  ...over,
});

describe('categories and services over REST', () => {
  it('selects categories, creates a service with 201, lists it with GET', async () => {
    const pick = await call('POST', '/categories/selectCategoriesByMarchent', salon.owner, {
      merchantId: salon.id,
      selectedCategories: [hair],
    });
    expect(pick.status).toBe(200);
    expect(pick.body.message).toBe('Selected categories added successfully.');
    const created = await call('POST', '/services/createService', salon.owner, {
      merchantId: salon.id,
      selectedCategoryId: hair,
      service: service(),
    });
    expect(created.status).toBe(201);
    expect(created.body.service).toMatchObject({ name: 'Haircut', price: 450, finalPrice: 405, category: hair });
    const list = await call('GET', `/services/getAllServices?merchantId=${salon.id}`, salon.owner);
    expect(list.status).toBe(200);
    expect(list.body.services.map((s: { name: string }) => s.name)).toEqual(['Haircut']);
    const one = await call('GET', `/services/getServiceById/${created.body.service._id}`, null);
    expect(one.status).toBe(200);
    const grid = await call('POST', '/categories/getMerchantSelectedCategories', salon.owner, { merchantId: salon.id });
    expect(grid.body.selectedCategories[0]).toMatchObject({ _id: hair, count: 1 });
  });

  it('answers 400 naming the field, 403 for another merchantId, 401 without a token', async () => {
    const bad = await call('POST', '/services/createService', salon.owner, {
      merchantId: salon.id,
      service: service({ discountValue: 150 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('service.discountValue: Discount percentage cannot exceed 100%.');
    const flat = await call('POST', '/services/createService', salon.owner, {
      service: service({ name: 'Flat', discountType: 'flat', discountValue: 500 }),
    });
    expect(flat.status).toBe(400);
    expect(flat.body.message).toBe('service.discountValue: Flat discount cannot exceed price.');
    expect((await call('POST', '/services/createService', salon.owner, { merchantId: other.id, service: service() })).status).toBe(403);
    expect((await call('GET', `/services/getAllServices?merchantId=${other.id}`, salon.owner)).status).toBe(403);
    expect((await call('POST', '/services/createService', null, { service: service() })).status).toBe(401);
  });

  it('lets an admin manage the catalogue with PUT and DELETE paths', async () => {
    const made = await call('POST', '/categories/createCategory', admin, { name: 'Threading', shopCategory: ['beautyParlour'] });
    expect(made.status).toBe(201);
    const id = made.body.category._id;
    const put = await call('PUT', `/categories/updateCategory/${id}`, admin, { icon: 'feather' });
    expect(put.body.category).toMatchObject({ name: 'Threading', icon: 'feather' });
    expect((await call('GET', `/categories/getCategoryById/${id}`, null)).status).toBe(200);
    expect((await call('DELETE', `/categories/deleteCategory/${id}`, salon.owner)).status).toBe(403);
    expect((await call('DELETE', `/categories/deleteCategory/${id}`, admin)).status).toBe(200);
    expect((await call('GET', `/categories/getCategoryById/${id}`, null)).status).toBe(404);
  });

  it('reads and replaces amenities with GET/PUT merchants/amenities', async () => {
    const put = await call('PUT', '/merchants/amenities', salon.owner, { amenities: ['Parking', 'Card Payment'] });
    expect(put.status).toBe(200);
    expect((await call('GET', '/merchants/amenities', salon.owner)).body).toEqual({ amenities: ['Parking', 'Card Payment'] });
    const bad = await call('PUT', '/merchants/amenities', salon.owner, { amenities: ['Helipad'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^amenities\.0: /);
  });
});

describe('staff, reviews, coupons and settings over REST', () => {
  it('adds staff with 201 and lists them with a summary', async () => {
    const r = await call('POST', '/merchants/addStaffByMerchant', salon.owner, {
      merchantId: salon.id,
      name: 'Kiran',
      email: 'kiran@rose.in',
      phone: '9876501234',
      role: 'Stylist',
      rate: 150,
      status: 'Active',
      specialization: ['Haircut'],
    });
    expect(r.status).toBe(201);
    const bad = await call('POST', '/merchants/addStaffByMerchant', salon.owner, {
      name: 'X',
      email: 'x@y.in',
      phone: '9876501234',
      role: 'Stylist',
      specialization: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('specialization: Please add at least one specialization.');
    const list = await call('POST', '/merchants/getAllStaffByMerchant', salon.owner, { merchantId: salon.id });
    expect(list.body.summary).toEqual({ totalStaff: 1, activeStaff: 1, totalBookings: 0, totalEarnings: 0 });
    expect((await call('POST', '/merchants/getAllStaffByMerchant', salon.owner, { merchantId: other.id })).status).toBe(403);
  });

  it('creates a review with 201 and refuses the second with 409', async () => {
    const customer = await createCustomer(rt);
    const staff = await createStaff(rt, salon.id);
    const bookingId = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: staff,
      startsAt: new Date(Date.now() - 86_400_000),
      status: 'completed',
    });
    const first = await call('POST', '/reviewRoutes/createReview', customer, { bookingId, rating: 5, comment: 'Superb' });
    expect(first.status).toBe(201);
    const again = await call('POST', '/reviewRoutes/createReview', customer, { bookingId, rating: 4 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking has already been reviewed');
    const mine = await call('POST', '/reviewRoutes/getReviewsByMerchant', salon.owner, { merchantId: salon.id });
    expect(mine.body.stats).toMatchObject({ averageRating: 5, totalReviews: 1 });
    const reply = await call('POST', '/reviewRoutes/respondToReviewByMerchant', salon.owner, {
      reviewId: first.body.review._id,
      merchantId: salon.id,
      responseText: '',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('responseText: Please enter a response.');
    const shown = (await call('GET', `/reviewRoutes/getReviewById/${first.body.review._id}`, null)).body.review;
    expect(shown).toMatchObject({ comment: 'Superb', userName: 'customer T.' });
    expect(shown).not.toHaveProperty('bookingId');
    expect(shown).not.toHaveProperty('customerId');
  });

  it('creates and lists coupons under /Coupons', async () => {
    const made = await call('POST', '/Coupons/createCoupon', salon.owner, {
      merchantId: salon.id,
      code: 'rose15',
      discountType: 'percentage',
      discountValue: 15,
    });
    expect(made.status).toBe(201);
    expect(made.body.coupon).toMatchObject({ code: 'ROSE15', status: 'active' });
    const list = await call('POST', '/Coupons/getAllCoupons', salon.owner, { merchantId: salon.id });
    expect(list.body.coupons.map((c: { code: string }) => c.code)).toEqual(['ROSE15']);
    expect((await call('POST', '/Coupons/getAllCoupons', salon.owner, { merchantId: other.id })).status).toBe(403);
  });

  it('reads settings by path id (403 for another shop) and reports profile completion', async () => {
    const own = await call('GET', `/merchants/getMerchantSettingsById/${salon.id}`, salon.owner);
    expect(own.status).toBe(200);
    expect(own.body.merchant.shop_Name).toBe('Rose Spa');
    expect((await call('GET', `/merchants/getMerchantSettingsById/${other.id}`, salon.owner)).status).toBe(403);
    const hours = await call('POST', '/merchants/updateBusinessHours', salon.owner, {
      merchantId: salon.id,
      openingHours: own.body.merchant.openingHours.map((d: object) => ({ ...d, openTime: '10:00' })),
    });
    expect(hours.body.message).toBe('Business hours updated successfully.');
    const completion = await call('GET', '/merchants/getProfileCompletion', salon.owner);
    expect(completion.status).toBe(200);
    expect(completion.body.checks).toHaveLength(14);
    const publish = await call('POST', '/merchants/createPublishRequest', salon.owner, { merchantId: salon.id });
    expect(publish.status).toBe(409);
  });
});

describe('image upload over HTTP', () => {
  it('takes a multi-megabyte upload on both /api and /trpc, and refuses a renamed text file', async () => {
    const noisy = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    const dataUrl = `data:image/png;base64,${noisy.toString('base64')}`;
    const rest = await call('POST', '/images/upload', salon.owner, { merchantId: salon.id, kind: 'shop', fileName: 'noise.png', dataUrl });
    expect(rest.status).toBe(201);
    expect((await fetch(`${base}${rest.body.url}`)).status).toBe(200);

    const trpc = await call('POST', '/trpc/images.upload', salon.owner, { kind: 'shop', fileName: 'noise.png', dataUrl });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.url).toMatch(/\.webp$/);

    const customer = await createCustomer(rt);
    const avatar = await call('POST', '/images/uploadAvatar', customer, { fileName: 'me.png', dataUrl });
    expect(avatar.status).toBe(201);
    expect(avatar.body.url).toMatch(/^\/uploads\/avatars\//);

    const text = `data:image/png;base64,${Buffer.from('hello, I am a text file').toString('base64')}`;
    const refused = await call('POST', '/images/upload', salon.owner, { kind: 'shop', fileName: 'photo.png', dataUrl: text });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('file: this file is not a supported image (JPEG, PNG or WebP)');

    // Other calls keep the 1MB body limit.
    const big = await call('POST', '/merchants/updateBusinessProfile', salon.owner, { description: 'x'.repeat(1024 * 1024 + 10) });
    expect(big.status).toBe(413);
  });
});
