import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';
import { remindersOf } from '../../src/server/db/repositories/reminders.js';
import type { Actor } from '../../src/server/deps.js';
import { bossOn } from '../../src/server/jobs/boss.js';
import { sendDueReminders } from '../../src/server/jobs/handlers/reminders.js';
import { enqueueJob } from '../../src/server/jobs/queue.js';
import { BOOKING_REMINDER, REMINDER_SWEEP_CRON, scheduleReminderSweep } from '../../src/server/jobs/reminders.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { JOB_KINDS } from '../../src/shared/jobKinds.js';
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

const HOUR = 3_600_000;

/** One sweep as the schedule's job runs it, at `now`, in a transaction of its own; how many reminders were due. */
const sweepAt = (now: Date, db = rt.deps.db) => db.transaction().execute((trx) => sendDueReminders(trx, rt.deps, now));

const startOf = async (bookingId: string) =>
  new Date((await rt.deps.db.selectFrom('bookings').select('starts_at').where('id', '=', bookingId).executeTakeFirstOrThrow()).starts_at);

const reminderTitles = async (accountId: string) =>
  (
    await rt.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('account_id', '=', accountId)
      .where('title', 'like', 'Reminder:%')
      .orderBy('created_at')
      .execute()
  ).map((n) => n.title);

/** Jobs waiting in pg-boss, all kinds (its getQueueSize). */
async function queuedJobs(): Promise<number> {
  const boss = bossOn(rt.deps.db);
  let n = 0;
  for (const kind of JOB_KINDS) n += await boss.getQueueSize(kind);
  return n;
}

async function book(customer: Actor, daysAhead = 3, time = '11:00 AM') {
  const r = await rt
    .caller(customer)
    .users.createBooking({ merchantId: salon.id, serviceIds: [haircut], bookingDate: localDate(daysAhead), bookingTime: time });
  return r.data.booking;
}

