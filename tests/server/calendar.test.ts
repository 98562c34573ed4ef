import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { BLOCK_HORIZON_DAYS, DESK_MOVE_MESSAGE, getCalendar, topUpWeeklyBlocks } from '../../src/server/services/calendar/index.js';
import { addDays, weekdayOf } from '../../src/shared/slots.js';
import { countingDb, createCustomer, createSalon, createService, createStaff, localDate, workingHours } from '../helpers/fixtures.js';
import { makeJobsDue } from '../helpers/jobs.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

async function salon() {
  const s = await createSalon(rt);
  const cut = await createService(rt, s.id, { name: 'Haircut', duration: 60, price: 800, category: 'Hair' });
  const facial = await createService(rt, s.id, { name: 'Facial', duration: 30, price: 1200, category: 'Skin' });
  const asha = await createStaff(rt, s.id, { name: 'Asha', specializations: ['Hair'] });
  const ravi = await createStaff(rt, s.id, {
    name: 'Ravi',
    specializations: ['Hair', 'Skin'],
    workingHours: workingHours('12:00', '18:00'),
  });
  const customer = await createCustomer(rt, { firstName: 'Meera' });
  return { ...s, cut, facial, asha, ravi, customer };
}

const book = (c: Actor, merchantId: string, serviceIds: string[], staffId: string, days: number, time: string) =>
  rt.caller(c).users.createBooking({ merchantId, serviceIds, staffId, bookingDate: localDate(days), bookingTime: time });

