import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshMerchantStats } from '../../src/server/db/repositories/merchantStats.js';
import type { Actor } from '../../src/server/deps.js';
import { SLOT_TAKEN } from '../../src/server/errors.js';
import { jobSql } from '../../src/server/jobs/boss.js';
import { getAvailableSlots } from '../../src/server/services/bookings/availability.js';
import { createBooking } from '../../src/server/services/bookings/create.js';
import { cancelMyBooking, listMyBookings, rescheduleMyBooking } from '../../src/server/services/bookings/customer.js';
import { loadBookingWire } from '../../src/server/services/bookings/wire.js';
import { zonedTimeToInstant } from '../../src/shared/slots.js';
import {
  countingDb,
  createCoupon,
  createCustomer,
  createSalon,
  createService,
  createStaff,
  insertBookingRow,
  localDate,
  openingHours,
  type SalonFixture,
  workingHours,
} from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const TZ = 'Asia/Kolkata';
const tomorrow = () => localDate(1, TZ);
const at = (date: string, hhmm: string, tz = TZ) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedTimeToInstant(date, h * 60 + m, tz);
};

interface World {
  salon: SalonFixture;
  haircut: string;
  facial: string;
  anyone: string;
  cutter: string;
  customer: Actor;
}

/** A salon open 09:00-18:00 daily with a 30-min haircut (₹500) and a 45-min facial (₹1000, 10% off). */
async function world(opts: { name?: string } = {}): Promise<World> {
  const salon = await createSalon(rt, { name: opts.name ?? 'Lotus Salon', coverImage: 'https://img.test/cover.jpg' });
  const haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 500, category: 'Hair' });
  const facial = await createService(rt, salon.id, {
    name: 'Facial',
    duration: 45,
    price: 1000,
    category: 'Skin',
    discountType: 'percentage',
    discountValue: 10,
    discountActive: true,
  });
  const anyone = await createStaff(rt, salon.id, { name: 'Asha' });
  const cutter = await createStaff(rt, salon.id, { name: 'Bala', specializations: ['Haircut'] });
  const customer = await createCustomer(rt);
  return { salon, haircut, facial, anyone, cutter, customer };
}

const book = (w: World, actor: Actor | null, over: Record<string, unknown> = {}) =>
  rt.caller(actor).users.createBooking({
    merchantId: w.salon.id,
    serviceIds: [w.haircut],
    bookingDate: tomorrow(),
    bookingTime: '10:00 AM',
    ...over,
  });

describe('availability', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('answers slots, totals and the salon zone in at most 3 queries', async () => {
    const counted = countingDb(rt.deps.db);
    const held: string[] = [];
    for (let i = 0; i < 4; i++) {
      held.push(
        await insertBookingRow(rt, {
          userId: w.customer.id,
          merchantId: w.salon.id,
          staffId: w.anyone,
          startsAt: at(tomorrow(), `${12 + i}:00`),
        }),
      );
    }
    const r = await getAvailableSlots(counted.db, null, { merchantId: w.salon.id, date: tomorrow(), serviceIds: [w.haircut, w.facial] });
    expect(counted.count()).toBeLessThanOrEqual(3);
    expect(r.data).toMatchObject({ date: tomorrow(), timeZone: TZ, totalDuration: 75, totalPrice: 1400 });
    expect(r.data.slots[0]).toEqual({ time: '9:00 AM', staffIds: [w.anyone] });
    // 75 minutes must end by 18:00.
    expect(r.data.slots.at(-1)!.time).toBe('4:45 PM');
    // The bookings at 12-16h hold Asha; Bala cannot do facials, so those hours are gone.
    expect(r.data.slots.map((s) => s.time)).not.toContain('12:00 PM');
    await rt.deps.db.deleteFrom('bookings').where('id', 'in', held).execute();
  });

  it('lists every capable staff member per slot and leaves out booked ones', async () => {
    await book(w, w.customer, { staffId: w.anyone });
    const r = await rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: tomorrow(), serviceIds: [w.haircut] });
    const byTime = Object.fromEntries(r.data.slots.map((s) => [s.time, s.staffIds]));
    expect(byTime['9:00 AM']).toEqual([w.anyone, w.cutter]);
    expect(byTime['10:00 AM']).toEqual([w.cutter]);
    expect(byTime['9:45 AM']).toEqual([w.cutter]);
    expect(byTime['10:30 AM']).toEqual([w.anyone, w.cutter]);
    const chosen = await rt
      .caller()
      .users.getAvailableSlots({ merchantId: w.salon.id, date: tomorrow(), serviceIds: [w.haircut], staffId: w.anyone });
    expect(chosen.data.slots.map((s) => s.time)).not.toContain('10:00 AM');
    expect(chosen.data.slots.every((s) => s.staffIds.join() === w.anyone)).toBe(true);
  });

  it('respects staff hours and days off', async () => {
    const salon = await createSalon(rt);
    const svc = await createService(rt, salon.id);
    const late = await createStaff(rt, salon.id, { workingHours: workingHours('14:00', '16:00') });
    await createStaff(rt, salon.id, { daysOff: [tomorrow()] });
    const r = await rt.caller().users.getAvailableSlots({ merchantId: salon.id, date: tomorrow(), serviceIds: [svc] });
    expect(r.data.slots.map((s) => s.time)).toEqual(['2:00 PM', '2:15 PM', '2:30 PM', '2:45 PM', '3:00 PM', '3:15 PM', '3:30 PM']);
    expect(r.data.slots.every((s) => s.staffIds.join() === late)).toBe(true);
  });

  it('offers nothing for a past date and refuses dates beyond 90 days', async () => {
    const past = await rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: localDate(-1), serviceIds: [w.haircut] });
    expect(past.data.slots).toEqual([]);
    await expect(
      rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: localDate(91), serviceIds: [w.haircut] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^date: /) });
    await expect(
      rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: '2031-02-30', serviceIds: [w.haircut] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'date: Invalid date.' });
    const edge = await rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: localDate(90), serviceIds: [w.haircut] });
    expect(edge.data.slots.length).toBeGreaterThan(0);
  });

  it('refuses unknown salons, foreign or inactive services, and hides unpublished salons', async () => {
    const other = await world({ name: 'Other' });
    await expect(
      rt
        .caller()
        .users.getAvailableSlots({ merchantId: '00000000-0000-4000-8000-000000000000', date: tomorrow(), serviceIds: [w.haircut] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: tomorrow(), serviceIds: [w.haircut, other.haircut] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^serviceIds: /) });
    const inactive = await createService(rt, w.salon.id, { name: 'Old', active: false });
    await expect(
      rt.caller().users.getAvailableSlots({ merchantId: w.salon.id, date: tomorrow(), serviceIds: [inactive] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^serviceIds: /) });

    const hidden = await createSalon(rt, { published: false });
    const svc = await createService(rt, hidden.id);
    await createStaff(rt, hidden.id);
    const input = { merchantId: hidden.id, date: tomorrow(), serviceIds: [svc] };
    await expect(rt.caller().users.getAvailableSlots(input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(w.customer).users.getAvailableSlots(input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rt.caller(hidden.owner).users.getAvailableSlots(input)).data.slots.length).toBeGreaterThan(0);
    const admin = await makeAccount(rt, 'admin');
    expect((await rt.caller(admin).users.getAvailableSlots(input)).data.slots.length).toBeGreaterThan(0);
  });

  it('gives a Europe/London salon the right slots on its clock-change day', async () => {
    const salon = await createSalon(rt, { timeZone: 'Europe/London', openingHours: openingHours('09:00', '12:00') });
    const svc = await createService(rt, salon.id, { duration: 60 });
    const stylist = await createStaff(rt, salon.id);
    const now = new Date('2026-03-20T12:00:00Z');
    const input = { merchantId: salon.id, date: '2026-03-29', serviceIds: [svc] };
    const before = await getAvailableSlots(rt.deps.db, null, input, { now });
    expect(before.data.timeZone).toBe('Europe/London');
    expect(before.data.slots[0].time).toBe('9:00 AM');
    // 08:00-09:00Z is 9-10 AM British Summer Time.
    await insertBookingRow(rt, {
      userId: w.customer.id,
      merchantId: salon.id,
      staffId: stylist,
      startsAt: new Date('2026-03-29T08:00:00Z'),
      minutes: 60,
    });
    const after = await getAvailableSlots(rt.deps.db, null, input, { now });
    expect(after.data.slots.map((s) => s.time)).toEqual(['10:00 AM', '10:15 AM', '10:30 AM', '10:45 AM', '11:00 AM']);
    // And a booking made for 11:00 AM that day lands at 10:00Z.
    const made = await createBooking(
      rt.deps,
      w.customer,
      { ...input, serviceIds: [svc], bookingDate: '2026-03-29', bookingTime: '11:00 AM' },
      { now },
    );
    expect(made.data.booking.startsAt).toBe('2026-03-29T10:00:00.000Z');
    expect(made.data.booking.bookingTime).toBe('11:00 AM');
    const autumn = await getAvailableSlots(rt.deps.db, null, { ...input, date: '2026-10-25' }, { now: new Date('2026-10-20T00:00:00Z') });
    expect(autumn.data.slots.map((s) => s.time)).toEqual([
      '9:00 AM',
      '9:15 AM',
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
      '10:15 AM',
      '10:30 AM',
      '10:45 AM',
      '11:00 AM',
    ]);
  });
});

