import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';
import type { Actor } from '../../src/server/deps.js';
import { BOOKING_REMINDER, scheduleReminders } from '../../src/server/jobs/reminders.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import {
  createCustomer,
  createSalon,
  createService,
  createStaff,
  insertBookingRow,
  localDate,
  type SalonFixture,
} from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let haircut: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 500, category: 'Hair' });
  await createStaff(rt, salon.id, { name: 'Asha' });
});
afterAll(async () => {
  await rt.close();
});

const remindersOf = (bookingId: string) =>
  rt.deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', BOOKING_REMINDER)
    .where('ref', '=', `booking:${bookingId}`)
    .orderBy('run_at')
    .execute();
const makeDue = (bookingId: string) =>
  rt.deps.db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() - 1000) })
    .where('ref', '=', `booking:${bookingId}`)
    .where('status', '=', 'queued')
    .execute();

async function book(customer: Actor, daysAhead = 3, time = '11:00 AM') {
  const r = await rt
    .caller(customer)
    .users.createBooking({ merchantId: salon.id, serviceIds: [haircut], bookingDate: localDate(daysAhead), bookingTime: time });
  return r.data.booking;
}

describe('booking reminders', () => {
  it('a booking gets durable reminder jobs 24 h and 2 h before its start', async () => {
    const c = await createCustomer(rt);
    const b = await book(c);
    const starts = await rt.deps.db.selectFrom('bookings').select('starts_at').where('id', '=', b._id).executeTakeFirstOrThrow();
    const jobs = await remindersOf(b._id);
    expect(jobs.map((j) => [j.status, new Date(starts.starts_at).getTime() - new Date(j.run_at).getTime()])).toEqual([
      ['queued', 24 * 3_600_000],
      ['queued', 2 * 3_600_000],
    ]);
  });

  it('skips a reminder whose moment has already passed, and never schedules twice', async () => {
    const start = new Date(Date.now() + 5 * 3_600_000);
    const created = await scheduleReminders(rt.deps.db, '00000000-0000-4000-8000-000000000001', start);
    expect(created).toBe(1);
    expect(await scheduleReminders(rt.deps.db, '00000000-0000-4000-8000-000000000001', start)).toBe(0);
    const jobs = await remindersOf('00000000-0000-4000-8000-000000000001');
    expect(jobs.map((j) => (j.payload as { hoursBefore: number }).hoursBefore)).toEqual([2]);
    await rt.deps.db.deleteFrom('jobs').where('ref', '=', 'booking:00000000-0000-4000-8000-000000000001').execute();
  });

  it('when due, reminds in-app and by e-mail (and push when subscribed), once', async () => {
    const c = await createCustomer(rt, { firstName: 'Meera' });
    const b = await book(c, 2, '2:00 PM');
    await makeDue(b._id);
    await runJobsUntilIdle(rt.deps);
    const notes = await rt.deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', c.id)
      .where('title', 'like', 'Reminder:%')
      .execute();
    expect(notes.map((n) => n.title).sort()).toEqual(['Reminder: your appointment in 2 hours', 'Reminder: your appointment tomorrow']);
    expect(notes[0].message).toContain('Lotus Salon');
    const mails = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', c.email)
      .where('subject', 'like', 'Reminder:%')
      .execute();
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.status === 'sent' && m.body.includes('Hi Meera') && m.body.includes('2:00 PM'))).toBe(true);
    expect((await remindersOf(b._id)).every((j) => j.status === 'done')).toBe(true);
    // Nothing runs twice.
    expect(await runJobsUntilIdle(rt.deps)).toBe(0);
  });

  it('cancelling a booking cancels its reminders; a reminder that runs anyway sends nothing', async () => {
    const c = await createCustomer(rt);
    const b = await book(c, 4);
    await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    const jobs = await remindersOf(b._id);
    expect(jobs.map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    // Even a reminder that runs after the cancellation (queued again by hand here) sends nothing.
    await rt.deps.db
      .updateTable('pgboss.job')
      .set({ state: 'created', start_after: new Date(0) })
      .where('singleton_key', '=', `booking:${b._id}`)
      .execute();
    await runJobsUntilIdle(rt.deps);
    const notes = await rt.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('account_id', '=', c.id)
      .where('title', 'like', 'Reminder:%')
      .execute();
    expect(notes).toHaveLength(0);
  });

  it('rescheduling replaces the reminders with ones for the new time', async () => {
    const c = await createCustomer(rt);
    const b = await book(c, 3, '10:00 AM');
    await rt.caller(c).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(5), bookingTime: '3:00 PM' });
    const jobs = await remindersOf(b._id);
    const queued = jobs.filter((j) => j.status === 'queued');
    const starts = await rt.deps.db.selectFrom('bookings').select('starts_at').where('id', '=', b._id).executeTakeFirstOrThrow();
    expect(jobs.filter((j) => j.status === 'cancelled')).toHaveLength(2);
    expect(queued.map((j) => (j.payload as { startsAt: string }).startsAt)).toEqual([
      new Date(starts.starts_at).toISOString(),
      new Date(starts.starts_at).toISOString(),
    ]);
  });

  it('moving a booking away and back to its first time gives it reminders again', async () => {
    const c = await createCustomer(rt);
    const b = await book(c, 4, '10:00 AM');
    await rt.caller(c).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(6), bookingTime: '3:00 PM' });
    await rt.caller(c).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(4), bookingTime: '10:00 AM' });
    const jobs = await remindersOf(b._id);
    expect(jobs.filter((j) => j.status === 'cancelled')).toHaveLength(4);
    const queued = jobs.filter((j) => j.status === 'queued');
    expect(queued.map((j) => (j.payload as { startsAt: string }).startsAt)).toEqual([b.startsAt, b.startsAt]);
  });

  it('respects a customer who turned reminders off', async () => {
    const c = await createCustomer(rt);
    await rt.deps.db
      .updateTable('accounts')
      .set({ notification_prefs: JSON.stringify({ reminders: false }) })
      .where('id', '=', c.id)
      .execute();
    const b = await book(c, 3, '4:00 PM');
    await makeDue(b._id);
    await runJobsUntilIdle(rt.deps);
    expect(
      await rt.deps.db
        .selectFrom('notifications')
        .select('id')
        .where('account_id', '=', c.id)
        .where('title', 'like', 'Reminder:%')
        .execute(),
    ).toHaveLength(0);
  });
});