describe(`merchant calendar (${DB_KIND})`, () => {
  it('answers a day: professionals with their hours, bookings placed in local minutes, blocks', async () => {
    const s = await salon();
    const made = await book(s.customer, s.id, [s.cut], s.asha, 1, '10:00 AM');
    await rt
      .caller(s.owner)
      .merchants.createBlock({ staffId: s.ravi, kind: 'break', reason: 'Lunch', date: localDate(1), startTime: '13:00', endTime: '14:00' });
    const day = await rt.caller(s.owner).merchants.getCalendar({ date: localDate(1) });
    expect(day.timeZone).toBe('Asia/Kolkata');
    expect(day.dates).toEqual([localDate(1)]);
    expect(day.professionals.map((p) => p.name)).toEqual(['Asha', 'Ravi']);
    expect(day.professionals[0].hours[0].span).toEqual({ start: 540, end: 1080 });
    expect(day.professionals[1].hours[0].span).toEqual({ start: 720, end: 1080 });
    expect(day.bookings).toHaveLength(1);
    expect(day.bookings[0]).toMatchObject({
      _id: made.data.booking._id,
      staffId: s.asha,
      start: 600,
      end: 660,
      status: 'upcoming',
      customerName: 'Meera Test',
      totalPrice: 800,
      reference: made.data.booking._id.slice(0, 8).toUpperCase(),
    });
    expect(day.bookings[0].services.map((x) => x.serviceName)).toEqual(['Haircut']);
    expect(day.blocks).toHaveLength(1);
    expect(day.blocks[0]).toMatchObject({ staffId: s.ravi, start: 780, end: 840, kind: 'break', reason: 'Lunch', repeatWeekly: false });

    const week = await rt.caller(s.owner).merchants.getCalendar({ date: localDate(0), days: 7, staffId: s.asha });
    expect(week.dates).toHaveLength(7);
    expect(week.professionals.map((p) => p.name)).toEqual(['Asha']);
    expect(week.bookings.map((b) => b.bookingDate)).toEqual([localDate(1)]);
    expect(week.blocks).toEqual([]);
  });

  it('reads the day in one SQL statement', async () => {
    const s = await salon();
    const counting = countingDb(rt.deps.db);
    await getCalendar({ ...rt.deps, db: counting.db }, s.owner, { date: localDate(1), days: 1 });
    // The salon check (shopOf) is free for a merchant: the statement is the calendar itself.
    expect(counting.count()).toBe(1);
  });

  it('is the salon’s own: another merchant cannot read or change it', async () => {
    const s = await salon();
    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).merchants.getCalendar({ merchantId: s.id, date: localDate(1) })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      rt
        .caller(other.owner)
        .merchants.createBlock({ staffId: s.asha, kind: 'break', date: localDate(1), startTime: '13:00', endTime: '14:00' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'staffId: this professional does not work at this salon' });
    await expect(rt.caller(s.customer).merchants.getCalendar({ date: localDate(1) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a block keeps bookings out (availability and the booking itself), and leaves the salon’s figures alone', async () => {
    const s = await salon();
    await rt
      .caller(s.owner)
      .merchants.createBlock({ staffId: s.asha, kind: 'training', date: localDate(2), startTime: '11:00', endTime: '12:00' });
    const slots = await rt
      .caller(s.customer)
      .users.getAvailableSlots({ merchantId: s.id, serviceIds: [s.cut], staffId: s.asha, date: localDate(2) });
    const times = slots.data.slots.map((x) => x.time);
    expect(times).toContain('10:00 AM');
    expect(times).not.toContain('10:30 AM');
    expect(times).not.toContain('11:00 AM');
    expect(times).toContain('12:00 PM');
    await expect(book(s.customer, s.id, [s.cut], s.asha, 2, '10:30 AM')).rejects.toMatchObject({ code: 'CONFLICT' });
    const stats = await rt.caller(s.owner).merchants.merchantGetAllBookings({});
    expect(stats.stats.totalBookings).toBe(0);
    expect(stats.bookings).toEqual([]);
  });

  it('a block over a booking is a 409 that lists it; a weekly one can leave that date out', async () => {
    const s = await salon();
    const made = await book(s.customer, s.id, [s.cut], s.asha, 3, '11:00 AM');
    const ref = made.data.booking._id.slice(0, 8).toUpperCase();
    const block = { staffId: s.asha, kind: 'break' as const, date: localDate(3), startTime: '11:30', endTime: '12:30' };
    await expect(rt.caller(s.owner).merchants.createBlock(block)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        new RegExp(`^A booking is in the way: Meera Test on .* at 11:00 AM \\(#${ref}\\)\\. Move or cancel them first\\.$`),
      ),
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...block, skipConflicts: true })).rejects.toMatchObject({ code: 'CONFLICT' });
    const weekly = await rt
      .caller(s.owner)
      .merchants.createBlock({ ...block, repeatWeekly: true, untilDate: addDays(localDate(3), 21), skipConflicts: true });
    expect(weekly.skipped).toEqual([localDate(3)]);
    expect(weekly.placed).toBe(3);
    const rows = await rt.deps.db
      .selectFrom('bookings')
      .select('booking_date')
      .where('block_id', '=', weekly.blockId)
      .orderBy('booking_date')
      .execute();
    expect(rows.map((r) => r.booking_date)).toEqual([1, 2, 3].map((w) => addDays(localDate(3), 7 * w)));
  });

  it('weekly blocks reach past the booking window and the daily job tops them up', async () => {
    const s = await salon();
    const made = await rt.caller(s.owner).merchants.createBlock({
      staffId: s.ravi,
      kind: 'break',
      reason: 'Lunch',
      date: localDate(1),
      startTime: '13:00',
      endTime: '13:30',
      repeatWeekly: true,
    });
    const last = await rt.deps.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.max('booking_date').as('d'))
      .where('block_id', '=', made.blockId)
      .executeTakeFirstOrThrow();
    expect(String(last.d) > localDate(90)).toBe(true);
    expect(String(last.d) <= localDate(BLOCK_HORIZON_DAYS)).toBe(true);
    // Three weeks later the job places the weeks that came into the horizon.
    const later = new Date(Date.now() + 21 * 86_400_000);
    const placed = await rt.deps.db.transaction().execute((trx) => topUpWeeklyBlocks(trx, later));
    expect(placed).toBeGreaterThanOrEqual(3);
    const after = await rt.deps.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.max('booking_date').as('d'))
      .where('block_id', '=', made.blockId)
      .executeTakeFirstOrThrow();
    expect(String(after.d) > String(last.d)).toBe(true);
  });

  it('deletes one occurrence or the rest of a series', async () => {
    const s = await salon();
    const made = await rt.caller(s.owner).merchants.createBlock({
      staffId: s.asha,
      kind: 'leave',
      date: localDate(1),
      startTime: '09:00',
      endTime: '24:00',
      repeatWeekly: true,
      untilDate: localDate(22),
    });
    expect(made.placed).toBe(4);
    const occ = await rt.deps.db
      .selectFrom('bookings')
      .select(['id', 'booking_date'])
      .where('block_id', '=', made.blockId)
      .orderBy('booking_date')
      .execute();
    expect((await rt.caller(s.owner).merchants.deleteBlock({ occurrenceId: occ[0].id })).removed).toBe(1);
    expect((await rt.caller(s.owner).merchants.deleteBlock({ occurrenceId: occ[2].id, series: true })).removed).toBe(2);
    const left = await rt.deps.db.selectFrom('bookings').select('booking_date').where('block_id', '=', made.blockId).execute();
    expect(left.map((r) => r.booking_date)).toEqual([occ[1].booking_date]);
    const rule = await rt.deps.db.selectFrom('staff_blocks').select('until_date').where('id', '=', made.blockId).executeTakeFirstOrThrow();
    expect(rule.until_date).toBe(addDays(occ[2].booking_date, -1));
    // A block is no booking: the booking procedures do not see it.
    await expect(rt.caller(s.owner).merchants.updateBookingStatus({ bookingId: occ[1].id, status: 'confirmed' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      rt.caller(s.owner).merchants.moveBooking({ bookingId: occ[1].id, staffId: s.ravi, bookingDate: localDate(2), bookingTime: '14:00' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leave over a date range: every day blocked whole, or a 409 listing the bookings in the way and nothing placed', async () => {
    const s = await salon();
    const [mon, tue, wed] = [4, 5, 6].map((d) => localDate(d));
    const made = await book(s.customer, s.id, [s.cut], s.asha, 5, '3:00 PM');
    const ref = made.data.booking._id.slice(0, 8).toUpperCase();
    const leave = {
      staffId: s.asha,
      kind: 'leave' as const,
      reason: 'Family wedding',
      date: mon,
      endDate: wed,
      startTime: '00:00',
      endTime: '24:00',
    };
    await expect(rt.caller(s.owner).merchants.createBlock(leave)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        new RegExp(`^A booking is in the way: Meera Test on .* at 3:00 PM \\(#${ref}\\)\\. Move or cancel them first\\.$`),
      ),
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...leave, skipConflicts: true })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await rt.deps.db.selectFrom('staff_blocks').select('id').where('merchant_id', '=', s.id).execute()).toEqual([]);

    await rt
      .caller(s.owner)
      .merchants.moveBooking({ bookingId: made.data.booking._id, staffId: s.ravi, bookingDate: tue, bookingTime: '15:00' });
    const placed = await rt.caller(s.owner).merchants.createBlock(leave);
    expect(placed).toMatchObject({ placed: 3, skipped: [] });
    const week = await rt.caller(s.owner).merchants.getCalendar({ date: mon, days: 7, staffId: s.asha });
    expect(week.blocks.map((b) => [b.date, b.start, b.end])).toEqual([mon, tue, wed].map((d) => [d, 0, 1440]));
    expect(week.blocks[1]).toMatchObject({
      kind: 'leave',
      reason: 'Family wedding',
      repeatWeekly: false,
      days: { first: mon, last: wed, count: 3 },
    });
    // No time of those days is offered or bookable.
    const slots = await rt
      .caller(s.customer)
      .users.getAvailableSlots({ merchantId: s.id, serviceIds: [s.cut], staffId: s.asha, date: tue });
    expect(slots.data.slots).toEqual([]);
    await expect(book(s.customer, s.id, [s.cut], s.asha, 6, '10:00 AM')).rejects.toMatchObject({ code: 'CONFLICT' });

    // Back a day early: Wednesday goes; then the rest, and the block with them.
    expect((await rt.caller(s.owner).merchants.deleteBlock({ occurrenceId: week.blocks[2]._id })).removed).toBe(1);
    const after = await rt.caller(s.owner).merchants.getCalendar({ date: mon, days: 7, staffId: s.asha });
    expect(after.blocks.map((b) => b.days)).toEqual([
      { first: mon, last: tue, count: 2 },
      { first: mon, last: tue, count: 2 },
    ]);
    expect((await rt.caller(s.owner).merchants.deleteBlock({ occurrenceId: week.blocks[0]._id, series: true })).removed).toBe(2);
    expect(await rt.deps.db.selectFrom('staff_blocks').select('id').where('id', '=', placed.blockId).execute()).toEqual([]);
  });

  it('validates blocks with messages naming the field', async () => {
    const s = await salon();
    const base = { staffId: s.asha, kind: 'break' as const, date: localDate(1), startTime: '13:00', endTime: '14:00' };
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, endTime: '12:00' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'endTime: the block must end after it starts',
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, startTime: '13:10' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'startTime: use the 15-minute grid',
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, date: localDate(-1) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'date: this date has passed',
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, untilDate: localDate(9) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'untilDate: only a weekly block repeats until a date',
    });
    // @ts-expect-error hostile input: a block kind the schema does not know
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, kind: 'nap' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, endDate: localDate(0) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'endDate: must not be before the first date',
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, endDate: localDate(3), repeatWeekly: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'endDate: a weekly block repeats until a date (untilDate); it does not span days',
    });
    await expect(rt.caller(s.owner).merchants.createBlock({ ...base, endDate: localDate(91) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'endDate: a block spans at most 90 days',
    });
  });
});

