import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { couponStatus } from '../../src/shared/schemas/coupons.js';
import {
  createCoupon,
  createCustomer,
  createSalon,
  createService,
  createStaff,
  insertBookingRow,
  localDate,
  type SalonFixture,
} from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let customer: Actor;
let admin: Actor;
let seq = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  customer = await createCustomer(rt);
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt.close();
});

const coupon = (over: Record<string, unknown> = {}) => ({
  code: `save${++seq}`,
  description: '10% off everything',
  discountType: 'percentage' as const,
  discountValue: 10,
  minAmount: 500,
  maxDiscount: 200,
  validFrom: localDate(0),
  validUntil: localDate(30),
  usageLimit: 100,
  ...over,
});

describe('createCoupon', () => {
  it('creates a coupon with the code in upper case and status active', async () => {
    const { coupon: c } = await rt.caller(salon.owner).Coupons.createCoupon({ merchantId: salon.id, ...coupon({ code: ' glow20 ' }) });
    expect(c).toMatchObject({
      merchantId: salon.id,
      code: 'GLOW20',
      description: '10% off everything',
      discountType: 'percentage',
      discountValue: 10,
      minAmount: 500,
      maxDiscount: 200,
      validFrom: localDate(0),
      validUntil: localDate(30),
      expiryDate: localDate(30),
      usageLimit: 100,
      usedCount: 0,
      active: true,
      status: 'active',
    });
  });

  const rules: [string, Record<string, unknown>, RegExp][] = [
    ['code too short', { code: 'ab' }, /^code: Use 3 to 30 letters/],
    ['code characters', { code: 'TEN OFF!' }, /^code: Use 3 to 30 letters/],
    ['code too long', { code: 'A'.repeat(31) }, /^code: /],
    ['percentage ≤ 100', { discountValue: 101, maxDiscount: null }, /^discountValue: Discount percentage cannot exceed 100%\.$/],
    ['discount above 0', { discountValue: 0 }, /^discountValue: Discount must be above 0\.$/],
    ['minimum not negative', { minAmount: -5 }, /^minAmount: /],
    [
      'window runs forwards',
      { validFrom: localDate(10), validUntil: localDate(5) },
      /^validUntil: The end date must not be before the start date\.$/,
    ],
    ['end not in the past', { validFrom: null, validUntil: localDate(-1) }, /^validUntil: the end date is in the past$/],
    ['usage limit ≥ 1', { usageLimit: 0 }, /^usageLimit: /],
    ['max discount only for percentages', { discountType: 'flat', discountValue: 100 }, /^maxDiscount: /],
  ];
  for (const [rule, over, message] of rules) {
    it(`refuses "${rule}" with a 400 naming the field`, async () => {
      await expect(rt.caller(salon.owner).Coupons.createCoupon(coupon(over))).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(message),
      });
    });
  }

  it('accepts the edge values', async () => {
    const ok = [
      coupon({ code: 'ABC', discountValue: 100, maxDiscount: null }),
      coupon({ code: `A_B-${'9'.repeat(26)}`, discountType: 'flat', discountValue: 0.01, maxDiscount: null, minAmount: 0, usageLimit: 1 }),
      coupon({ code: 'TODAYONLY', validFrom: localDate(0), validUntil: localDate(0), usageLimit: null }),
      coupon({ code: 'NODATES', validFrom: '', validUntil: '', expiryDate: '' }),
    ];
    for (const input of ok) {
      const { coupon: c } = await rt.caller(salon.owner).Coupons.createCoupon(input);
      expect(c.status).toBe('active');
    }
    const viaExpiry = await rt
      .caller(salon.owner)
      .Coupons.createCoupon(coupon({ code: 'EXPIRYNAME', validUntil: undefined, expiryDate: localDate(3) }));
    expect(viaExpiry.coupon.validUntil).toBe(localDate(3));
  });

  it('refuses a code that already exists (any salon) with 409', async () => {
    await rt.caller(other.owner).Coupons.createCoupon(coupon({ code: 'TAKEN' }));
    await expect(rt.caller(salon.owner).Coupons.createCoupon(coupon({ code: 'taken' }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'code: a coupon with this code already exists',
    });
  });
});

