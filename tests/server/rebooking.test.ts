import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { sendRebookReminders } from '../../src/server/services/rebooking/index.js';
import { createCustomer, createSalon, createService, createStaff, localDate, pinIndiaClock } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Rebooking (issue 40 item 6): Book again from a completed visit, the per-service "remind to rebook
 * after N weeks" setting, the reminder sweep (consent, quiet hours, once per visit even with sweeps
 * at once), and the bookings that came from reminders.
 */
let rt: TestRuntime;
const realNow = () => new Date();
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '10' } });
});
afterEach(() => {
  rt.deps.now = realNow;
});
afterAll(async () => {
  await rt.close();
});

const WEEK = 7 * 86_400_000;

/** A completed visit `weeksAgo` weeks before `now` with these services (their salon's own). */
async function completedVisit(c: Actor, merchantId: string, staffId: string, services: string[], weeksAgo: number, now = new Date()) {
  const startsAt = new Date(now.getTime() - weeksAgo * WEEK);
  const { id } = await rt.deps.db
    .insertInto('bookings')
    .values({
      user_id: c.id,
      merchant_id: merchantId,
      staff_id: staffId,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000 * services.length),
      booking_date: startsAt.toISOString().slice(0, 10),
      booking_time: '10:00 AM',
      status: 'completed',
      subtotal: 500,
      total_price: 500,
      total_duration: 30 * services.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await rt.deps.db.selectFrom('services').select(['id', 'name']).where('id', 'in', services).execute();
  await rt.deps.db
    .insertInto('booking_services')
    .values(
      services.map((s, position) => ({
        booking_id: id,
        position,
        service_id: s,
        service_name: rows.find((r) => r.id === s)!.name,
        duration_min: 30,
        price: 500,
      })),
    )
    .execute();
  return id;
}

async function optIn(c: Actor, phone: string | null = null) {
  await rt.deps.db
    .updateTable('accounts')
    .set({
      notification_prefs: sql`notification_prefs || '{"marketing": true}'::jsonb`,
      ...(phone ? { phone, phone_verified_at: new Date() } : {}),
    })
    .where('id', '=', c.id)
    .execute();
}

const remindersOf = (userId: string) => rt.deps.db.selectFrom('rebook_reminders').selectAll().where('user_id', '=', userId).execute();
const messagesOf = (userId: string) =>
  rt.deps.db
    .selectFrom('outbox_messages')
    .select(['channel', 'category', 'body', 'subject', 'next_attempt_at', 'merchant_id'])
    .where('account_id', '=', userId)
    .where(sql<boolean>`meta ->> 'purpose' = 'rebook_reminder'`)
    .orderBy('channel')
    .execute();

async function sweep(now: Date) {
  return rt.deps.db.transaction().execute((trx) => sendRebookReminders(trx, rt.deps, now));
}

describe(`Book again (${DB_KIND})`, () => {
  it('prefills the visit’s salon, services still offered (today’s price) and professional; drops the rest with a note', async () => {
    const salon = await createSalon(rt, { name: 'Kesar Studio' });
    const cut = await createService(rt, salon.id, {
      name: 'Haircut',
      price: 600,
      discountType: 'flat',
      discountValue: 100,
      discountActive: true,
    });
    const beard = await createService(rt, salon.id, { name: 'Beard Trim', price: 200 });
    const asha = await createStaff(rt, salon.id, { name: 'Asha' });
    const ana = await createCustomer(rt);
    const visit = await completedVisit(ana, salon.id, asha, [cut, beard], 2);

    const plan = (await rt.caller(ana).users.getBookAgain({ bookingId: visit })).data;
    expect(plan).toEqual({
      salon: { _id: salon.id, name: 'Kesar Studio' },
      services: [
        { _id: cut, serviceName: 'Haircut', duration: 30, price: 500 },
        { _id: beard, serviceName: 'Beard Trim', duration: 30, price: 200 },
      ],
      dropped: [],
      professional: { _id: asha, name: 'Asha', role: 'Stylist', image: null, specialization: [] },
      professionalNote: null,
    });

    // The salon stops offering the beard trim and Asha goes on leave.
    await rt.deps.db.updateTable('services').set({ active: false }).where('id', '=', beard).execute();
    await rt.deps.db.updateTable('staff').set({ status: 'On Leave' }).where('id', '=', asha).execute();
    const later = (await rt.caller(ana).users.getBookAgain({ bookingId: visit })).data;
    expect(later.services.map((s) => s._id)).toEqual([cut]);
    expect(later.dropped).toEqual(['Beard Trim']);
    expect(later.professional).toBeNull();
    expect(later.professionalNote).toMatch(/^Asha is not taking bookings/);

    // A professional who no longer offers the services is not chosen either.
    await rt.deps.db
      .updateTable('staff')
      .set({ status: 'Active', specializations: ['Facial'] })
      .where('id', '=', asha)
      .execute();
    expect((await rt.caller(ana).users.getBookAgain({ bookingId: visit })).data.professionalNote).toMatch(/does not offer/);
  });

  it('books through the normal path: the server prices it again, whatever the client thought', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id, { name: 'Haircut', price: 400 });
    const asha = await createStaff(rt, salon.id, { name: 'Asha' });
    const ana = await createCustomer(rt);
    const visit = await completedVisit(ana, salon.id, asha, [cut], 3);
    const plan = (await rt.caller(ana).users.getBookAgain({ bookingId: visit })).data;
    await rt.deps.db.updateTable('services').set({ price: 450 }).where('id', '=', cut).execute();
    const made = await rt.caller(ana).users.createBooking({
      merchantId: plan.salon._id,
      serviceIds: plan.services.map((s) => s._id),
      staffId: plan.professional!._id,
      bookingDate: localDate(3),
      bookingTime: '11:00 AM',
    });
    expect(made.data.booking.totalPrice).toBe(450);
  });

  it('refuses a visit that is not completed (400), another customer’s (404) and a bad id (400)', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id);
    const staff = await createStaff(rt, salon.id);
    const [ana, mallory] = [await createCustomer(rt), await createCustomer(rt)];
    const visit = await completedVisit(ana, salon.id, staff, [cut], 1);
    await expect(rt.caller(mallory).users.getBookAgain({ bookingId: visit })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(ana).users.getBookAgain({ bookingId: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const upcoming = await rt
      .caller(ana)
      .users.createBooking({ merchantId: salon.id, serviceIds: [cut], bookingDate: localDate(2), bookingTime: '10:00 AM' });
    await expect(rt.caller(ana).users.getBookAgain({ bookingId: upcoming.data.booking._id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingId: only a completed visit/),
    });
  });

  it('the visit-completed e-mail carries the Book again link', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id);
    await createStaff(rt, salon.id);
    const ana = await createCustomer(rt);
    const b = await rt
      .caller(ana)
      .users.createBooking({ merchantId: salon.id, serviceIds: [cut], bookingDate: localDate(1), bookingTime: '10:00 AM' });
    const id = b.data.booking._id;
    await rt.deps.db
      .updateTable('bookings')
      .set({ starts_at: new Date(Date.now() - 3600_000), ends_at: new Date(Date.now() - 1800_000), status: 'confirmed' })
      .where('id', '=', id)
      .execute();
    await rt.caller(salon.owner).merchants.updateBookingStatus({ bookingId: id, status: 'completed', paymentReceived: true });
    await runJobsUntilIdle(rt.deps);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('account_id', '=', ana.id)
      .where('subject', 'like', 'Booking completed%')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(`Book again: ${rt.deps.env.PUBLIC_URL}/bookings/again/${id}`);
  });
});