describe(`moving a booking from the desk (${DB_KIND})`, () => {
  it('moves to another professional and time at the same price; the customer is told once the undo window passed', async () => {
    const s = await salon();
    const made = await book(s.customer, s.id, [s.cut], s.asha, 2, '10:00 AM');
    const moved = await rt
      .caller(s.owner)
      .merchants.moveBooking({ bookingId: made.data.booking._id, staffId: s.ravi, bookingDate: localDate(2), bookingTime: '15:00' });
    expect(moved.booking).toMatchObject({ staffId: s.ravi, bookingTime: '3:00 PM', totalPrice: 800, status: 'upcoming' });
    expect(moved.previous).toEqual({ staffId: s.asha, bookingDate: localDate(2), bookingTime: '10:00 AM' });
    const job = await rt.deps.db
      .selectFrom('jobs')
      .select(['run_at', 'payload'])
      .where('kind', '=', DESK_MOVE_MESSAGE)
      .where('ref', '=', `booking:${made.data.booking._id}`)
      .executeTakeFirstOrThrow();
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now() + 5000);
    // Due now: the customer gets the notice and the e-mail/push job.
    await makeJobsDue(rt.deps.db, { refs: [`booking:${made.data.booking._id}`] });
    await runJobsUntilIdle(rt.deps);
    const note = await rt.deps.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('account_id', '=', s.customer.id)
      .where('title', '=', 'Booking moved')
      .executeTakeFirstOrThrow();
    expect(note.message).toMatch(/moved your Haircut booking from .* at 10:00 AM with Asha to .* at 3:00 PM with Ravi\./);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body'])
      .where('account_id', '=', s.customer.id)
      .where('subject', 'like', 'Booking moved%')
      .executeTakeFirst();
    expect(mail?.body).toContain('with Ravi');
  });

  it('a move undone within the window tells the customer nothing', async () => {
    const s = await salon();
    const made = await book(s.customer, s.id, [s.cut], s.asha, 2, '10:00 AM');
    const id = made.data.booking._id;
    const moved = await rt
      .caller(s.owner)
      .merchants.moveBooking({ bookingId: id, staffId: s.asha, bookingDate: localDate(2), bookingTime: '16:00' });
    await rt.caller(s.owner).merchants.moveBooking({ bookingId: id, ...moved.previous });
    const jobs = await rt.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', DESK_MOVE_MESSAGE)
      .where('ref', '=', `booking:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
    await makeJobsDue(rt.deps.db, { ids: [jobs[0].id] });
    await runJobsUntilIdle(rt.deps);
    const notes = await rt.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('account_id', '=', s.customer.id)
      .where('title', 'in', ['Booking moved', 'Booking reassigned'])
      .execute();
    expect(notes).toEqual([]);
  });

  it('refuses a professional who does not do the services, or is not working, with 400s; a taken time with 409', async () => {
    const s = await salon();
    const made = await book(s.customer, s.id, [s.cut, s.facial], s.ravi, 2, '12:00 PM');
    const id = made.data.booking._id;
    await expect(
      rt.caller(s.owner).merchants.moveBooking({ bookingId: id, staffId: s.asha, bookingDate: localDate(2), bookingTime: '15:00' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'staffId: this professional does not offer the chosen services',
    });
    await expect(
      rt.caller(s.owner).merchants.moveBooking({ bookingId: id, staffId: s.ravi, bookingDate: localDate(2), bookingTime: '10:00' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingTime: this professional is not working at this time',
    });
    const other = await createCustomer(rt);
    await book(other, s.id, [s.cut], s.ravi, 2, '3:00 PM');
    await expect(
      rt.caller(s.owner).merchants.moveBooking({ bookingId: id, staffId: s.ravi, bookingDate: localDate(2), bookingTime: '14:30' }),
    ).rejects.toMatchObject({
      // Occupied all along (the other booking was there before the move was asked for): "already
      // taken", under the time field, never "just taken" (tests/server/calendarMove.test.ts has the race).
      code: 'CONFLICT',
      cause: { field: 'bookingTime' },
      message: expect.stringMatching(
        /^bookingTime: 2:30 PM on .* is already taken \(another booking or blocked time\); choose another time, the booking stays at 12:00 PM on /,
      ),
    });
    await rt
      .caller(s.owner)
      .merchants.createBlock({ staffId: s.ravi, kind: 'break', date: localDate(2), startTime: '16:00', endTime: '17:00' });
    await expect(
      rt.caller(s.owner).merchants.moveBooking({ bookingId: id, staffId: s.ravi, bookingDate: localDate(2), bookingTime: '15:30' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const still = await rt.caller(s.owner).merchants.getCalendar({ date: localDate(2) });
    expect(still.bookings.find((b) => b._id === id)).toMatchObject({ start: 720, staffId: s.ravi, totalPrice: 2000 });
  });

  it('keeps a weekend coupon’s rule: a move to a weekday is a 400 naming couponCode, to the other weekend day it moves', async () => {
    const s = await salon();
    const code = `WKD${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await rt.deps.db
      .insertInto('coupons')
      .values({
        merchant_id: null,
        code,
        description: 'Weekend 10% off',
        discount_type: 'percentage',
        discount_value: 10,
        weekend_only: true,
      })
      .execute();
    const next = (day: string) => {
      for (let i = 2; i < 10; i++) if (weekdayOf(localDate(i)) === day) return localDate(i);
      throw new Error(day);
    };
    const made = await rt.caller(s.customer).users.createBooking({
      merchantId: s.id,
      serviceIds: [s.cut],
      staffId: s.asha,
      bookingDate: next('Saturday'),
      bookingTime: '10:00 AM',
      couponCode: code,
    });
    const id = made.data.booking._id;
    expect(made.data.booking.totalPrice).toBe(720);
    await expect(
      rt.caller(s.owner).merchants.moveBooking({ bookingId: id, staffId: s.asha, bookingDate: next('Tuesday'), bookingTime: '11:00' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(
        new RegExp(`^couponCode: this booking used ${code}, which is for Saturday and Sunday appointments only`),
      ),
    });
    const still = await rt.caller(s.owner).merchants.getCalendar({ date: next('Saturday') });
    expect(still.bookings.find((b) => b._id === id)).toMatchObject({ start: 600, staffId: s.asha });
    // A weekend day keeps the coupon and the price.
    const moved = await rt
      .caller(s.owner)
      .merchants.moveBooking({ bookingId: id, staffId: s.asha, bookingDate: next('Sunday'), bookingTime: '11:00' });
    expect(moved.booking).toMatchObject({ bookingDate: next('Sunday'), bookingTime: '11:00 AM', totalPrice: 720, couponCode: code });
  });

  it('refuses finished bookings and bookings of another salon', async () => {
    const s = await salon();
    const made = await book(s.customer, s.id, [s.cut], s.asha, 2, '10:00 AM');
    const other = await createSalon(rt);
    await expect(
      rt
        .caller(other.owner)
        .merchants.moveBooking({ bookingId: made.data.booking._id, staffId: s.asha, bookingDate: localDate(2), bookingTime: '11:00' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await rt.caller(s.customer).users.cancelBooking({ bookingId: made.data.booking._id });
    await expect(
      rt
        .caller(s.owner)
        .merchants.moveBooking({ bookingId: made.data.booking._id, staffId: s.asha, bookingDate: localDate(2), bookingTime: '11:00' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingId: a cancelled booking cannot be moved',
    });
  });
});