describe('listing with status', () => {
  it('tells active, scheduled, expired, used up and inactive apart', async () => {
    const shop = await createSalon(rt);
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-ACTIVE' });
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-SOON', validFrom: localDate(2) });
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-OLD', validUntil: localDate(-1) });
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-USED', usageLimit: 2, usedCount: 2 });
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-OFF', active: false, validUntil: localDate(-1) });
    await createCoupon(rt, { merchantId: other.id, code: 'ST-THEIRS' });
    const { coupons } = await rt.caller(shop.owner).Coupons.getAllCoupons({ merchantId: shop.id });
    expect(Object.fromEntries(coupons.map((c) => [c.code, c.status]))).toEqual({
      'ST-ACTIVE': 'active',
      'ST-SOON': 'scheduled',
      'ST-OLD': 'expired',
      'ST-USED': 'used_up',
      'ST-OFF': 'inactive',
    });
  });

  it('carries the coupon rules, so lists can word them', async () => {
    const shop = await createSalon(rt);
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-B1G1' });
    await rt.deps.db
      .updateTable('coupons')
      .set({ buy_one_get_one: true, weekend_only: true, service_category: 'Hair' })
      .where('code', '=', 'ST-B1G1')
      .execute();
    await createCoupon(rt, { merchantId: shop.id, code: 'ST-PLAIN' });
    const { coupons } = await rt.caller(shop.owner).Coupons.getAllCoupons({ merchantId: shop.id });
    const byCode = Object.fromEntries(coupons.map((c) => [c.code, c]));
    expect(byCode['ST-B1G1']).toMatchObject({ buyOneGetOne: true, weekendOnly: true, firstBookingOnly: false, serviceCategory: 'Hair' });
    expect(byCode['ST-PLAIN']).toMatchObject({ buyOneGetOne: false, weekendOnly: false, firstBookingOnly: false, serviceCategory: null });
  });

  it('judges status on the salon calendar (pure rule)', () => {
    const c = { active: true, validFrom: '2026-05-01', validUntil: '2026-05-31', usageLimit: null, usedCount: 0 };
    expect(couponStatus(c, '2026-04-30')).toBe('scheduled');
    expect(couponStatus(c, '2026-05-31')).toBe('active');
    expect(couponStatus(c, '2026-06-01')).toBe('expired');
  });

  it('a booking refuses expired and used-up coupons with a clear message', async () => {
    const shop = await createSalon(rt);
    const svc = await createService(rt, shop.id, { price: 1000 });
    await createStaff(rt, shop.id);
    const { coupon: c } = await rt.caller(shop.owner).Coupons.createCoupon(coupon({ code: 'ONCEONLY', usageLimit: 1 }));
    const check = () => rt.caller(customer).users.validateCoupon({ merchantId: shop.id, serviceIds: [svc], code: 'onceonly' });
    expect(await check()).toMatchObject({ valid: true, discount: 100 });
    await rt.deps.db.updateTable('coupons').set({ used_count: 1 }).where('id', '=', c._id).execute();
    expect(await check()).toMatchObject({ valid: false, message: 'This coupon has reached its usage limit' });
    await rt.caller(shop.owner).Coupons.updateCoupon({ couponId: c._id, usageLimit: 5 });
    await rt.deps.db
      .updateTable('coupons')
      .set({ valid_from: localDate(-9), valid_until: localDate(-2) })
      .where('id', '=', c._id)
      .execute();
    expect(await check()).toMatchObject({ valid: false, message: 'This coupon has expired' });
    expect((await rt.caller(shop.owner).Coupons.getCouponById({ couponId: c._id })).coupon.status).toBe('expired');
  });
});