describe('reminders with two job workers', () => {
  it('two workers running at once (on PostgreSQL, each with its own connection pool, like two processes) send each due reminder exactly once', async () => {
    const other = await createSalon(rt, { name: 'Twin Worker Spa' });
    const staff = await Promise.all(Array.from({ length: 4 }, (_, i) => createStaff(rt, other.id, { name: `Stylist ${i}` })));
    const customers: Actor[] = [];
    const bookings: string[] = [];
    for (let i = 0; i < 16; i++) {
      const c = await createCustomer(rt, { firstName: `Twin${i}` });
      const startsAt = new Date(Date.now() + (3 + i) * 86_400_000);
      const id = await insertBookingRow(rt, {
        userId: c.id,
        merchantId: other.id,
        staffId: staff[i % 4],
        startsAt,
        bookingDate: localDate(3 + i),
        bookingTime: '11:00 AM',
      });
      await scheduleReminders(rt.deps.db, id, startsAt);
      customers.push(c);
      bookings.push(id);
    }
    await rt.deps.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('kind', '=', BOOKING_REMINDER)
      .where(
        'ref',
        'in',
        bookings.map((b) => `booking:${b}`),
      )
      .execute();

    // The e-mail transport takes a moment, so the two workers interleave.
    const transport = rt.deps.adapters.transports.email;
    rt.deps.adapters.transports.email = {
      provider: 'slow',
      async send(m) {
        await new Promise((r) => setTimeout(r, 3));
        return transport.send(m);
      },
    };
    const second = DB_KIND === 'pg' ? await openDatabase({ databaseUrl: rt.deps.env.DATABASE_URL, poolMax: 4 }) : null;
    try {
      const workerB = second ? { ...rt.deps, db: second.db } : rt.deps;
      // Small batches, so both workers find due reminders to claim.
      const [a, b] = await Promise.all([runJobsUntilIdle(rt.deps, { batch: 4 }), runJobsUntilIdle(workerB, { batch: 4 })]);
      // 32 reminders and the 32 e-mails they queue.
      expect(a + b).toBeGreaterThanOrEqual(64);
      if (DB_KIND === 'pg') expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      rt.deps.adapters.transports.email = transport;
      await second?.close();
    }

    const jobs = await rt.deps.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', BOOKING_REMINDER)
      .where(
        'ref',
        'in',
        bookings.map((b) => `booking:${b}`),
      )
      .execute();
    expect(jobs).toHaveLength(32);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    for (const c of customers) {
      const notes = await rt.deps.db
        .selectFrom('notifications')
        .select('title')
        .where('account_id', '=', c.id)
        .where('title', 'like', 'Reminder:%')
        .execute();
      expect(notes.map((n) => n.title).sort(), c.email).toEqual([
        'Reminder: your appointment in 2 hours',
        'Reminder: your appointment tomorrow',
      ]);
      const mails = await rt.deps.db
        .selectFrom('outbox_messages')
        .select('status')
        .where('recipient', '=', c.email)
        .where('subject', 'like', 'Reminder:%')
        .execute();
      expect(
        mails.map((m) => m.status),
        c.email,
      ).toEqual(['sent', 'sent']);
    }
  }, 60_000);
});
