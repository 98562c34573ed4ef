import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { STAFF_HAS_UPCOMING, updateStaffHours } from '../../src/server/services/shop/staff.js';
import { periodRange } from '../../src/server/services/shop/staffAnalytics.js';
import { updateStaffHoursInput } from '../../src/shared/schemas/staff.js';
import { weekdayOf, zonedTimeToInstant } from '../../src/shared/slots.js';
import {
  countingDb,
  createCustomer,
  createSalon,
  createService,
  insertBookingRow,
  localDate,
  openingHours,
  type SalonFixture,
  workingHours,
} from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let customer: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  customer = await createCustomer(rt);
});
afterAll(async () => {
  await rt.close();
});

const member = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: 'asha@lotus.in',
  phone: '9876543210',
  role: 'Stylist' as const,
  rate: 200,
  status: 'Active' as const,
  specialization: ['Haircut', 'Hair Colour'],
  experience: 5,
  ...over,
});

let emailSeq = 0;
const uniqueEmail = () => `staff${++emailSeq}@lotus.in`;

/** A salon-local instant on a date offset from today (IST). */
const at = (days: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedTimeToInstant(localDate(days), h * 60 + m, 'Asia/Kolkata');
};

describe('add and edit staff', () => {
  it('adds a staff member (201 meta) and answers the wire shape', async () => {
    const { staff } = await rt.caller(salon.owner).merchants.addStaffByMerchant({ merchantId: salon.id, ...member() });
    expect(staff).toMatchObject({
      merchantId: salon.id,
      name: 'Asha Rao',
      email: 'asha@lotus.in',
      phone: '9876543210',
      role: 'Stylist',
      rate: 200,
      status: 'Active',
      avatar: null,
      specialization: ['Haircut', 'Hair Colour'],
      experience: 5,
      workingHours: [],
      daysOff: [],
      totalBookings: 0,
      totalEarnings: 0,
    });
  });

  const rules: [string, Record<string, unknown>, string | RegExp][] = [
    ['name required', { name: '' }, 'name: Name is required.'],
    ['email format', { email: 'not-an-email' }, 'email: Enter a valid email address.'],
    ['phone 10 digits', { phone: '98765' }, 'phone: Enter a valid 10-digit mobile number.'],
    ['phone starts 6-9', { phone: '5876543210' }, 'phone: Enter a valid 10-digit mobile number.'],
    ['role required', { role: undefined }, 'role: Staff role is required.'],
    ['role in the list', { role: 'Boss' }, /^role: Choose a role/],
    ['status in the list', { status: 'Away' }, /^status: Choose a status/],
    ['rate ≥ 0', { rate: -1 }, 'rate: Rate cannot be negative.'],
    ['one specialization', { specialization: [] }, 'specialization: Please add at least one specialization.'],
    ['avatar URL', { avatar: 'javascript:alert(1)' }, /^avatar: /],
    ['avatar path inside the app', { avatar: '/images/../../etc/passwd' }, /^avatar: /],
  ];
  for (const [rule, over, message] of rules) {
    it(`refuses "${rule}" with a 400 naming the field`, async () => {
      await expect(
        rt.caller(salon.owner).merchants.addStaffByMerchant({ ...member({ email: uniqueEmail() }), ...over }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    });
  }

  it('accepts the edge values: rate 0, each role and status, an uploaded avatar', async () => {
    for (const [role, status] of [
      ['Manager', 'Inactive'],
      ['Receptionist', 'On Leave'],
      ['Other', 'Active'],
    ] as const) {
      const { staff } = await rt
        .caller(salon.owner)
        .merchants.addStaffByMerchant(
          member({ name: `${role} one`, email: uniqueEmail(), role, status, rate: 0, avatar: `/uploads/${salon.id}/a.webp` }),
        );
      expect(staff).toMatchObject({ role, status, rate: 0, avatar: `/uploads/${salon.id}/a.webp` });
    }
  });

  it('takes back a picture the app ships, as the staff list answers it', async () => {
    const { staff } = await rt
      .caller(salon.owner)
      .merchants.addStaffByMerchant(member({ email: uniqueEmail(), avatar: '/images/demo/staff/2.svg' }));
    expect(staff.avatar).toBe('/images/demo/staff/2.svg');
  });

  it('refuses a second member with the same e-mail in one shop (another shop may)', async () => {
    await expect(rt.caller(salon.owner).merchants.addStaffByMerchant(member({ email: 'ASHA@lotus.in' }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^email: /),
    });
    const { staff } = await rt.caller(other.owner).merchants.addStaffByMerchant(member());
    expect(staff.merchantId).toBe(other.id);
  });

  it('updates only the fields sent, and needs a selected member', async () => {
    const { staff } = await rt.caller(salon.owner).merchants.addStaffByMerchant(member({ name: 'Bala', email: uniqueEmail() }));
    const r = await rt
      .caller(salon.owner)
      .merchants.updateStaffByMerchant({ merchantId: salon.id, staffId: staff._id, rate: 350.5, status: 'On Leave' });
    expect(r.staff).toMatchObject({ name: 'Bala', rate: 350.5, status: 'On Leave', specialization: ['Haircut', 'Hair Colour'] });
    await expect(rt.caller(salon.owner).merchants.updateStaffByMerchant({ merchantId: salon.id, rate: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'staffId: No staff member selected for editing.',
    });
    await expect(rt.caller(salon.owner).merchants.updateStaffByMerchant({ staffId: staff._id, specialization: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'specialization: Please add at least one specialization.',
    });
  });

  it("keeps every staff call to the caller's shop: 403 for another merchantId, 404 for another shop's member", async () => {
    const theirs = (await rt.caller(other.owner).merchants.addStaffByMerchant(member({ name: 'Theirs', email: uniqueEmail() }))).staff._id;
    const me = rt.caller(salon.owner).merchants;
    await expect(me.getAllStaffByMerchant({ merchantId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.addStaffByMerchant({ merchantId: other.id, ...member({ email: uniqueEmail() }) })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(me.updateStaffByMerchant({ staffId: theirs, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.updateStaffByMerchant({ merchantId: other.id, staffId: theirs, name: 'Mine now' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(me.deleteStaffByMerchant({ staffId: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.updateStaffHours({ staffId: theirs, workingHours: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.getStaffAnalytics({ staffId: theirs, period: 'today' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.getStaffAnalytics({ merchantId: other.id, staffId: theirs, period: 'today' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(customer).merchants.getAllStaffByMerchant({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await makeAccount(rt, 'admin');
    expect((await rt.caller(admin).merchants.getAllStaffByMerchant({ merchantId: other.id })).staff.map((s) => s.name)).toContain('Theirs');
  });
});

describe('working hours and days off drive availability', () => {
  it('validates the week: 7 days or none, each once, end after start', async () => {
    const { staff } = await rt.caller(salon.owner).merchants.addStaffByMerchant(member({ name: 'Hours', email: uniqueEmail() }));
    const call = (wh: unknown, daysOff?: unknown) =>
      rt.caller(salon.owner).merchants.updateStaffHours({ staffId: staff._id, workingHours: wh as never, daysOff: daysOff as never });
    await expect(call(workingHours('09:00', '17:00').slice(0, 6))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^workingHours: /),
    });
    const backwards = workingHours('09:00', '17:00').map((d) => (d.day === 'Tuesday' ? { ...d, start: '18:00' } : d));
    await expect(call(backwards)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'workingHours.1.end: Tuesday: the end time must be after the start time.',
    });
    const twice = workingHours('09:00', '17:00').map((d, i) => (i === 6 ? { ...d, day: 'Monday' } : d));
    await expect(call(twice)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/listed twice/) });
    await expect(call([], ['2026-02-30'])).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'daysOff.0: Invalid date.' });
    const ok = await call([...workingHours('9:00 AM', '5:30 PM')].reverse(), ['2031-01-02', '2031-01-01', '2031-01-02']);
    expect(ok.staff.workingHours[0]).toEqual({ day: 'Monday', enabled: true, start: '09:00', end: '17:30' });
    expect(ok.staff.daysOff).toEqual(['2031-01-01', '2031-01-02']);
    expect((await call([])).staff.workingHours).toEqual([]);
  });

  it('changes the slots customers are offered', async () => {
    const shop = await createSalon(rt);
    const svc = await createService(rt, shop.id, { name: 'Haircut', duration: 60 });
    const { staff } = await rt
      .caller(shop.owner)
      .merchants.addStaffByMerchant(member({ specialization: ['Haircut'], workingHours: workingHours('14:00', '16:00') }));
    const date = localDate(1);
    const slots = async () =>
      (await rt.caller().users.getAvailableSlots({ merchantId: shop.id, date, serviceIds: [svc] })).data.slots.map((s) => s.time);
    expect(await slots()).toEqual(['2:00 PM', '2:15 PM', '2:30 PM', '2:45 PM', '3:00 PM']);
    await rt.caller(shop.owner).merchants.updateStaffHours({ staffId: staff._id, workingHours: workingHours('10:00', '11:00') });
    expect(await slots()).toEqual(['10:00 AM']);
    await rt
      .caller(shop.owner)
      .merchants.updateStaffHours({ staffId: staff._id, workingHours: workingHours('10:00', '11:00'), daysOff: [date] });
    expect(await slots()).toEqual([]);
    await rt
      .caller(shop.owner)
      .merchants.updateStaffHours({ staffId: staff._id, workingHours: workingHours('10:00', '11:00'), daysOff: [] });
    await rt.caller(shop.owner).merchants.updateStaffByMerchant({ staffId: staff._id, status: 'On Leave' });
    expect(await slots()).toEqual([]);
    await rt.caller(shop.owner).merchants.updateStaffByMerchant({ staffId: staff._id, status: 'Active', specialization: ['Massage'] });
    expect(await slots()).toEqual([]);
  });
});

describe('hours that leave bookings uncovered', () => {
  /** A booking of `staffId` at a salon-local time `days` from today, for `customerId`, of the named services. */
  const book = async (
    shop: SalonFixture,
    staffId: string,
    customerId: string,
    days: number,
    hhmm: string,
    opts: { minutes?: number; status?: 'pending' | 'upcoming' | 'confirmed' | 'completed' | 'cancelled'; services?: string[] } = {},
  ) => {
    const [h, m] = hhmm.split(':').map(Number);
    const time = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
    const id = await insertBookingRow(rt, {
      userId: customerId,
      merchantId: shop.id,
      staffId,
      startsAt: at(days, hhmm),
      minutes: opts.minutes ?? 30,
      status: opts.status ?? 'upcoming',
      bookingDate: localDate(days),
      bookingTime: time,
    });
    const names = opts.services ?? ["Men's Haircut"];
    await rt.deps.db.deleteFrom('booking_services').where('booking_id', '=', id).execute();
    await rt.deps.db
      .insertInto('booking_services')
      .values(names.map((n, i) => ({ booking_id: id, position: i, service_id: null, service_name: n, duration_min: 30, price: 300 })))
      .execute();
    return { id, time };
  };

  it('saves a day off or shorter hours over bookings, and answers the active bookings now uncovered (soonest first)', async () => {
    const shop = await createSalon(rt);
    const tanvi = await makeAccount(rt, 'customer', { firstName: 'Tanvi' });
    await rt.deps.db.updateTable('accounts').set({ last_name: 'Deshpande' }).where('id', '=', tanvi.id).execute();
    const me = rt.caller(shop.owner).merchants;
    const rutuja = (
      await me.addStaffByMerchant(member({ name: 'Rutuja Patil', email: uniqueEmail(), workingHours: workingHours('09:00', '18:00') }))
    ).staff._id;
    const colleague = (await me.addStaffByMerchant(member({ name: 'Colleague', email: uniqueEmail() }))).staff._id;

    const onDayOff = await book(shop, rutuja, tanvi.id, 5, '12:00');
    const runsLate = await book(shop, rutuja, tanvi.id, 6, '15:30', {
      minutes: 60,
      status: 'confirmed',
      services: ['Hair Spa', 'Beard Trim'],
    });
    await book(shop, rutuja, tanvi.id, 6, '10:00', { status: 'pending' }); // within the new hours
    const dayNotWorked = await book(shop, rutuja, tanvi.id, 7, '11:00', { status: 'pending' });
    await book(shop, rutuja, tanvi.id, 5, '14:00', { status: 'cancelled' }); // cancelled: not listed
    await book(shop, rutuja, tanvi.id, -1, '12:00', { status: 'upcoming' }); // already past: not listed
    await book(shop, colleague, tanvi.id, 5, '12:00'); // someone else's

    const off = weekdayOf(localDate(7));
    const r = await me.updateStaffHours({
      staffId: rutuja,
      workingHours: workingHours('10:00', '16:00', [off]),
      daysOff: [localDate(5), localDate(-1)],
    });
    // Saved all the same: the owner reassigns later.
    expect(r.staff.daysOff).toEqual([localDate(-1), localDate(5)]);
    expect(r.staff.workingHours.find((d) => d.day === off)?.enabled).toBe(false);
    expect(r.clashes).toEqual([
      {
        bookingId: onDayOff.id,
        bookingDate: localDate(5),
        bookingTime: '12:00 PM',
        status: 'upcoming',
        customerName: 'Tanvi Deshpande',
        services: ["Men's Haircut"],
        reason: 'dayOff',
      },
      {
        bookingId: runsLate.id,
        bookingDate: localDate(6),
        bookingTime: '3:30 PM',
        status: 'confirmed',
        customerName: 'Tanvi Deshpande',
        services: ['Hair Spa', 'Beard Trim'],
        reason: 'outsideHours',
      },
      {
        bookingId: dayNotWorked.id,
        bookingDate: localDate(7),
        bookingTime: '11:00 AM',
        status: 'pending',
        customerName: 'Tanvi Deshpande',
        services: ["Men's Haircut"],
        reason: 'outsideHours',
      },
    ]);
    // The bookings stay assigned to her.
    const still = await rt.deps.db
      .selectFrom('bookings')
      .select(['staff_id', 'status'])
      .where('id', '=', onDayOff.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ staff_id: rutuja, status: 'upcoming' });

    // Hours that cover everything again: nothing to warn about.
    expect((await me.updateStaffHours({ staffId: rutuja, workingHours: workingHours('09:00', '18:00'), daysOff: [] })).clashes).toEqual([]);
    // Days off left out keep the stored ones, and are judged as stored.
    await me.updateStaffHours({ staffId: rutuja, workingHours: [], daysOff: [localDate(5)] });
    expect((await me.updateStaffHours({ staffId: rutuja, workingHours: [] })).clashes?.map((c) => c.bookingId)).toEqual([onDayOff.id]);

    // The Edit Staff form's procedure answers them too when it changes hours or days off, not otherwise.
    const edited = await me.updateStaffByMerchant({ staffId: rutuja, daysOff: [localDate(7)] });
    expect(edited.clashes?.map((c) => [c.bookingId, c.reason])).toEqual([[dayNotWorked.id, 'dayOff']]);
    expect((await me.updateStaffByMerchant({ staffId: rutuja, experience: 6 })).clashes).toBeUndefined();
  });

  it("judges someone on the shop's hours by the salon's opening hours, and reads the clashes with one query", async () => {
    const shop = await createSalon(rt);
    const closed = weekdayOf(localDate(4));
    await rt.deps.db
      .updateTable('merchants')
      .set({ opening_hours: JSON.stringify(openingHours('09:00', '18:00', [closed])) })
      .where('id', '=', shop.id)
      .execute();
    const guest = await createCustomer(rt);
    const me = rt.caller(shop.owner).merchants;
    const staffId = (
      await me.addStaffByMerchant(member({ name: 'Shop Hours', email: uniqueEmail(), workingHours: workingHours('08:00', '20:00') }))
    ).staff._id;
    const early = await book(shop, staffId, guest.id, 3, '08:15');
    const onClosedDay = await book(shop, staffId, guest.id, 4, '12:00');
    await book(shop, staffId, guest.id, 3, '12:00');

    const idle = (await me.addStaffByMerchant(member({ name: 'Idle', email: uniqueEmail() }))).staff._id;
    const save = async (id: string) => {
      const counted = countingDb(rt.deps.db);
      const answer = await updateStaffHours(
        { ...rt.deps, db: counted.db },
        shop.owner,
        updateStaffHoursInput.parse({ staffId: id, workingHours: [], daysOff: [] }),
      );
      return { answer, queries: counted.count() };
    };
    const busy = await save(staffId);
    expect(busy.answer.clashes.map((c) => [c.bookingId, c.reason])).toEqual([
      [early.id, 'outsideHours'],
      [onClosedDay.id, 'outsideHours'],
    ]);
    // The update, the two reads of the staff member as answered, one query for the clashes,
    // however many bookings the member has, and one look for customers waiting (docs/waitlist.md).
    expect(busy.queries).toBe(5);
    expect((await save(idle)).queries).toBe(5);
  });
});

describe('delete staff', () => {
  it('refuses a member with upcoming bookings, archives one with only past bookings, deletes one without', async () => {
    const add = async (name: string) =>
      (await rt.caller(salon.owner).merchants.addStaffByMerchant(member({ name, email: uniqueEmail() }))).staff._id;
    const busy = await add('Busy');
    const veteran = await add('Veteran');
    const fresh = await add('Fresh');
    await insertBookingRow(rt, { userId: customer.id, merchantId: salon.id, staffId: busy, startsAt: at(2, '10:00') });
    await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: veteran,
      startsAt: at(-3, '10:00'),
      status: 'completed',
    });

    await expect(rt.caller(salon.owner).merchants.deleteStaffByMerchant({ merchantId: salon.id, staffId: busy })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: STAFF_HAS_UPCOMING(1),
    });
    expect((await rt.caller(salon.owner).merchants.deleteStaffByMerchant({ staffId: veteran })).message).toBe(
      'Staff member deleted successfully',
    );
    expect((await rt.caller(salon.owner).merchants.deleteStaffByMerchant({ staffId: fresh })).message).toBe(
      'Staff member deleted successfully',
    );

    const list = (await rt.caller(salon.owner).merchants.getAllStaffByMerchant({})).staff.map((s) => s._id);
    expect(list).toContain(busy);
    expect(list).not.toContain(veteran);
    expect(list).not.toContain(fresh);
    const rows = await rt.deps.db.selectFrom('staff').select(['id', 'status', 'archived_at']).where('id', 'in', [veteran, fresh]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: veteran, status: 'Inactive' });
    expect(rows[0].archived_at).toBeInstanceOf(Date);
    await expect(rt.caller(salon.owner).merchants.updateStaffByMerchant({ staffId: veteran, status: 'Active' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('summary and analytics from real bookings', () => {
  let shop: SalonFixture;
  let asha: string;
  let bala: string;

  beforeAll(async () => {
    shop = await createSalon(rt);
    asha = (await rt.caller(shop.owner).merchants.addStaffByMerchant(member({ rate: 199.5 }))).staff._id;
    bala = (
      await rt.caller(shop.owner).merchants.addStaffByMerchant(member({ name: 'Bala', email: 'bala@x.in', rate: 100, status: 'Inactive' }))
    ).staff._id;
    const book = async (
      staffId: string,
      days: number,
      time: string,
      status: 'completed' | 'upcoming' | 'cancelled',
      minutes: number,
      lines = 1,
    ) => {
      const id = await insertBookingRow(rt, {
        userId: customer.id,
        merchantId: shop.id,
        staffId,
        startsAt: at(days, time),
        minutes,
        status,
        bookingDate: localDate(days),
        bookingTime: time,
      });
      for (let p = 1; p < lines; p++) {
        await rt.deps.db
          .insertInto('booking_services')
          .values({ booking_id: id, position: p, service_id: null, service_name: `Extra ${p}`, duration_min: 10, price: 100 })
          .execute();
      }
      return id;
    };
    // Asha today: two completed (50 + 45 minutes, 3 service lines), one cancelled.
    await book(asha, 0, '09:00', 'completed', 50, 2);
    await book(asha, 0, '10:00', 'completed', 45);
    await book(asha, 0, '11:00', 'cancelled', 30);
    // Tomorrow: one upcoming with 2 lines. Forty days ago: one completed.
    await book(asha, 1, '09:00', 'upcoming', 60, 2);
    await book(asha, -40, '09:00', 'completed', 30);
    await book(bala, -1, '09:00', 'completed', 30);
  });

  it('answers real totals per member and in the summary cards', async () => {
    const r = await rt.caller(shop.owner).merchants.getAllStaffByMerchant({ merchantId: shop.id });
    const a = r.staff.find((s) => s._id === asha)!;
    const b = r.staff.find((s) => s._id === bala)!;
    // Not cancelled: 2 today + 1 tomorrow + 1 long ago. Completed lines: 2 + 1 + 1 = 4 × 199.5 = 798.
    expect(a).toMatchObject({ totalBookings: 4, totalEarnings: 798 });
    expect(b).toMatchObject({ totalBookings: 1, totalEarnings: 100 });
    expect(r.summary).toEqual({ totalStaff: 2, activeStaff: 1, totalBookings: 5, totalEarnings: 898 });
  });

  it('today: bookings, hours to one decimal, whole-rupee earnings, and the list of the bookings counted (not the cancelled one)', async () => {
    const r = await rt.caller(shop.owner).merchants.getStaffAnalytics({ merchantId: shop.id, staffId: asha, period: 'today' });
    expect(r).toMatchObject({
      startDate: localDate(0),
      endDate: localDate(0),
      totalBookings: 2,
      completedBookings: 2,
      cancelledBookings: 1,
      // 95 minutes = 1.58 h.
      hoursWorked: 1.6,
      // 3 lines × 199.5 = 598.5.
      totalEarnings: 599,
    });
    // The table covers the rows the cards count: Total Bookings' two; the cancelled one is only counted.
    expect(r.recentBookings.map((b) => [b.bookingTime, b.status, b.earnings, b.duration])).toEqual([
      ['10:00', 'Completed', 200, 45],
      ['09:00', 'Completed', 399, 50],
    ]);
    expect(r.recentBookings).toHaveLength(r.totalBookings);
    expect(r.recentBookings[1].serviceName).toBe('Haircut, Extra 1');
    expect(r.recentBookings[1].dateTime).toBe(at(0, '09:00').toISOString());
  });

  it('tomorrow, custom range and month follow the period filter', async () => {
    const call = (input: Record<string, unknown>) => rt.caller(shop.owner).merchants.getStaffAnalytics({ staffId: asha, ...input });
    const tomorrow = await call({ period: 'tomorrow' });
    expect(tomorrow).toMatchObject({ totalBookings: 1, completedBookings: 0, hoursWorked: 0, totalEarnings: 0 });
    expect(tomorrow.recentBookings[0]).toMatchObject({ status: 'Upcoming', earnings: 399 });
    const custom = await call({ period: 'custom', startDate: localDate(-45), endDate: localDate(-1) });
    expect(custom).toMatchObject({ totalBookings: 1, hoursWorked: 0.5, totalEarnings: 200 });
    const month = await call({ period: 'month' });
    expect(month.startDate.endsWith('-01')).toBe(true);
    await expect(call({ period: 'custom', startDate: localDate(0) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'endDate: Choose an end date.',
    });
    await expect(call({ period: 'custom', startDate: localDate(1), endDate: localDate(0) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^endDate: /),
    });
    await expect(call({ period: 'custom', startDate: '2024-01-01', endDate: '2025-06-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^endDate: choose a range/),
    });
    await expect(call({ period: 'year' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^period: /) });
  });

  it('computes week (Monday to Sunday) and month ranges on the salon calendar', () => {
    expect(periodRange('week', '2026-03-04', {})).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(periodRange('week', '2026-03-08', {})).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(periodRange('month', '2026-02-10', {})).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('month', '2026-12-31', {})).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodRange('tomorrow', '2026-12-31', {})).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});