describe('createBooking', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
    for (const rating of [4, 5]) {
      await rt.deps.db.insertInto('reviews').values({ user_id: w.customer.id, merchant_id: w.salon.id, rating }).execute();
    }
    // Written straight into the table, so the salon's figures are refreshed by hand.
    await refreshMerchantStats(rt.deps.db, w.salon.id);
  });

  it('books the services back to back and answers the full booking with its QR', async () => {
    const { data } = await book(w, w.customer, { serviceIds: [w.facial, w.haircut], staffId: w.anyone, bookingTime: '11:00' });
    const b = data.booking;
    expect(b).toMatchObject({
      userId: w.customer.id,
      merchantId: w.salon.id,
      salonName: 'Lotus Salon',
      salonImage: 'https://img.test/cover.jpg',
      address: '12 FC Road, Pune, Maharashtra',
      bookingDate: tomorrow(),
      bookingTime: '11:00 AM',
      status: 'upcoming',
      subtotal: 1400,
      discount: 0,
      totalPrice: 1400,
      totalDuration: 75,
      professional: { _id: w.anyone, name: 'Asha', role: 'Stylist', image: null, specialization: [] },
      services: [
        { _id: w.facial, serviceName: 'Facial', duration: 45, price: 900 },
        { _id: w.haircut, serviceName: 'Haircut', duration: 30, price: 500 },
      ],
      scanned: false,
      paymentReceived: false,
      cancellationReason: null,
      refundPercent: null,
      commission: null,
      merchantEarning: null,
      couponCode: null,
      rating: 4.5,
      reviewCount: 2,
    });
    expect(b.startsAt).toBe(at(tomorrow(), '11:00').toISOString());
    expect(new Date(b.endsAt).getTime() - new Date(b.startsAt).getTime()).toBe(75 * 60_000);
    expect(b.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    // A PNG decoder and a QR reader get the payload back; every pixel is the module qrcode laid out.
    const payload = JSON.stringify({ bookingId: b._id, merchantId: w.salon.id, userId: w.customer.id });
    const png = PNG.sync.read(Buffer.from(b.qrCodeImage!.split(',')[1], 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(payload);
    const { modules } = QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
    expect(png.width).toBe((modules.size + 4) * 4);
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const r = Math.floor(y / 4) - 2;
        const c = Math.floor(x / 4) - 2;
        const dark = r >= 0 && c >= 0 && r < modules.size && c < modules.size && !!modules.get(r, c);
        expect(png.data[(y * png.width + x) * 4], `pixel ${x},${y}`).toBe(dark ? 0 : 255);
      }
    }
    const notes = await rt.deps.db.selectFrom('notifications').selectAll().where('account_id', 'in', [w.customer.id, w.salon.id]).execute();
    expect(notes.map((n) => `${n.account_id === w.customer.id ? 'customer' : 'salon'}:${n.type}`).sort()).toEqual([
      'customer:booking',
      'salon:booking',
    ]);
    expect(notes.find((n) => n.account_id === w.customer.id)!.link).toBe('/bookings');
  });

  it('places a booking in three statements: the day with its waitlist lock, the booking with all that follows from it, then its job', async () => {
    const c = await createCustomer(rt);
    const counted = countingDb(rt.deps.db);
    const r = await createBooking({ ...rt.deps, db: counted.db }, c, {
      merchantId: w.salon.id,
      serviceIds: [w.haircut, w.facial],
      bookingDate: localDate(3),
      bookingTime: '10:00 AM',
    });
    // The day's read carries the salon's and the services' payment policy and takes the salon day's
    // shared waitlist lock; the insert also withdraws open waitlist offers of the time and marks a
    // rebooking reminder it follows (docs/waitlist.md, docs/channels.md); then pg-boss's insert of
    // the booking's job, in the same transaction.
    expect(counted.count()).toBe(3);
    const id = r.data.booking._id;
    // The answer the insert gave is the booking as every later read shows it.
    expect(r.data.booking).toEqual(await loadBookingWire(rt.deps.db, id));
    expect(r.data.booking.services.map((s) => s.serviceName)).toEqual(['Haircut', 'Facial']);
    const jobs = await rt.deps.db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'run_at', 'dedupe_key'])
      .where('ref', '=', `booking:${id}`)
      .orderBy('run_at')
      .execute();
    // No reminder jobs: the reminder sweep finds the booking when a reminder is due.
    expect(jobs.map((j) => j.kind)).toEqual(['booking_event_messages']);
    expect(jobs[0].payload).toMatchObject({ accountId: c.id, bookingId: id, event: 'made', title: 'Booking confirmed', link: '/bookings' });
  });

  it('commits a booking and its job together: when the job cannot be sent, no booking is left', async () => {
    const c = await createCustomer(rt);
    // Fault injection for this test only: pg-boss's insert of the booking's jobs fails.
    const refuse = vi.spyOn(jobSql, 'insert').mockRejectedValueOnce(new Error('job refused for the test'));
    try {
      await expect(
        createBooking(rt.deps, c, { merchantId: w.salon.id, serviceIds: [w.haircut], bookingDate: localDate(4), bookingTime: '10:00 AM' }),
      ).rejects.toThrow(/job refused for the test/);
      expect(refuse).toHaveBeenCalledTimes(1);
    } finally {
      refuse.mockRestore();
    }
    const left = await rt.deps.db.selectFrom('bookings').select('id').where('user_id', '=', c.id).execute();
    expect(left, 'the booking went with its job').toEqual([]);
  });

  it('picks the least-booked capable professional when none is chosen', async () => {
    await book(w, w.customer, { staffId: w.anyone, bookingTime: '2:00 PM' });
    const r = await book(w, w.customer, { bookingTime: '3:00 PM' });
    expect(r.data.booking.professional._id).toBe(w.cutter);
    const facial = await book(w, w.customer, { serviceIds: [w.facial], bookingTime: '4:00 PM' });
    expect(facial.data.booking.professional._id).toBe(w.anyone);
  });

  it('refuses a taken slot with 409, and "any professional" only when everyone is taken', async () => {
    const other = await createCustomer(rt);
    await book(w, w.customer, { staffId: w.anyone, bookingTime: '9:00 AM' });
    await expect(book(w, other, { staffId: w.anyone, bookingTime: '9:15 AM' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: SLOT_TAKEN,
    });
    const second = await book(w, other, { bookingTime: '9:00 AM' });
    expect(second.data.booking.professional._id).toBe(w.cutter);
    await expect(book(w, other, { bookingTime: '9:00 AM' })).rejects.toMatchObject({ code: 'CONFLICT', message: SLOT_TAKEN });
  });

  it('refuses past, off-grid, closed and out-of-hours times naming bookingTime', async () => {
    await expect(book(w, w.customer, { bookingDate: localDate(0), bookingTime: '12:00 AM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingTime: this time has already passed',
    });
    await expect(book(w, w.customer, { bookingTime: '10:10 AM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingTime: choose a time on the 15-minute grid',
    });
    await expect(book(w, w.customer, { bookingTime: '8:00 AM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingTime: /),
    });
    await expect(book(w, w.customer, { serviceIds: [w.facial], bookingTime: '5:30 PM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingTime: .*not open/),
    });
    await expect(book(w, w.customer, { bookingDate: localDate(91) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingDate: /),
    });
    await expect(book(w, w.customer, { bookingTime: '25:00' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingTime: /),
    });
  });

  it('refuses a professional who does not offer the service or is off that day', async () => {
    await expect(book(w, w.customer, { serviceIds: [w.facial], staffId: w.cutter, bookingTime: '1:00 PM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'staffId: this professional does not offer the chosen services',
    });
    const away = await createStaff(rt, w.salon.id, { daysOff: [tomorrow()] });
    await expect(book(w, w.customer, { staffId: away, bookingTime: '1:00 PM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingTime: /),
    });
    const leave = await createStaff(rt, w.salon.id, { status: 'On Leave' });
    await expect(book(w, w.customer, { staffId: leave, bookingTime: '1:00 PM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'staffId: this professional is not taking bookings',
    });
    const foreign = await world({ name: 'Elsewhere' });
    await expect(book(w, w.customer, { staffId: foreign.anyone, bookingTime: '1:00 PM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^staffId: /),
    });
  });

  it('is for customers (and admins booking for a named customer) only', async () => {
    await expect(book(w, null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(book(w, w.salon.owner)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const other = await createCustomer(rt);
    await expect(book(w, w.customer, { userId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await makeAccount(rt, 'admin');
    await expect(book(w, admin, { bookingTime: '5:00 PM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^userId: /),
    });
    const r = await book(w, admin, { userId: other.id, bookingTime: '5:00 PM' });
    expect(r.data.booking.userId).toBe(other.id);
  });

  it('returns the same booking for the same Idempotency-Key, also when the requests race', async () => {
    const c = await createCustomer(rt);
    const input = { merchantId: w.salon.id, serviceIds: [w.haircut], bookingDate: localDate(2), bookingTime: '12:00 PM' };
    const first = await rt.caller(c, { idempotencyKey: 'key-1' }).users.createBooking(input);
    const again = await rt.caller(c, { idempotencyKey: 'key-1' }).users.createBooking(input);
    expect(again.data.booking._id).toBe(first.data.booking._id);
    // The same key for another time is not this request: refused, nothing booked.
    await expect(rt.caller(c, { idempotencyKey: 'key-1' }).users.createBooking({ ...input, bookingTime: '1:00 PM' })).rejects.toMatchObject(
      {
        code: 'UNPROCESSABLE_CONTENT',
        message: expect.stringMatching(/^Idempotency-Key: /),
      },
    );
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => rt.caller(c, { idempotencyKey: 'key-2' }).users.createBooking({ ...input, bookingTime: '2:00 PM' })),
    );
    expect(new Set(racing.map((r) => r.data.booking._id)).size).toBe(1);
    const rows = await rt.deps.db.selectFrom('bookings').select('idempotency_key').where('user_id', '=', c.id).execute();
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(['key-1', 'key-2']);
  });
});

describe('coupons', () => {
  let w: World;
  const validate = (code: string, serviceIds?: string[]) =>
    rt.caller(w.customer).users.validateCoupon({ merchantId: w.salon.id, serviceIds: serviceIds ?? [w.haircut, w.facial], code });
  beforeAll(async () => {
    w = await world();
  });

  it('applies a percentage coupon capped by max_discount, case-insensitively', async () => {
    const code = await createCoupon(rt, { merchantId: w.salon.id, type: 'percentage', value: 20, maxDiscount: 200 });
    expect(await validate(code.toLowerCase())).toMatchObject({ valid: true, subtotal: 1400, discount: 200, total: 1200 });
    const uncapped = await createCoupon(rt, { type: 'percentage', value: 10 });
    expect(await validate(uncapped)).toMatchObject({ valid: true, discount: 140, total: 1260 });
  });

  it('never discounts below zero', async () => {
    const code = await createCoupon(rt, { type: 'flat', value: 5000 });
    expect(await validate(code, [w.haircut])).toMatchObject({ valid: true, discount: 500, total: 0 });
  });

  it('explains every refusal', async () => {
    const today = localDate(0);
    const cases: [Promise<string>, string][] = [
      [Promise.resolve('NOSUCHCODE'), 'Coupon not found'],
      [createCoupon(rt, { merchantId: (await world({ name: 'Rival' })).salon.id }), 'This coupon is not valid at this salon'],
      [createCoupon(rt, { active: false }), 'This coupon is no longer active'],
      [createCoupon(rt, { validFrom: localDate(1) }), 'This coupon is not valid yet'],
      [createCoupon(rt, { validUntil: localDate(-1) }), 'This coupon has expired'],
      [createCoupon(rt, { usageLimit: 3, usedCount: 3 }), 'This coupon has reached its usage limit'],
      [createCoupon(rt, { minAmount: 1500 }), 'Spend at least ₹1,500 to use this coupon'],
    ];
    for (const [code, message] of cases) {
      expect(await validate(await code)).toMatchObject({ valid: false, discount: 0, total: 1400, message });
    }
    const lastDay = await createCoupon(rt, { validFrom: today, validUntil: today });
    expect((await validate(lastDay)).valid).toBe(true);
  });

  it('takes a use on booking and refuses the coupon once used up, naming couponCode', async () => {
    const code = await createCoupon(rt, { merchantId: w.salon.id, type: 'flat', value: 100, usageLimit: 1 });
    const r = await book(w, w.customer, { couponCode: code.toLowerCase(), bookingTime: '10:00 AM' });
    expect(r.data.booking).toMatchObject({ subtotal: 500, discount: 100, totalPrice: 400, couponCode: code });
    expect(r.data.booking).toEqual(await loadBookingWire(rt.deps.db, r.data.booking._id));
    const row = await rt.deps.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
    await expect(book(w, w.customer, { couponCode: code, bookingTime: '11:00 AM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'couponCode: this coupon has reached its usage limit',
    });
    const small = await createCoupon(rt, { minAmount: 600 });
    await expect(book(w, w.customer, { couponCode: small, bookingTime: '11:00 AM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'couponCode: spend at least ₹600 to use this coupon',
    });
    await expect(book(w, w.customer, { couponCode: 'NOPE1', bookingTime: '11:00 AM' })).rejects.toMatchObject({
      message: 'couponCode: coupon not found',
    });
  });

  it('is for signed-in customers', async () => {
    await expect(rt.caller().users.validateCoupon({ merchantId: w.salon.id, serviceIds: [w.haircut], code: 'X' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('customer bookings', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('lists the caller’s bookings newest first in a fixed number of queries', async () => {
    const c = await createCustomer(rt);
    const ids: string[] = [];
    for (const time of ['9:00 AM', '11:00 AM', '1:00 PM']) ids.push((await book(w, c, { bookingTime: time })).data.booking._id);
    await book(w, w.customer, { bookingTime: '3:00 PM' });
    const r = await rt.caller(c).users.getAllBookings({ userId: c.id });
    expect(r.data.bookings.map((b) => b._id)).toEqual([...ids].reverse());
    expect(r.data.paging).toEqual({ page: 1, limit: 100, total: 3, hasMore: false });
    const second = await rt.caller(c).users.getAllBookings({ page: 2, limit: 2 });
    expect(second.data.bookings.map((b) => b._id)).toEqual([ids[0]]);
    expect(second.data.paging).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
    // The page and its total: two queries however many bookings.
    const counted = countingDb(rt.deps.db);
    await listMyBookings({ ...rt.deps, db: counted.db }, c, { page: 1, limit: 100 });
    expect(counted.count()).toBe(2);
    await expect(rt.caller(c).users.getAllBookings({ userId: w.customer.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await makeAccount(rt, 'admin');
    expect((await rt.caller(admin).users.getAllBookings({ userId: c.id })).data.bookings).toHaveLength(3);
  });

  it('shows one booking to its customer only', async () => {
    const mine = (await book(w, w.customer, { bookingTime: '5:00 PM' })).data.booking;
    const r = await rt.caller(w.customer).users.getBookingById({ userId: w.customer.id, bookingId: mine._id });
    expect(r.data.booking._id).toBe(mine._id);
    const other = await createCustomer(rt);
    await expect(rt.caller(other).users.getBookingById({ bookingId: mine._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(other).users.getBookingById({ userId: w.customer.id, bookingId: mine._id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(w.salon.owner).users.getBookingById({ bookingId: mine._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('cancelling', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('refunds by the tiers and frees the slot', async () => {
    const b = (await book(w, w.customer, { staffId: w.anyone, bookingTime: '10:00 AM' })).data.booking;
    const r = await rt.caller(w.customer).users.cancelBooking({ bookingId: b._id, reason: 'Plans changed' });
    // Paid at the salon: nothing was taken, so the refund tier has nothing to give back.
    expect(r.data).toEqual({ success: true, refundPercent: 100, refundAmount: 0, walletCredit: 0 });
    const row = await rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', b._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: 'customer', refund_percent: 100, cancellation_reason: 'Plans changed' });
    const again = await book(w, w.customer, { staffId: w.anyone, bookingTime: '10:00 AM' });
    expect(again.data.booking._id).not.toBe(b._id);

    const tiers = [
      [120, 100],
      [119, 50],
      [60, 50],
      [59, 0],
    ] as const;
    for (const [i, [minutesBefore, percent]] of tiers.entries()) {
      const startsAt = at(localDate(2 + i), '10:00');
      const id = await insertBookingRow(rt, {
        userId: w.customer.id,
        merchantId: w.salon.id,
        staffId: w.cutter,
        startsAt,
        price: 999,
        prepaid: true,
      });
      const now = new Date(startsAt.getTime() - minutesBefore * 60_000);
      const res = await cancelMyBooking(rt.deps, w.customer, { bookingId: id }, { now });
      expect(res.data.refundPercent).toBe(percent);
      expect(res.data.refundAmount).toBe(Math.round(999 * percent) / 100);
      expect(res.data.walletCredit).toBe(Math.round(999 * percent) / 100);
    }
  });

  it('cancels only the caller’s upcoming or confirmed bookings', async () => {
    const b = (await book(w, w.customer, { bookingTime: '1:00 PM' })).data.booking;
    const other = await createCustomer(rt);
    await expect(rt.caller(other).users.cancelBooking({ bookingId: b._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(w.salon.owner).users.cancelBooking({ bookingId: b._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await rt.caller(w.customer).users.cancelBooking({ bookingId: b._id });
    await expect(rt.caller(w.customer).users.cancelBooking({ bookingId: b._id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingId: a cancelled booking cannot be cancelled',
    });
    const done = await insertBookingRow(rt, {
      userId: w.customer.id,
      merchantId: w.salon.id,
      staffId: w.anyone,
      startsAt: at(localDate(-2), '10:00'),
      status: 'completed',
    });
    await expect(rt.caller(w.customer).users.cancelBooking({ bookingId: done })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const admin = await makeAccount(rt, 'admin');
    const forAdmin = (await book(w, w.customer, { bookingTime: '2:00 PM' })).data.booking;
    expect((await rt.caller(admin).users.cancelBooking({ bookingId: forAdmin._id })).data.success).toBe(true);
  });
});

describe('rescheduling', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('moves the same booking to a free slot keeping services and price, freeing the old slot', async () => {
    const code = await createCoupon(rt, { type: 'flat', value: 50 });
    const b = (await book(w, w.customer, { staffId: w.anyone, bookingTime: '10:00 AM', couponCode: code })).data.booking;
    const r = await rt.caller(w.customer).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(2), bookingTime: '3:30 PM' });
    expect(r.data.booking).toMatchObject({
      _id: b._id,
      bookingDate: localDate(2),
      bookingTime: '3:30 PM',
      totalPrice: 450,
      discount: 50,
      services: b.services,
      professional: { _id: w.anyone },
    });
    expect(r.data.booking.startsAt).toBe(at(localDate(2), '15:30').toISOString());
    const other = await createCustomer(rt);
    expect((await book(w, other, { staffId: w.anyone, bookingTime: '10:00 AM' })).data.booking.status).toBe('upcoming');
  });

  it('refuses a clash with 409 and keeps the original slot held', async () => {
    const mine = (await book(w, w.customer, { staffId: w.anyone, bookingTime: '12:00 PM' })).data.booking;
    const other = await createCustomer(rt);
    await book(w, other, { staffId: w.anyone, bookingTime: '1:00 PM' });
    await expect(
      rt
        .caller(w.customer)
        .users.rescheduleBooking({ bookingId: mine._id, bookingDate: tomorrow(), bookingTime: '1:00 PM', staffId: w.anyone }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: SLOT_TAKEN });
    const row = await rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', mine._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ booking_time: '12:00 PM', staff_id: w.anyone, status: 'upcoming' });
    await expect(book(w, other, { staffId: w.anyone, bookingTime: '12:00 PM' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('moves a booking made with "Any professional" to whoever is free, and its answer says the professional changed', async () => {
    const mine = (await book(w, w.customer, { bookingTime: '4:00 PM' })).data.booking;
    expect(mine.anyProfessional).toBe(true);
    const first = mine.professional;
    const other = await createCustomer(rt);
    await book(w, other, { staffId: first._id, bookingTime: '5:00 PM' });
    const r = await rt.caller(w.customer).users.rescheduleBooking({ bookingId: mine._id, bookingDate: tomorrow(), bookingTime: '5:00 PM' });
    const now = r.data.booking.professional;
    expect(now._id).not.toBe(first._id);
    expect([w.anyone, w.cutter]).toContain(now._id);
    expect(r.data).toMatchObject({ professionalChanged: true, previousProfessional: { _id: first._id, name: first.name } });
    // Still an "Any professional" booking: a later move may change it again.
    expect(r.data.booking.anyProfessional).toBe(true);
  });

  it('keeps a booking made with a chosen professional with them: a time they are busy is refused, never given to another', async () => {
    const day = localDate(5);
    const mine = (await book(w, w.customer, { staffId: w.anyone, bookingDate: day, bookingTime: '3:00 PM' })).data.booking;
    expect(mine.anyProfessional).toBe(false);
    const other = await createCustomer(rt);
    await book(w, other, { staffId: w.anyone, bookingDate: day, bookingTime: '5:00 PM' });
    // Bala is free at 5 PM, but the customer chose Asha.
    await expect(
      rt.caller(w.customer).users.rescheduleBooking({ bookingId: mine._id, bookingDate: day, bookingTime: '5:00 PM' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: SLOT_TAKEN });
    const row = await rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', mine._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ booking_time: '3:00 PM', staff_id: w.anyone });
    const r = await rt.caller(w.customer).users.rescheduleBooking({ bookingId: mine._id, bookingDate: day, bookingTime: '4:00 PM' });
    expect(r.data).toMatchObject({
      booking: { bookingTime: '4:00 PM', professional: { _id: w.anyone }, anyProfessional: false },
      professionalChanged: false,
      previousProfessional: { _id: w.anyone, name: 'Asha' },
    });
  });

  it('offers the times next to the booking being moved once it is named, only to whom may move it', async () => {
    const day = localDate(4);
    const mine = (await book(w, w.customer, { staffId: w.cutter, bookingDate: day, bookingTime: '11:00 AM' })).data.booking;
    const slots = async (actor: Actor | null, exceptBookingId?: string) =>
      (
        await rt
          .caller(actor)
          .users.getAvailableSlots({ merchantId: w.salon.id, date: day, serviceIds: [w.haircut], staffId: w.cutter, exceptBookingId })
      ).data.slots.map((s) => s.time);
    const plain = await slots(w.customer);
    expect(plain).not.toContain('10:45 AM');
    expect(plain).not.toContain('11:15 AM');
    const moving = await slots(w.customer, mine._id);
    expect(moving).toEqual(expect.arrayContaining(['10:45 AM', '11:00 AM', '11:15 AM']));
    expect(await slots(w.salon.owner, mine._id)).toContain('11:15 AM');
    const stranger = await createCustomer(rt);
    await expect(slots(stranger, mine._id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(slots(null, mine._id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is refused, and the booking says so, while the salon is unpublished; cancelling still works', async () => {
    const v = await world({ name: 'Paused Salon' });
    const b = (await book(v, v.customer, { bookingDate: localDate(3), bookingTime: '11:00 AM' })).data.booking;
    expect(b.salonBookable).toBe(true);
    await rt.deps.db.updateTable('merchants').set({ is_published: false }).where('id', '=', v.salon.id).execute();
    const mine = await rt.caller(v.customer).users.getBookingById({ bookingId: b._id });
    expect(mine.data.booking.salonBookable).toBe(false);
    await expect(
      rt.caller(v.customer).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(3), bookingTime: '2:00 PM' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingId: this salon is not taking online bookings/),
    });
    expect((await rt.caller(v.customer).users.cancelBooking({ bookingId: b._id })).data.success).toBe(true);
  });

  it('is free only up to 4 hours before, for the caller’s active bookings', async () => {
    const b = (await book(w, w.customer, { bookingDate: localDate(3), bookingTime: '10:00 AM' })).data.booking;
    const now = new Date(new Date(b.startsAt).getTime() - 3 * 3_600_000);
    await expect(
      rescheduleMyBooking(rt.deps, w.customer, { bookingId: b._id, bookingDate: localDate(3), bookingTime: '11:00 AM' }, { now }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingId: bookings can be rescheduled up to 4 hours before the appointment',
    });
    const other = await createCustomer(rt);
    await expect(
      rt.caller(other).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(3), bookingTime: '11:00 AM' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await rt.caller(w.customer).users.cancelBooking({ bookingId: b._id });
    await expect(
      rt.caller(w.customer).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(3), bookingTime: '11:00 AM' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^bookingId: /) });
  });
});

describe('merchant booking desk', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  const statuses = ['pending', 'upcoming', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
  // Bookings that started days ago: a checked-in one is served (completed, not cancelled), one never checked in may be a no-show.
  const allowed = new Set(['upcoming→confirmed', 'upcoming→cancelled', 'upcoming→no_show', 'confirmed→completed']);
  let hour = 0;
  const rowWith = (status: (typeof statuses)[number], opts: { startsAt?: Date } = {}) =>
    insertBookingRow(rt, {
      userId: w.customer.id,
      merchantId: w.salon.id,
      staffId: w.anyone,
      startsAt: opts.startsAt ?? new Date(at(localDate(-5), '00:00').getTime() + hour++ * 3_600_000),
      status,
      price: 1234.5,
    });

  it('allows exactly the contract’s moves (for a booking that has started) and refuses every other one naming status', async () => {
    for (const from of statuses) {
      for (const to of statuses) {
        const id = await rowWith(from);
        const move = rt.caller(w.salon.owner).merchants.updateBookingStatus({
          bookingId: id,
          status: to,
          merchantId: w.salon.id,
          userId: w.salon.id,
          cancellationReason: 'Stylist unwell',
          paymentReceived: true,
        });
        if (allowed.has(`${from}→${to}`)) {
          expect((await move).booking.status, `${from}→${to}`).toBe(to);
        } else {
          await expect(move, `${from}→${to}`).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^status: /) });
        }
      }
    }
  });

  it('confirming marks the booking scanned', async () => {
    const id = await rowWith('upcoming');
    const r = await rt.caller(w.salon.owner).merchants.updateBookingStatus({ bookingId: id, status: 'confirmed', merchantId: w.salon.id });
    expect(r.booking).toMatchObject({ status: 'confirmed', scanned: true });
    expect(r.booking.scannedAt).not.toBeNull();
  });

  it('cancelling needs a reason and refunds in full', async () => {
    const id = await rowWith('upcoming');
    const desk = rt.caller(w.salon.owner).merchants;
    await expect(
      desk.updateBookingStatus({ bookingId: id, status: 'cancelled', merchantId: w.salon.id, cancellationReason: '  ' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'cancellationReason: please provide a reason for cancellation',
    });
    const r = await desk.updateBookingStatus({
      bookingId: id,
      status: 'cancelled',
      merchantId: w.salon.id,
      cancellationReason: 'Power cut',
    });
    expect(r.booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'merchant',
      refundPercent: 100,
      refundAmount: 0,
      amountPaid: 0,
      cancellationReason: 'Power cut',
    });
  });

  it('completing needs the payment and records the 10% commission in the ledger', async () => {
    const id = await rowWith('confirmed');
    const desk = rt.caller(w.salon.owner).merchants;
    const completedCount = async () =>
      (await rt.deps.db.selectFrom('salon_search').select('booking_count').where('id', '=', w.salon.id).executeTakeFirstOrThrow())
        .booking_count;
    const before = await completedCount();
    await expect(desk.updateBookingStatus({ bookingId: id, status: 'completed', merchantId: w.salon.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'paymentReceived: please confirm that you have received the payment',
    });
    const r = await desk.updateBookingStatus({ bookingId: id, status: 'completed', merchantId: w.salon.id, paymentReceived: true });
    expect(r.booking).toMatchObject({ status: 'completed', paymentReceived: true, commission: 123.45, merchantEarning: 1111.05 });
    const ledger = await rt.deps.db.selectFrom('commission_ledger').selectAll().where('booking_id', '=', id).executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ merchant_id: w.salon.id, gross_amount: 1234.5, commission: 123.45, merchant_earning: 1111.05 });
    // "Most popular" counts completed bookings, and search sees the new figure at once.
    expect(await completedCount()).toBe(before + 1);
    await book(w, w.customer, { bookingTime: '12:30 PM' });
    expect(await completedCount()).toBe(before + 1);
  });

  it('rounds commission and earning half up each on its own, in exact paise; the ledger still balances', async () => {
    const desk = rt.caller(w.salon.owner).merchants;
    // Half-paisa totals: 10% is 76.415 and 101.915, 90% is 687.735 and 917.235 (float gives 687.7349…).
    for (const [price, commission, merchantEarning] of [
      [764.15, 76.42, 687.74],
      [1019.15, 101.92, 917.24],
    ] as const) {
      const id = await insertBookingRow(rt, {
        userId: w.customer.id,
        merchantId: w.salon.id,
        staffId: w.anyone,
        startsAt: new Date(at(localDate(-5), '00:00').getTime() + hour++ * 3_600_000),
        status: 'confirmed',
        price,
      });
      const r = await desk.updateBookingStatus({ bookingId: id, status: 'completed', merchantId: w.salon.id, paymentReceived: true });
      expect(r.booking, `${price}`).toMatchObject({ totalPrice: price, commission, merchantEarning });
      const row = await rt.deps.db
        .selectFrom('bookings')
        .select(['commission', 'merchant_earning'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row, `${price}`).toEqual({ commission, merchant_earning: merchantEarning });
      // The ledger's CHECK wants commission + merchant_earning = gross_amount: same commission,
      // the merchant's share as the remainder.
      const ledger = await rt.deps.db.selectFrom('commission_ledger').selectAll().where('booking_id', '=', id).executeTakeFirstOrThrow();
      expect(ledger.gross_amount, `${price}`).toBe(price);
      expect(ledger.commission, `${price}`).toBe(commission);
      expect(Math.round(Number(ledger.commission) * 100) + Math.round(Number(ledger.merchant_earning) * 100)).toBe(Math.round(price * 100));
    }
  });

  it('lets exactly one of two racing moves apply', async () => {
    const id = await rowWith('confirmed');
    const move = () =>
      rt
        .caller(w.salon.owner)
        .merchants.updateBookingStatus({ bookingId: id, status: 'completed', merchantId: w.salon.id, paymentReceived: true });
    const results = await Promise.allSettled([move(), move(), move()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const ledger = await rt.deps.db.selectFrom('commission_ledger').select('id').where('booking_id', '=', id).execute();
    expect(ledger).toHaveLength(1);
  });

  it('keeps other salons, customers and foreign merchantIds out; admins may act', async () => {
    const id = await rowWith('upcoming');
    const rival = await world({ name: 'Rival' });
    await expect(
      rt.caller(rival.salon.owner).merchants.updateBookingStatus({ bookingId: id, status: 'confirmed', merchantId: rival.salon.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      rt.caller(rival.salon.owner).merchants.updateBookingStatus({ bookingId: id, status: 'confirmed', merchantId: w.salon.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      rt.caller(w.customer).merchants.updateBookingStatus({ bookingId: id, status: 'confirmed', merchantId: w.salon.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(rival.salon.owner).merchants.scanQRForBooking({ bookingId: id, userId: w.customer.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const admin = await makeAccount(rt, 'admin');
    const r = await rt.caller(admin).merchants.updateBookingStatus({ bookingId: id, status: 'confirmed', merchantId: w.salon.id });
    expect(r.booking.status).toBe('confirmed');
    await expect(rt.caller(admin).merchants.merchantGetAllBookings({})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^merchantId: /),
    });
  });

  it('finds a booking from its QR without changing it, checking the customer', async () => {
    const b = (await book(w, w.customer, { bookingTime: '10:00 AM' })).data.booking;
    const r = await rt
      .caller(w.salon.owner)
      .merchants.scanQRForBooking({ bookingId: b._id, merchantId: w.salon.id, userId: w.customer.id });
    expect(r.booking).toMatchObject({ _id: b._id, status: 'upcoming', userDetails: { firstName: 'customer', lastName: 'Test' } });
    const other = await createCustomer(rt);
    await expect(
      rt.caller(w.salon.owner).merchants.scanQRForBooking({ bookingId: b._id, merchantId: w.salon.id, userId: other.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^userId: /) });
  });
});

describe('merchant lists, manual bookings and dashboard', () => {
  let w: World;
  let meera: Actor;
  beforeAll(async () => {
    w = await world();
    meera = await makeAccount(rt, 'customer', { firstName: 'Meera', email: 'meera.iyer@test.in' });
    await rt.deps.db.updateTable('accounts').set({ phone: '9876501234' }).where('id', '=', meera.id).execute();
  });

  it('lists the salon’s bookings with stats, filters and search', async () => {
    const cut = (await book(w, meera, { bookingTime: '10:00 AM' })).data.booking;
    const facial = (await book(w, w.customer, { serviceIds: [w.facial], bookingDate: localDate(2), bookingTime: '11:00 AM' })).data.booking;
    const done = await insertBookingRow(rt, {
      userId: w.customer.id,
      merchantId: w.salon.id,
      staffId: w.anyone,
      startsAt: at(localDate(-1), '10:00'),
      status: 'completed',
      price: 700,
    });
    await insertBookingRow(rt, {
      userId: w.customer.id,
      merchantId: w.salon.id,
      staffId: w.anyone,
      startsAt: at(localDate(-1), '12:00'),
      status: 'cancelled',
      price: 300,
    });
    const desk = rt.caller(w.salon.owner).merchants;
    const all = await desk.merchantGetAllBookings({ merchantId: w.salon.id });
    expect(all.stats).toEqual({ totalBookings: 4, totalRevenue: 700, upcomingBookings: 2, notCheckedIn: 0, completedBookings: 1 });
    expect(all.bookings).toHaveLength(4);
    expect(all.bookings.find((b) => b._id === cut._id)!.userDetails).toEqual({
      firstName: 'Meera',
      lastName: 'Test',
      email: 'meera.iyer@test.in',
      phone: '9876501234',
      profileImage: null,
    });
    const ids = async (q: Record<string, string>) =>
      (await desk.merchantGetAllBookings({ merchantId: w.salon.id, ...q })).bookings.map((b) => b._id);
    expect(await ids({ status: 'completed' })).toEqual([done]);
    expect(await ids({ status: 'Cancelled' })).toHaveLength(1);
    expect(await ids({ status: 'all', date: localDate(2) })).toEqual([facial._id]);
    expect(await ids({ searchQuery: 'meera test' })).toEqual([cut._id]);
    expect(await ids({ searchQuery: 'IYER@' })).toEqual([cut._id]);
    expect(await ids({ searchQuery: '98765' })).toEqual([cut._id]);
    expect(await ids({ searchQuery: facial._id.slice(0, 8).toUpperCase() })).toEqual([facial._id]);
    expect(await ids({ searchQuery: 'faci' })).toEqual([facial._id]);
    expect(await ids({ searchQuery: '100%_' })).toEqual([]);
    const rival = await world({ name: 'Rival' });
    expect((await rt.caller(rival.salon.owner).merchants.merchantGetAllBookings({ merchantId: rival.salon.id })).bookings).toEqual([]);
    await expect(rt.caller(rival.salon.owner).merchants.merchantGetAllBookings({ merchantId: w.salon.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('creates and lists manual bookings with the form’s messages', async () => {
    const desk = rt.caller(w.salon.owner).merchants;
    expect(await desk.createManualBooking({ name: 'Ravi', mobile: '9123456780', email: 'ravi@test.in', merchantId: w.salon.id })).toEqual({
      message: 'Booking created successfully',
    });
    await desk.createManualBooking({ name: 'Sita', mobile: '9123456781', email: 'SITA@test.in', merchantId: w.salon.id });
    for (const [email, minutes] of [
      ['ravi@test.in', 120],
      ['sita@test.in', 110],
    ] as const) {
      await rt.deps.db
        .updateTable('manual_bookings')
        .set({ created_at: new Date(Date.now() - minutes * 60_000), visited_at: new Date(Date.now() - minutes * 60_000) })
        .where('email', '=', email)
        .execute();
    }
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'Name is required.'],
      [{ mobile: '' }, 'Mobile number is required.'],
      [{ mobile: '5123456789' }, 'Enter a valid 10-digit mobile number.'],
      [{ email: '' }, 'Email is required.'],
      [{ email: 'not-an-email' }, 'Enter a valid email address.'],
    ];
    for (const [over, message] of cases) {
      await expect(
        desk.createManualBooking({ name: 'X', mobile: '9123456780', email: 'x@test.in', merchantId: w.salon.id, ...over }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
    }
    const list = await desk.getManualBookings({ merchantId: w.salon.id });
    expect(list.bookings.map((b) => [b.name, b.email, b.status])).toEqual([
      ['Sita', 'sita@test.in', 'confirmed'],
      ['Ravi', 'ravi@test.in', 'confirmed'],
    ]);
    await expect(rt.caller(w.customer).merchants.getManualBookings({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('builds the dashboard from real data', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    for (const [i, [rating, comment]] of (
      [
        [5, 'Lovely'],
        [4, 'Good'],
        [4, 'Nice'],
        [3, 'Okay'],
      ] as const
    ).entries()) {
      await rt.deps.db
        .insertInto('reviews')
        .values({ user_id: meera.id, merchant_id: w.salon.id, rating, comment, created_at: minutesAgo(10 - i) })
        .execute();
    }
    for (let i = 0; i < 6; i++) {
      await rt.caller(w.salon.owner).merchants.createManualBooking({ name: `Walk-in ${i}`, mobile: '9123456780', email: `w${i}@test.in` });
      // Same-millisecond inserts would tie on created_at; spread them out like real walk-ins.
      await rt.deps.db
        .updateTable('manual_bookings')
        .set({ created_at: minutesAgo(10 - i), visited_at: minutesAgo(10 - i) })
        .where('email', '=', `w${i}@test.in`)
        .execute();
    }
    const latest = (await book(w, meera, { bookingDate: localDate(3), bookingTime: '4:00 PM' })).data.booking;
    const d = await rt.caller(w.salon.owner).merchants.getDashboard({ merchantId: w.salon.id });
    expect(d.stats).toMatchObject({
      totalBookings: 5,
      totalRevenue: 700,
      upcomingBookings: 3,
      completedBookings: 1,
      customerRating: 4,
      reviewCount: 4,
    });
    expect(d.recentBookings).toHaveLength(5);
    expect(d.recentBookings[0]._id).toBe(latest._id);
    expect(d.recentManualBookings.map((m) => m.name)).toEqual(['Walk-in 5', 'Walk-in 4', 'Walk-in 3', 'Walk-in 2', 'Walk-in 1']);
    expect(d.recentReviews.map((r) => r.comment)).toEqual(['Okay', 'Nice', 'Good']);
    expect(d.recentReviews[0]).toMatchObject({ userName: 'Meera Test', rating: 3 });
    const empty = await world({ name: 'Empty' });
    const e = await rt.caller(empty.salon.owner).merchants.getDashboard({});
    expect(e.stats).toEqual({
      totalBookings: 0,
      totalRevenue: 0,
      upcomingBookings: 0,
      notCheckedIn: 0,
      completedBookings: 0,
      customerRating: 0,
      reviewCount: 0,
      commission: 0,
      netRevenue: 0,
    });
    await expect(rt.caller(empty.salon.owner).merchants.getDashboard({ merchantId: w.salon.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('the warning before a duplicate booking', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ name: 'Twice Salon' });
  });

  const ask = (actor: Actor | null, over: Record<string, unknown> = {}) =>
    rt.caller(actor).users.findDuplicateBooking({
      merchantId: w.salon.id,
      serviceIds: [w.haircut],
      bookingDate: tomorrow(),
      bookingTime: '11:00 AM',
      ...over,
    });

  it("names the caller's live booking of the same service, salon, date and time, however the time is written", async () => {
    const c = await createCustomer(rt);
    expect((await ask(c)).data.duplicate).toBeNull();
    const first = (await book(w, c, { bookingTime: '11:00 AM', serviceIds: [w.haircut, w.facial] })).data.booking;
    const r = await ask(c, { bookingTime: '11:00', serviceIds: [w.haircut] });
    expect(r.data.duplicate).toEqual({
      bookingId: first._id,
      bookingDate: tomorrow(),
      bookingTime: '11:00 AM',
      status: 'upcoming',
      services: ['Haircut'],
    });
    // Checked in (confirmed) is live too.
    await rt.deps.db.updateTable('bookings').set({ status: 'confirmed' }).where('id', '=', first._id).execute();
    expect((await ask(c, { serviceIds: [w.facial, w.haircut] })).data.duplicate?.services).toEqual(['Haircut', 'Facial']);
    // Another time, date, service or salon is not a duplicate.
    expect((await ask(c, { bookingTime: '11:30 AM' })).data.duplicate).toBeNull();
    expect((await ask(c, { bookingDate: localDate(2, TZ) })).data.duplicate).toBeNull();
    const other = await world({ name: 'Elsewhere' });
    expect((await ask(c, { merchantId: other.salon.id, serviceIds: [other.haircut] })).data.duplicate).toBeNull();
    const massage = await createService(rt, w.salon.id, { name: 'Massage', duration: 30, price: 800, category: 'Spa' });
    expect((await ask(c, { serviceIds: [massage] })).data.duplicate).toBeNull();
  });

  it('leaves out cancelled and completed bookings', async () => {
    const c = await createCustomer(rt);
    const b = (await book(w, c, { bookingTime: '2:00 PM' })).data.booking;
    await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    expect((await ask(c, { bookingTime: '2:00 PM' })).data.duplicate).toBeNull();
    const done = (await book(w, c, { bookingTime: '3:00 PM' })).data.booking;
    await rt.deps.db.updateTable('bookings').set({ status: 'completed' }).where('id', '=', done._id).execute();
    expect((await ask(c, { bookingTime: '3:00 PM' })).data.duplicate).toBeNull();
  });

  it("never looks at another customer's bookings, and is for signed-in customers", async () => {
    const mine = await createCustomer(rt);
    const someoneElse = await createCustomer(rt);
    await book(w, someoneElse, { bookingTime: '4:00 PM' });
    expect((await ask(someoneElse, { bookingTime: '4:00 PM' })).data.duplicate).not.toBeNull();
    expect((await ask(mine, { bookingTime: '4:00 PM' })).data.duplicate).toBeNull();
    const admin = await makeAccount(rt, 'admin');
    expect((await ask(admin, { bookingTime: '4:00 PM' })).data.duplicate).toBeNull();
    await expect(ask(null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(ask(w.salon.owner)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ask(mine, { bookingTime: 'soon' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