describe(`rebooking reminders (${DB_KIND})`, () => {
  it('the salon sets "remind after N weeks" per service: 1–52 or off, anything else is a 400 naming the field', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id, { name: 'Haircut', category: `Hair ${Math.random().toString(36).slice(2, 8)}` });
    const cat = await rt.deps.db.selectFrom('services').select('category_id as id').where('id', '=', cut).executeTakeFirstOrThrow();
    const base = { name: 'Haircut', category: cat.id!, description: 'A cut', duration: 30, price: 500, discountValue: 0 };
    const update = (rebookWeeks: unknown) =>
      rt.caller(salon.owner).services.updateService({ serviceId: cut, service: { ...base, rebookWeeks } as never });
    for (const bad of [0, 53, 2.5, '6']) {
      await expect(update(bad)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('rebookWeeks') });
    }
    expect((await update(6)).service.rebookWeeks).toBe(6);
    const row = await rt.deps.db.selectFrom('services').select('rebook_weeks').where('id', '=', cut).executeTakeFirstOrThrow();
    expect(row.rebook_weeks).toBe(6);
    // Left out: unchanged; null: off.
    expect((await rt.caller(salon.owner).services.updateService({ serviceId: cut, service: base })).service.rebookWeeks).toBe(6);
    expect((await update(null)).service.rebookWeeks).toBeNull();
  });

  it('one reminder per customer, service and visit, to opted-in customers without a booking ahead, held in the quiet hours', async () => {
    const salon = await createSalon(rt, { name: 'Rebook Salon' });
    const cut = await createService(rt, salon.id, { name: 'Haircut' });
    const facial = await createService(rt, salon.id, { name: 'Facial' });
    await rt.deps.db.updateTable('services').set({ rebook_weeks: 6 }).where('id', '=', cut).execute();
    const staff = await createStaff(rt, salon.id);
    const [due, early, optedOut, bookedAhead, facialOnly, longAgo] = await Promise.all(
      Array.from({ length: 6 }, () => createCustomer(rt, { firstName: 'Meera' })),
    );
    for (const c of [due, early, bookedAhead, facialOnly, longAgo])
      await optIn(c, `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
    // 22:30 IST: an SMS waits for 09:00, the e-mail does not.
    const now = pinIndiaClock(rt, '22:30');
    const visit = await completedVisit(due, salon.id, staff, [cut], 6.2, now);
    await completedVisit(early, salon.id, staff, [cut], 5, now);
    await completedVisit(optedOut, salon.id, staff, [cut], 6.2, now);
    await completedVisit(bookedAhead, salon.id, staff, [cut], 6.2, now);
    await rt
      .caller(bookedAhead)
      .users.createBooking({ merchantId: salon.id, serviceIds: [facial], bookingDate: localDate(5), bookingTime: '10:00 AM' });
    await completedVisit(facialOnly, salon.id, staff, [facial], 8, now);
    await completedVisit(longAgo, salon.id, staff, [cut], 12, now);

    expect(await sweep(now)).toBe(1);
    expect(await sweep(now)).toBe(0);
    expect(await remindersOf(due.id)).toMatchObject([
      { service_id: cut, visit_booking_id: visit, merchant_id: salon.id, weeks: 6, booking_id: null },
    ]);
    for (const c of [early, optedOut, bookedAhead, facialOnly, longAgo]) expect(await remindersOf(c.id)).toEqual([]);

    const [mail, sms] = await messagesOf(due.id);
    expect(mail).toMatchObject({ channel: 'email', category: 'promotional', merchant_id: salon.id, next_attempt_at: null });
    expect(mail.subject).toBe('Time for your next Haircut? · Rebook Salon');
    expect(mail.body).toContain(`${rt.deps.env.PUBLIC_URL}/bookings/again/${visit}`);
    expect(mail.body).toContain('/api/marketing/unsubscribe?token=');
    expect(sms).toMatchObject({ channel: 'sms', category: 'promotional' });
    expect(sms.body).toContain(`/bookings/again/${visit}`);
    // Held, not dropped: until 09:00 IST the next morning.
    expect(new Date(sms.next_attempt_at!).getTime()).toBe(now.getTime() + 10.5 * 3600_000);

    // A later visit starts a new interval: nothing until it too is 6 weeks old.
    await completedVisit(due, salon.id, staff, [cut], 1, now);
    expect(await sweep(now)).toBe(0);
    expect(await sweep(new Date(now.getTime() + 5.1 * WEEK))).toBe(1);
  });

  it('two sweeps at once send each reminder once', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id);
    await rt.deps.db.updateTable('services').set({ rebook_weeks: 4 }).where('id', '=', cut).execute();
    const staff = await createStaff(rt, salon.id);
    const people = await Promise.all(Array.from({ length: 5 }, () => createCustomer(rt)));
    for (const c of people) {
      await optIn(c);
      await completedVisit(c, salon.id, staff, [cut], 4.5);
    }
    const now = new Date();
    const counts = await Promise.all([sweep(now), sweep(now), sweep(now)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    for (const c of people) {
      expect(await remindersOf(c.id)).toHaveLength(1);
      expect(await messagesOf(c.id)).toHaveLength(1);
    }
  });

  it('counts the bookings that came from reminders on the salon’s tile; another salon cannot read it', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id, { name: 'Haircut' });
    await rt.deps.db.updateTable('services').set({ rebook_weeks: 6 }).where('id', '=', cut).execute();
    const staff = await createStaff(rt, salon.id);
    const [ana, ravi] = [await createCustomer(rt), await createCustomer(rt)];
    for (const c of [ana, ravi]) {
      await optIn(c);
      await completedVisit(c, salon.id, staff, [cut], 6.5);
    }
    expect(await sweep(new Date())).toBe(2);
    const made = await rt
      .caller(ana)
      .users.createBooking({ merchantId: salon.id, serviceIds: [cut], bookingDate: localDate(4), bookingTime: '10:00 AM' });
    expect((await remindersOf(ana.id))[0].booking_id).toBe(made.data.booking._id);
    const stats = (await rt.caller(salon.owner).merchants.getRebookStats({})).data;
    expect(stats).toMatchObject({ sent: 2, booked: 1, services: [{ _id: cut, name: 'Haircut', weeks: 6, sent: 2, booked: 1 }] });
    // A cancelled booking no longer counts.
    await rt.caller(ana).users.cancelBooking({ bookingId: made.data.booking._id });
    expect((await rt.caller(salon.owner).merchants.getRebookStats({})).data.booked).toBe(0);
    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).merchants.getRebookStats({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the sweep runs as its pg-boss job', async () => {
    const salon = await createSalon(rt);
    const cut = await createService(rt, salon.id);
    await rt.deps.db.updateTable('services').set({ rebook_weeks: 2 }).where('id', '=', cut).execute();
    const staff = await createStaff(rt, salon.id);
    const ana = await createCustomer(rt);
    await optIn(ana);
    await completedVisit(ana, salon.id, staff, [cut], 2.5);
    const { enqueueJob } = await import('../../src/server/jobs/queue.js');
    await enqueueJob(rt.deps.db, { kind: 'rebook_reminder_sweep', payload: {} });
    await runJobsUntilIdle(rt.deps);
    expect(await remindersOf(ana.id)).toHaveLength(1);
  });
});