describe('update and delete', () => {
  it('updates the fields sent and checks the coupon as it will be', async () => {
    const { coupon: c } = await rt
      .caller(salon.owner)
      .Coupons.createCoupon(coupon({ discountType: 'flat', discountValue: 150, maxDiscount: null }));
    const r = await rt
      .caller(salon.owner)
      .Coupons.updateCoupon({ merchantId: salon.id, couponId: c._id, description: 'Flat 150', active: false });
    expect(r.coupon).toMatchObject({ description: 'Flat 150', active: false, status: 'inactive', discountValue: 150 });
    await expect(rt.caller(salon.owner).Coupons.updateCoupon({ couponId: c._id, discountType: 'percentage' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'discountValue: Discount percentage cannot exceed 100%.',
    });
    await rt.deps.db.updateTable('coupons').set({ used_count: 7 }).where('id', '=', c._id).execute();
    await expect(rt.caller(salon.owner).Coupons.updateCoupon({ couponId: c._id, usageLimit: 5 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'usageLimit: this coupon has already been used 7 times',
    });
    const renamed = await rt.caller(salon.owner).Coupons.updateCoupon({ couponId: c._id, code: 'flat150', usageLimit: 7, active: true });
    expect(renamed.coupon).toMatchObject({ code: 'FLAT150', status: 'used_up' });
  });

  it('deletes an unused coupon and deactivates one that bookings used', async () => {
    const unused = (await rt.caller(salon.owner).Coupons.createCoupon(coupon())).coupon;
    expect(await rt.caller(salon.owner).Coupons.deleteCoupon({ merchantId: salon.id, couponId: unused._id })).toEqual({
      message: 'Coupon deleted successfully.',
      deactivated: false,
    });
    await expect(rt.caller(salon.owner).Coupons.getCouponById({ couponId: unused._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const used = (await rt.caller(salon.owner).Coupons.createCoupon(coupon())).coupon;
    const staff = await createStaff(rt, salon.id);
    const b = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: staff,
      startsAt: new Date(Date.now() - 86_400_000),
      status: 'completed',
    });
    await rt.deps.db.updateTable('bookings').set({ coupon_id: used._id }).where('id', '=', b).execute();
    const r = await rt.caller(salon.owner).Coupons.deleteCoupon({ couponId: used._id });
    expect(r.deactivated).toBe(true);
    expect(r.message).toMatch(/deactivated instead of deleted/);
    expect((await rt.caller(salon.owner).Coupons.getCouponById({ couponId: used._id })).coupon.status).toBe('inactive');
  });

  it("keeps coupons to their salon: 403 for another merchantId, 404 for another salon's coupon", async () => {
    const theirs = (await rt.caller(other.owner).Coupons.createCoupon(coupon())).coupon._id;
    const me = rt.caller(salon.owner).Coupons;
    await expect(me.getAllCoupons({ merchantId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.createCoupon({ merchantId: other.id, ...coupon() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.getCouponById({ couponId: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.updateCoupon({ couponId: theirs, active: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.deleteCoupon({ couponId: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.deleteCoupon({ merchantId: other.id, couponId: theirs })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(customer).Coupons.getAllCoupons({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await rt.caller(admin).Coupons.getCouponById({ merchantId: other.id, couponId: theirs })).coupon._id).toBe(theirs);
  });

  it('lets an admin without a merchantId manage platform coupons', async () => {
    const { coupon: c } = await rt.caller(admin).Coupons.createCoupon(coupon({ code: 'PLATFORM50' }));
    expect(c.merchantId).toBeNull();
    const list = await rt.caller(admin).Coupons.getAllCoupons({});
    expect(list.coupons.map((x) => x.code)).toEqual(['PLATFORM50']);
    await expect(rt.caller(salon.owner).Coupons.getCouponById({ couponId: c._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
