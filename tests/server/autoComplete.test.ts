import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { autoCompleteCheckedIn, BOOKING_AUTO_COMPLETE, scheduleAutoComplete } from '../../src/server/services/bookings/autoComplete.js';
import { AUTO_COMPLETE_AFTER_MINUTES } from '../../src/shared/policy.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 25: a checked-in booking cannot be left open to avoid commission. Two hours after its end
 * it completes itself, with its commission, the customer's review request and a notice to the salon.
 */

let rt: TestRuntime;
let salon: SalonFixture;
let customer: Actor;
let staffCount = 0;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Open Door Salon' });
  customer = await createCustomer(rt);
});
afterAll(async () => {
  await rt.close();
});

const minutesAgo = (m: number, from = new Date()) => new Date(from.getTime() - m * 60_000);

/** A 30-minute booking that ended `endedMinutesAgo` minutes before `now`. */
async function booking(
  status: 'upcoming' | 'confirmed' | 'cancelled',
  endedMinutesAgo: number,
  now = new Date(),
  opts: { prepaid?: boolean; price?: number } = {},
) {
  // A professional of its own: the bookings' times overlap.
  const staffId = await createStaff(rt, salon.id, { name: `Staff ${++staffCount}` });
  return insertBookingRow(rt, {
    userId: customer.id,
    merchantId: salon.id,
    staffId,
    startsAt: minutesAgo(endedMinutesAgo + 30, now),
    status,
    price: opts.price ?? 800,
    prepaid: opts.prepaid,
  });
}

async function row(id: string) {
  return rt.deps.db
    .selectFrom('bookings')
    .select(['status', 'commission', 'merchant_earning', 'completed_at', 'payment_received'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function ledger(id: string) {
  return rt.deps.db
    .selectFrom('commission_ledger')
    .select(['gross_amount', 'commission', 'merchant_earning'])
    .where('booking_id', '=', id)
    .execute();
}

describe(`checked-in bookings complete themselves (${DB_KIND})`, () => {
  it('completes a checked-in booking 2 hours after its end, with its commission; leaves the rest alone', async () => {
    const now = new Date();
    const due = await booking('confirmed', AUTO_COMPLETE_AFTER_MINUTES + 1, now);
    const notYet = await booking('confirmed', AUTO_COMPLETE_AFTER_MINUTES - 5, now);
    const neverCame = await booking('upcoming', AUTO_COMPLETE_AFTER_MINUTES + 60, now);
    const cancelled = await booking('cancelled', AUTO_COMPLETE_AFTER_MINUTES + 60, now);

    const done = await rt.deps.db.transaction().execute((trx) => autoCompleteCheckedIn(trx, now));
    expect(done.map((d) => d.id)).toContain(due);
    expect(done.map((d) => d.id)).not.toContain(notYet);

    const completed = await row(due);
    expect(completed).toMatchObject({ status: 'completed', payment_received: false });
    expect(Number(completed.commission)).toBe(80);
    expect(Number(completed.merchant_earning)).toBe(720);
    expect(new Date(completed.completed_at!).getTime()).toBe(now.getTime());
    expect((await ledger(due)).map((l) => [Number(l.gross_amount), Number(l.commission), Number(l.merchant_earning)])).toEqual([
      [800, 80, 720],
    ]);

    expect((await row(notYet)).status).toBe('confirmed');
    expect((await row(neverCame)).status).toBe('upcoming');
    expect((await row(cancelled)).status).toBe('cancelled');
    expect(await ledger(notYet)).toEqual([]);
  });

  it('tells the customer (review request) and the salon (why it completed)', async () => {
    const id = await booking('confirmed', AUTO_COMPLETE_AFTER_MINUTES + 10);
    await rt.deps.db.transaction().execute((trx) => autoCompleteCheckedIn(trx, new Date()));
    const notices = await rt.deps.db
      .selectFrom('notifications')
      .select(['account_id', 'title', 'message'])
      .where('account_id', 'in', [customer.id, salon.owner.id])
      .where('title', 'in', ['Booking completed', 'Booking completed automatically'])
      .execute();
    expect(notices.filter((n) => n.account_id === customer.id).length).toBeGreaterThan(0);
    const toSalon = notices.filter((n) => n.account_id === salon.owner.id);
    expect(toSalon.length).toBeGreaterThan(0);
    expect(toSalon[0].message).toMatch(/checked in and not completed, so it completed itself 2 hours after its end/);
    expect((await row(id)).status).toBe('completed');
  });

  it('runs as the hourly job, once per hour however often it is scheduled', async () => {
    const id = await booking('confirmed', AUTO_COMPLETE_AFTER_MINUTES + 30);
    const at = new Date();
    await Promise.all([scheduleAutoComplete(rt.deps.db, at), scheduleAutoComplete(rt.deps.db, at), scheduleAutoComplete(rt.deps.db, at)]);
    const queued = await rt.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', BOOKING_AUTO_COMPLETE)
      .where('dedupe_key', '=', `${BOOKING_AUTO_COMPLETE}:${at.toISOString().slice(0, 13)}`)
      .execute();
    expect(queued).toHaveLength(1);
    await runJobsUntilIdle(rt.deps);
    expect((await row(id)).status).toBe('completed');
    expect(await ledger(id)).toHaveLength(1);
  });

  it.skipIf(DB_KIND !== 'pg')('two sweeps at once complete each booking once, with one ledger row', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        booking('confirmed', AUTO_COMPLETE_AFTER_MINUTES + 5 + i, new Date(), { prepaid: true, price: 500 }),
      ),
    );
    const now = new Date();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => rt.deps.db.transaction().execute((trx) => autoCompleteCheckedIn(trx, now))));
    const completedIds = [...a, ...b, ...c].map((d) => d.id).filter((id) => ids.includes(id));
    expect(completedIds.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect((await row(id)).status).toBe('completed');
      expect(await ledger(id)).toHaveLength(1);
    }
  });
});
