import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import {
  createCustomer,
  createSalon,
  createService,
  createStaff,
  insertBookingRow,
  localDate,
  type SalonFixture,
} from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let salon: SalonFixture;
let haircut: string;
let stylist: string;
let customer: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  salon = await createSalon(rt, { name: 'Rose Spa' });
  haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 450 });
  stylist = await createStaff(rt, salon.id, { name: 'Kiran' });
  customer = await createCustomer(rt);
});
afterAll(async () => {
  await rt.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

async function post(path: string, body: unknown, actor?: Actor | null, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(actor ? { authorization: `Bearer ${await tokenFor(actor)}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const bookingBody = (over: Record<string, unknown> = {}) => ({
  userId: customer.id,
  merchantId: salon.id,
  serviceIds: [haircut],
  staffId: stylist,
  bookingDate: localDate(1),
  bookingTime: '10:00 AM',
  ...over,
});

describe('POST /api/users/getAvailableSlots', () => {
  it('is public and answers {data: {slots: [{time, staffIds}]}}', async () => {
    const r = await post('/users/getAvailableSlots', { merchantId: salon.id, date: localDate(1), serviceIds: [haircut] });
    expect(r.status).toBe(200);
    expect(r.body.data.slots[0]).toEqual({ time: '9:00 AM', staffIds: [stylist] });
    expect(r.body.data).toMatchObject({ timeZone: 'Asia/Kolkata', totalDuration: 30, totalPrice: 450 });
  });
});

describe('POST /api/users/createBooking', () => {
  it('answers 201 with the booking, idempotently on Idempotency-Key', async () => {
    const r = await post('/users/createBooking', bookingBody(), customer, { 'Idempotency-Key': 'abc-123' });
    expect(r.status).toBe(201);
    const b = r.body.data.booking;
    expect(b).toMatchObject({
      userId: customer.id,
      merchantId: salon.id,
      salonName: 'Rose Spa',
      bookingDate: localDate(1),
      bookingTime: '10:00 AM',
      status: 'upcoming',
      totalPrice: 450,
      totalDuration: 30,
      professional: { _id: stylist, name: 'Kiran', role: 'Stylist' },
      services: [{ _id: haircut, serviceName: 'Haircut', duration: 30, price: 450 }],
      address: '12 FC Road, Pune, Maharashtra',
    });
    expect(typeof b._id).toBe('string');
    expect(b.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(Number.isNaN(Date.parse(b.createdAt))).toBe(false);
    const again = await post('/users/createBooking', bookingBody(), customer, { 'Idempotency-Key': 'abc-123' });
    expect(again.status).toBe(201);
    expect(again.body.data.booking._id).toBe(b._id);
    // The same request in another spelling is the same request.
    const spelled = await post('/users/createBooking', bookingBody({ bookingTime: '10:00' }), customer, { 'Idempotency-Key': 'abc-123' });
    expect(spelled.body.data.booking._id).toBe(b._id);
    // The same key for a different booking is refused, and books nothing.
    const other = await post('/users/createBooking', bookingBody({ bookingTime: '4:00 PM' }), customer, { 'Idempotency-Key': 'abc-123' });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/^Idempotency-Key: /);
    const mine = await post('/users/getAllBookings', { userId: customer.id }, customer);
    expect(mine.body.data.bookings.filter((x: { bookingTime: string }) => x.bookingTime === '4:00 PM')).toHaveLength(0);
  });

  it('answers 409 when the slot is taken', async () => {
    const other = await createCustomer(rt);
    const r = await post('/users/createBooking', bookingBody({ userId: other.id, bookingTime: '10:15 AM' }), other);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('This time slot is no longer available');
  });

  it('answers 400 naming the field', async () => {
    const offGrid = await post('/users/createBooking', bookingBody({ bookingTime: '10:10 AM' }), customer);
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.message).toMatch(/^bookingTime: /);
    const noServices = await post('/users/createBooking', bookingBody({ serviceIds: [] }), customer);
    expect(noServices.status).toBe(400);
    expect(noServices.body.message).toMatch(/^serviceIds: /);
    const past = await post('/users/createBooking', bookingBody({ bookingDate: localDate(-1) }), customer);
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: 'bookingDate: this date has already passed', data: { field: 'bookingDate' } });
    const earlierToday = await post('/users/createBooking', bookingBody({ bookingDate: localDate(0), bookingTime: '12:00 AM' }), customer);
    expect(earlierToday.body).toMatchObject({ message: 'bookingTime: this time has already passed', data: { field: 'bookingTime' } });
  });

  it('answers 401 without a token and 403 for a salon account', async () => {
    expect((await post('/users/createBooking', bookingBody(), null)).status).toBe(401);
    expect((await post('/users/createBooking', bookingBody({ userId: undefined }), salon.owner)).status).toBe(403);
  });
});

describe('POST /api/users/cancelBooking', () => {
  it('refunds 100, 50 or 0 percent by the time left', async () => {
    // A stylist of its own: bookings hours from now must not meet the other tests' bookings at
    // fixed times tomorrow (run at 06:30 IST, now + 1 day + 3 h met the 10:00 AM one).
    const ownStylist = await createStaff(rt, salon.id, { name: 'Refund Tiers' });
    const now = Date.now();
    for (const [minutesAhead, percent] of [
      [180, 100],
      [90, 50],
      [30, 0],
    ] as const) {
      const id = await insertBookingRow(rt, {
        userId: customer.id,
        merchantId: salon.id,
        staffId: ownStylist,
        startsAt: new Date(now + minutesAhead * 60_000),
        price: 450,
      });
      const r = await post('/users/cancelBooking', { bookingId: id, reason: 'Running late' }, customer);
      expect(r.status).toBe(200);
      // Paid at the salon: the tier applies to nothing.
      expect(r.body).toEqual({ data: { success: true, refundPercent: percent, refundAmount: 0, walletCredit: 0 } });
      const prepaid = await insertBookingRow(rt, {
        userId: customer.id,
        merchantId: salon.id,
        staffId: ownStylist,
        startsAt: new Date(now + minutesAhead * 60_000 + 3_600_000 * 24),
        price: 450,
        prepaid: true,
      });
      const p = await post('/users/cancelBooking', { bookingId: prepaid }, customer);
      expect(p.body.data).toMatchObject({ refundPercent: 100, refundAmount: 450, walletCredit: 450 });
    }
  });

  it('refuses someone else’s booking', async () => {
    const id = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: stylist,
      startsAt: new Date(Date.now() + 86_400_000 * 2),
    });
    const other = await createCustomer(rt);
    expect((await post('/users/cancelBooking', { bookingId: id }, other)).status).toBe(404);
  });
});

describe('merchant booking desk over REST', () => {
  it('lists bookings with stats, refuses bad moves with 400 and creates manual bookings with 201', async () => {
    const list = await post('/merchants/getAllBookings', { merchantId: salon.id }, salon.owner);
    expect(list.status).toBe(200);
    expect(list.body.stats).toMatchObject({ totalBookings: expect.any(Number), totalRevenue: 0 });
    const upcoming = list.body.bookings.find((b: { status: string }) => b.status === 'upcoming');
    const bad = await post(
      '/merchants/updateBookingStatus',
      { bookingId: upcoming._id, status: 'completed', merchantId: salon.id, userId: salon.id, paymentReceived: true },
      salon.owner,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status: /);
    const manual = await post(
      '/merchants/createManualBooking',
      { name: 'Ravi', mobile: '9123456780', email: 'ravi@test.in', merchantId: salon.id },
      salon.owner,
    );
    expect(manual).toEqual({ status: 201, body: { message: 'Booking created successfully' } });
    const invalid = await post(
      '/merchants/createManualBooking',
      { name: 'Ravi', mobile: '12345', email: 'ravi@test.in', merchantId: salon.id },
      salon.owner,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('Enter a valid 10-digit mobile number.');
    expect((await post('/merchants/getAllBookings', { merchantId: salon.id }, customer)).status).toBe(403);
  });

  it('takes the acting account in userId only as the caller’s own', async () => {
    const id = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: stylist,
      startsAt: new Date(Date.now() + 86_400_000 * 3),
    });
    const move = (userId: string) =>
      post('/merchants/updateBookingStatus', { bookingId: id, status: 'confirmed', merchantId: salon.id, userId }, salon.owner);
    // Another account's id is refused; a malformed one is bad input, named (issue 39).
    for (const [foreign, status] of [
      [customer.id, 403],
      ['lol', 400],
    ] as const) {
      const r = await move(foreign);
      expect(r.status, foreign).toBe(status);
      expect(r.body.message).toMatch(/^userId: /);
    }
    const own = await move(salon.id);
    expect(own.status).toBe(200);
    expect(own.body.booking.status).toBe('confirmed');
  });
});

describe('OpenAPI document', () => {
  it('lists every booking path', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/users/getAvailableSlots',
      '/users/createBooking',
      '/users/validateCoupon',
      '/users/getAllBookings',
      '/users/getBookingById',
      '/users/cancelBooking',
      '/users/rescheduleBooking',
      '/merchants/getAllBookings',
      '/merchants/updateBookingStatus',
      '/merchants/scanQRForBooking',
      '/merchants/createManualBooking',
      '/merchants/getManualBookings',
      '/merchants/getDashboard',
    ]) {
      expect(doc.paths[path], path).toHaveProperty('post');
    }
  });
});