describe('booking reminders (one sweep a minute)', () => {
  it('a booking writes no reminder jobs: its rows are the booking, its service, two notifications and one job', async () => {
    const c = await createCustomer(rt);
    const count = async () => ({
      bookings: Number(
        (
          await rt.deps.db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      services: Number(
        (
          await rt.deps.db
            .selectFrom('booking_services')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      notifications: Number(
        (
          await rt.deps.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      jobs: await queuedJobs(),
    });
    const before = await count();
    const b = await book(c, 6, '9:00 AM');
    const after = await count();
    // Before the sweep: 7 rows (these 5 and two booking_reminder jobs, 24 h and 2 h before).
    expect({
      bookings: after.bookings - before.bookings,
      services: after.services - before.services,
      notifications: after.notifications - before.notifications,
      jobs: after.jobs - before.jobs,
    }).toEqual({ bookings: 1, services: 1, notifications: 2, jobs: 1 });
    expect(await bossOn(rt.deps.db).getQueueSize(BOOKING_REMINDER)).toBe(0);
    expect(await remindersOf(rt.deps.db, b._id)).toEqual([]);
    await runJobsUntilIdle(rt.deps);
  });

  it('sends the 24-hour and the 2-hour reminder when due, in-app and by e-mail, each once', async () => {
    const c = await createCustomer(rt, { firstName: 'Meera' });
    const b = await book(c, 2, '2:00 PM');
    const start = await startOf(b._id);
    // Not yet due.
    await sweepAt(new Date(start.getTime() - 24 * HOUR - 60_000));
    expect(await reminderTitles(c.id)).toEqual([]);
    const day = new Date(start.getTime() - 24 * HOUR + 30_000);
    await sweepAt(day);
    await sweepAt(day);
    await sweepAt(new Date(day.getTime() + 60_000));
    expect(await reminderTitles(c.id)).toEqual(['Reminder: your appointment tomorrow']);
    await sweepAt(new Date(start.getTime() - 2 * HOUR + 30_000));
    await sweepAt(new Date(start.getTime() - 2 * HOUR + 90_000));
    expect(await reminderTitles(c.id)).toEqual(['Reminder: your appointment tomorrow', 'Reminder: your appointment in 2 hours']);
    expect((await remindersOf(rt.deps.db, b._id)).map((r) => [r.hours_before, new Date(r.starts_at).getTime()])).toEqual([
      [24, start.getTime()],
      [2, start.getTime()],
    ]);
    await runJobsUntilIdle(rt.deps);
    const mails = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', c.email)
      .where('subject', 'like', 'Reminder:%')
      .execute();
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.status === 'sent' && m.body.includes('Hi Meera') && m.body.includes('2:00 PM'))).toBe(true);
  });

  it('skips a reminder whose moment came before the booking was made', async () => {
    const c = await createCustomer(rt);
    const staffId = await createStaff(rt, salon.id, { name: 'Late Booker' });
    // Its 24-hour moment was ten minutes ago, before it was made.
    const startsAt = new Date(Date.now() + 24 * HOUR - 10 * 60_000);
    const id = await insertBookingRow(rt, { userId: c.id, merchantId: salon.id, staffId, startsAt });
    await sweepAt(new Date());
    expect(await remindersOf(rt.deps.db, id)).toEqual([]);
    await sweepAt(new Date(startsAt.getTime() - 2 * HOUR + 1000));
    expect((await remindersOf(rt.deps.db, id)).map((r) => r.hours_before)).toEqual([2]);
  });

  it('a cancelled booking gets no reminder', async () => {
    const c = await createCustomer(rt);
    const b = await book(c, 4);
    const start = await startOf(b._id);
    await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    await sweepAt(new Date(start.getTime() - 24 * HOUR + 30_000));
    await sweepAt(new Date(start.getTime() - 2 * HOUR + 30_000));
    expect(await reminderTitles(c.id)).toEqual([]);
    expect(await remindersOf(rt.deps.db, b._id)).toEqual([]);
  });

  it('a rescheduled booking is reminded at its new time, not its old one', async () => {
    const c = await createCustomer(rt);
    const b = await book(c, 3, '10:00 AM');
    const old = await startOf(b._id);
    await rt.caller(c).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(5), bookingTime: '3:00 PM' });
    const moved = await startOf(b._id);
    await sweepAt(new Date(old.getTime() - 24 * HOUR + 30_000));
    await sweepAt(new Date(old.getTime() - 2 * HOUR + 30_000));
    expect(await reminderTitles(c.id)).toEqual([]);
    await sweepAt(new Date(moved.getTime() - 24 * HOUR + 30_000));
    await sweepAt(new Date(moved.getTime() - 2 * HOUR + 30_000));
    expect(await reminderTitles(c.id)).toEqual(['Reminder: your appointment tomorrow', 'Reminder: your appointment in 2 hours']);
    expect((await remindersOf(rt.deps.db, b._id)).every((r) => new Date(r.starts_at).getTime() === moved.getTime())).toBe(true);
  });

  it('respects a customer who turned reminders off (and still records the reminder as done)', async () => {
    const c = await createCustomer(rt);
    await rt.deps.db
      .updateTable('accounts')
      .set({ notification_prefs: JSON.stringify({ reminders: false }) })
      .where('id', '=', c.id)
      .execute();
    const b = await book(c, 3, '4:00 PM');
    const start = await startOf(b._id);
    await sweepAt(new Date(start.getTime() - 2 * HOUR + 30_000));
    expect(await reminderTitles(c.id)).toEqual([]);
    expect(await remindersOf(rt.deps.db, b._id)).toHaveLength(1);
  });

  it('a reminder job of an earlier version (one per booking) runs a sweep and sends nothing twice', async () => {
    const c = await createCustomer(rt);
    const b = await book(c, 7, '1:00 PM');
    const start = await startOf(b._id);
    await sweepAt(new Date(start.getTime() - 24 * HOUR + 30_000));
    await enqueueJob(rt.deps.db, {
      kind: BOOKING_REMINDER,
      payload: { bookingId: b._id, startsAt: start.toISOString(), hoursBefore: 24 },
    });
    await runJobsUntilIdle(rt.deps, { kinds: [BOOKING_REMINDER] });
    expect(await reminderTitles(c.id)).toEqual(['Reminder: your appointment tomorrow']);
    expect(await bossOn(rt.deps.db).getQueueSize(BOOKING_REMINDER)).toBe(0);
  });

  it('the sweep is a pg-boss schedule, every minute', async () => {
    const boss = bossOn(rt.deps.db);
    await scheduleReminderSweep(boss);
    await scheduleReminderSweep(boss);
    const schedules = (await boss.getSchedules()).filter((s) => s.name === BOOKING_REMINDER);
    expect(schedules.map((s) => s.cron)).toEqual([REMINDER_SWEEP_CRON]);
    await boss.unschedule(BOOKING_REMINDER);
  });
});

describe("a booking's jobs", () => {
  const jobsFor = (accountId: string) =>
    rt.deps.db.selectFrom('jobs').select(['kind', 'ref', 'status']).where(sql<boolean>`payload ->> 'accountId' = ${accountId}`).execute();

  it('are in pg-boss once the booking commits, and absent when its transaction rolls back', async () => {
    const c = await createCustomer(rt);
    const made = await book(c, 8, '12:00 PM');
    expect(await jobsFor(c.id)).toEqual([{ kind: 'booking_event_messages', ref: `booking:${made._id}`, status: 'queued' }]);

    // Paid from an empty wallet: the booking and its job are written, then the payment refuses and all rolls back.
    const poor = await createCustomer(rt);
    await expect(
      rt.caller(poor).users.createBooking({
        merchantId: salon.id,
        serviceIds: [haircut],
        bookingDate: localDate(8),
        bookingTime: '1:00 PM',
        paymentMethod: 'wallet',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rt.deps.db.selectFrom('bookings').select('id').where('user_id', '=', poor.id).execute()).toEqual([]);
    expect(await jobsFor(poor.id)).toEqual([]);
    await runJobsUntilIdle(rt.deps);
  });
});

describe('two reminder sweeps at once', () => {
  it('two sweeps (on PostgreSQL, each with its own connection pool, like two processes) send each due reminder exactly once', async () => {
    const other = await createSalon(rt, { name: 'Twin Worker Spa' });
    const customers: Actor[] = [];
    // Sixteen bookings, one per professional, their 2-hour moments within the last few minutes of `now`.
    const now = new Date(Date.now() + 20 * 86_400_000);
    for (let i = 0; i < 16; i++) {
      const staffId = await createStaff(rt, other.id, { name: `Stylist ${i}` });
      const c = await createCustomer(rt, { firstName: `Twin${i}` });
      const startsAt = new Date(now.getTime() + 2 * HOUR - (i + 1) * 10_000);
      await insertBookingRow(rt, { userId: c.id, merchantId: other.id, staffId, startsAt });
      customers.push(c);
    }
    const second = DB_KIND === 'pg' ? await openDatabase({ databaseUrl: rt.deps.env.DATABASE_URL, poolMax: 4 }) : null;
    try {
      const [a, b] = await Promise.all([sweepAt(now), sweepAt(now, second?.db ?? rt.deps.db)]);
      expect(a + b).toBe(16);
    } finally {
      await second?.close();
    }
    for (const c of customers) expect(await reminderTitles(c.id), c.email).toEqual(['Reminder: your appointment in 2 hours']);
    await runJobsUntilIdle(rt.deps);
    for (const c of customers) {
      const mails = await rt.deps.db
        .selectFrom('outbox_messages')
        .select('status')
        .where('recipient', '=', c.email)
        .where('subject', 'like', 'Reminder:%')
        .execute();
      expect(
        mails.map((m) => m.status),
        c.email,
      ).toEqual(['sent']);
    }
  }, 60_000);
});
