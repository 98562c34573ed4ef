import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { AppError, HOURS_CHANGED } from '../../src/server/errors.js';
import { HOURS_CHANGE_REASON, type HoursClash } from '../../src/shared/schemas/shop.js';
import { weekdayOf, zonedTimeToInstant } from '../../src/shared/slots.js';
import {
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
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Closing a day or shortening the salon's opening hours (merchants/updateBusinessHours): the
 * upcoming bookings the new hours leave uncovered are listed (409) until the salon decides to keep
 * them or to cancel them (full refund, the customer told), and no booking slips in meanwhile.
 * Every booking is days ahead, so the wall clock's time of day never matters.
 */
let rt: TestRuntime;
let customer: Actor;
let other: Actor;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
  customer = await createCustomer(rt, { firstName: 'Tanvi' });
  other = await createCustomer(rt, { firstName: 'Meera' });
});
afterAll(async () => {
  await rt.close();
});

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedTimeToInstant(date, h * 60 + m, 'Asia/Kolkata');
};
const time12 = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

interface Shop {
  salon: SalonFixture;
  staff: string;
  book: (
    who: Actor,
    date: string,
    hhmm: string,
    opts?: { status?: 'upcoming' | 'confirmed' | 'cancelled'; prepaid?: boolean; staffId?: string },
  ) => Promise<string>;
}

async function shop(): Promise<Shop> {
  const salon = await createSalon(rt, { openingHours: openingHours('09:00', '18:00') });
  const staff = await createStaff(rt, salon.id, { name: 'Asha Rao' });
  const book: Shop['book'] = (who, date, hhmm, opts = {}) =>
    insertBookingRow(rt, {
      userId: who.id,
      merchantId: salon.id,
      staffId: opts.staffId ?? staff,
      startsAt: at(date, hhmm),
      bookingDate: date,
      bookingTime: time12(hhmm),
      status: opts.status,
      prepaid: opts.prepaid,
    });
  return { salon, staff, book };
}

/** The dates 3 and 4 days ahead: the first is closed, the second shortened to 09:00–17:00 by `closing`. */
const dayClosed = localDate(3);
const dayShortened = localDate(4);
const closing = () => openingHours('09:00', '17:00', [weekdayOf(dayClosed)]);

async function hoursOf(merchantId: string) {
  const r = await rt.deps.db.selectFrom('merchants').select('opening_hours').where('id', '=', merchantId).executeTakeFirstOrThrow();
  return r.opening_hours;
}

async function statusOf(id: string) {
  return rt.deps.db
    .selectFrom('bookings')
    .select(['status', 'cancelled_by', 'cancellation_reason', 'refund_percent'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The 409 of an hours change, with the bookings it lists. */
async function refusal(p: Promise<unknown>): Promise<{ message: string; clashes: HoursClash[] }> {
  const err = await p.then(
    () => {
      throw new Error('expected a 409');
    },
    (e: { code?: string; message: string; cause?: unknown }) => e,
  );
  expect(err.code).toBe('CONFLICT');
  expect(err.cause).toBeInstanceOf(AppError);
  return { message: err.message, clashes: (err.cause as AppError).details?.clashes ?? [] };
}

describe('saving opening hours that leave upcoming bookings uncovered', () => {
  it('answers 409 listing them (as staff-hours clashes) and saves nothing; blocks, past, cancelled and covered bookings are not listed', async () => {
    const s = await shop();
    const closed = await s.book(customer, dayClosed, '10:00');
    const late = await s.book(other, dayShortened, '17:30', { status: 'confirmed' });
    await s.book(customer, dayShortened, '10:00'); // still inside 09:00–17:00
    await s.book(customer, dayClosed, '12:00', { status: 'cancelled' });
    await s.book(customer, localDate(-1), '10:00'); // past
    // Blocked time on the closed day is a `blocked` row of bookings, not a booking.
    await rt
      .caller(s.salon.owner)
      .merchants.createBlock({ staffId: s.staff, kind: 'break', date: dayClosed, startTime: '13:00', endTime: '14:00' });
    const before = await hoursOf(s.salon.id);

    const { message, clashes } = await refusal(rt.caller(s.salon.owner).merchants.updateBusinessHours({ openingHours: closing() }));
    expect(clashes).toEqual([
      {
        bookingId: closed,
        bookingDate: dayClosed,
        bookingTime: '10:00 AM',
        status: 'upcoming',
        customerName: 'Tanvi Test',
        services: ['Haircut'],
        reason: 'salonClosed',
      },
      {
        bookingId: late,
        bookingDate: dayShortened,
        bookingTime: '5:30 PM',
        status: 'confirmed',
        customerName: 'Meera Test',
        services: ['Haircut'],
        reason: 'outsideHours',
      },
    ]);
    expect(message).toMatch(
      /^openingHours: 2 upcoming bookings fall outside the new opening hours: Tanvi Test on .* at 10:00 AM \(#[0-9A-F]{8}\); Meera Test on .* at 5:30 PM/,
    );
    expect(await hoursOf(s.salon.id)).toEqual(before);
    expect((await statusOf(closed)).status).toBe('upcoming');
  });

  it('REST: the 409 body carries data.clashes and data.field', async () => {
    const s = await shop();
    const id = await s.book(customer, dayClosed, '11:00');
    const base = await rt.listen();
    const token = await rt.deps.tokens.sign({ sub: s.salon.owner.id, role: s.salon.owner.role, ver: 0 });
    const res = await fetch(`${base}/api/merchants/updateBusinessHours`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ openingHours: closing() }),
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.data).toMatchObject({ code: 'CONFLICT', field: 'openingHours', clashes: [{ bookingId: id, reason: 'salonClosed' }] });
  });

  it('keep: saves the hours and leaves the bookings; the next save does not list them again', async () => {
    const s = await shop();
    const closed = await s.book(customer, dayClosed, '10:00');
    const r = await rt.caller(s.salon.owner).merchants.updateBusinessHours({ openingHours: closing(), decision: 'keep' });
    expect(r).toMatchObject({
      decision: 'keep',
      cancelled: 0,
      message: 'Business hours updated. 1 booking outside the new hours was kept.',
    });
    expect(r.clashes.map((c) => c.bookingId)).toEqual([closed]);
    expect(await hoursOf(s.salon.id)).toEqual(closing());
    expect((await statusOf(closed)).status).toBe('upcoming');
    const notes = await rt.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('account_id', '=', customer.id)
      .where('title', '=', 'Booking cancelled')
      .execute();
    expect(notes).toHaveLength(0);
    // Kept once, it is not this change's doing any more: saving other hours again answers no clash.
    const again = await rt
      .caller(s.salon.owner)
      .merchants.updateBusinessHours({ openingHours: openingHours('08:00', '17:00', [weekdayOf(dayClosed)]) });
    expect(again).toMatchObject({ clashes: [], decision: null, cancelled: 0, message: 'Business hours updated successfully.' });
  });

  it('saves at once when nothing is uncovered (a booking already off its professional’s hours is not listed)', async () => {
    const s = await shop();
    await s.book(customer, dayShortened, '10:00');
    // The professional has the closed day off already: their booking was uncovered before this change.
    const ravi = await createStaff(rt, s.salon.id, { name: 'Ravi', workingHours: workingHours('09:00', '18:00', [weekdayOf(dayClosed)]) });
    await s.book(customer, dayClosed, '10:00', { staffId: ravi });
    const r = await rt.caller(s.salon.owner).merchants.updateBusinessHours({ openingHours: closing() });
    expect(r).toMatchObject({ success: true, clashes: [], decision: null, cancelled: 0 });
    expect(await hoursOf(s.salon.id)).toEqual(closing());
  });

  it('cancel: saves the hours and cancels each booking as the salon (full refund, customer told, outbox), in one transaction', async () => {
    const s = await shop();
    const prepaid = await s.book(customer, dayClosed, '10:00', { prepaid: true });
    const atSalon = await s.book(other, dayShortened, '17:15');
    const kept = await s.book(other, dayShortened, '11:00');
    const r = await rt
      .caller(s.salon.owner)
      .merchants.updateBusinessHours({ openingHours: closing(), decision: 'cancel', bookingIds: [prepaid, atSalon] });
    expect(r).toMatchObject({
      decision: 'cancel',
      cancelled: 2,
      message: 'Business hours updated. 2 bookings cancelled with a full refund; the customers have been told.',
    });
    expect(await hoursOf(s.salon.id)).toEqual(closing());
    for (const id of [prepaid, atSalon]) {
      expect(await statusOf(id)).toEqual({
        status: 'cancelled',
        cancelled_by: 'merchant',
        cancellation_reason: HOURS_CHANGE_REASON,
        refund_percent: 100,
      });
    }
    expect((await statusOf(kept)).status).toBe('upcoming');
    // The prepayment is back in the wallet, in full.
    const refunds = await rt.deps.db.selectFrom('wallet_ledger').select(['amount', 'kind']).where('booking_id', '=', prepaid).execute();
    expect(refunds.map((x) => [Number(x.amount), x.kind])).toEqual([[500, 'refund']]);
    // Told in the app, with the reason and the refund, and by e-mail and push through the outbox job.
    const note = await rt.deps.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('account_id', '=', customer.id)
      .where('title', '=', 'Booking cancelled')
      .executeTakeFirstOrThrow();
    expect(note.message).toContain(`Reason given by the salon: ${HOURS_CHANGE_REASON}.`);
    expect(note.message).toContain('Refund: 100% of the ₹500 you paid');
    const outbox = await rt.deps.db
      .selectFrom('jobs')
      .select(['ref', 'payload'])
      .where('kind', '=', 'booking_event_messages')
      .where('ref', 'in', [`booking:${prepaid}`, `booking:${atSalon}`])
      .execute();
    expect(outbox.map((j) => [j.ref, (j.payload as { event: string }).event]).sort()).toEqual(
      [
        [`booking:${prepaid}`, 'cancelledBySalon'],
        [`booking:${atSalon}`, 'cancelledBySalon'],
      ].sort(),
    );
  });

  it("cancel with the salon's own reason", async () => {
    const s = await shop();
    const id = await s.book(customer, dayClosed, '15:00');
    await rt
      .caller(s.salon.owner)
      .merchants.updateBusinessHours({ openingHours: closing(), decision: 'cancel', cancellationReason: 'Renovation works that week' });
    expect(await statusOf(id)).toMatchObject({ status: 'cancelled', cancellation_reason: 'Renovation works that week' });
  });

  it('a decision on a list that misses a booking made since is a 409 again, and nothing is saved or cancelled', async () => {
    const s = await shop();
    const seen = await s.book(customer, dayClosed, '10:00');
    const since = await s.book(other, dayClosed, '16:00');
    const { clashes } = await refusal(
      rt.caller(s.salon.owner).merchants.updateBusinessHours({ openingHours: closing(), decision: 'cancel', bookingIds: [seen] }),
    );
    expect(clashes.map((c) => c.bookingId)).toEqual([seen, since]);
    expect((await statusOf(seen)).status).toBe('upcoming');
    expect(await hoursOf(s.salon.id)).toEqual(openingHours('09:00', '18:00'));
  });

  it("refuses another merchant's salon, and changes nothing there", async () => {
    const s = await shop();
    const id = await s.book(customer, dayClosed, '10:00');
    const stranger = await createSalon(rt);
    await expect(
      rt.caller(stranger.owner).merchants.updateBusinessHours({ merchantId: s.salon.id, openingHours: closing(), decision: 'cancel' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await statusOf(id)).status).toBe('upcoming');
    expect(await hoursOf(s.salon.id)).toEqual(openingHours('09:00', '18:00'));
  });
});

describe(`a booking placed while the hours change (${DB_KIND})`, () => {
  it('booking and closing the same day at once: the day never ends up closed with an active booking on it', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await shop();
      const service = await createService(rt, s.salon.id, { duration: 30 });
      const people = await Promise.all(Array.from({ length: 6 }, () => createCustomer(rt)));
      const bookings = people.map((c, i) =>
        rt.caller(c).users.createBooking({
          merchantId: s.salon.id,
          serviceIds: [service],
          staffId: s.staff,
          bookingDate: dayClosed,
          bookingTime: `${10 + i}:00`,
        }),
      );
      const save = rt.caller(s.salon.owner).merchants.updateBusinessHours({ openingHours: closing() });
      const [saved, ...made] = await Promise.allSettled([save, ...bookings]);
      for (const m of made) {
        // Refused either because the hours changed under it (it read the old hours), or, when it
        // started after the save committed, because the day is now closed.
        if (m.status === 'rejected') {
          const refusal = m.reason as { code: string };
          if (refusal.code === 'CONFLICT') expect(refusal).toMatchObject({ message: HOURS_CHANGED });
          else
            expect(refusal).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^bookingTime: the salon is not open/) });
        }
      }
      const active = await rt.deps.db
        .selectFrom('bookings')
        .select('id')
        .where('merchant_id', '=', s.salon.id)
        .where('booking_date', '=', dayClosed)
        .where('status', 'in', ['pending', 'upcoming', 'confirmed'])
        .execute();
      if (saved.status === 'fulfilled') {
        expect(active).toEqual([]);
        expect(await hoursOf(s.salon.id)).toEqual(closing());
      } else {
        // Refused: it listed bookings that exist, and the hours stayed as they were.
        expect(saved.reason).toMatchObject({ code: 'CONFLICT' });
        const listed = ((saved.reason as { cause?: AppError }).cause?.details?.clashes ?? []).map((c) => c.bookingId);
        expect(listed.length).toBeGreaterThan(0);
        expect(active.map((a) => a.id)).toEqual(expect.arrayContaining(listed));
        expect(await hoursOf(s.salon.id)).toEqual(openingHours('09:00', '18:00'));
      }
    }
  });

  it.skipIf(DB_KIND !== 'pg')(
    'a booking judged by the old hours waits for the change in flight and is then refused (409), not placed',
    async () => {
      for (const kind of ['create', 'reschedule'] as const) {
        const s = await shop();
        const service = await createService(rt, s.salon.id, { duration: 30 });
        const existing =
          kind === 'reschedule'
            ? (
                await rt.caller(customer).users.createBooking({
                  merchantId: s.salon.id,
                  serviceIds: [service],
                  staffId: s.staff,
                  bookingDate: dayShortened,
                  bookingTime: '10:00 AM',
                })
              ).data.booking._id
            : null;
        // Another connection plays the hours change: it holds the salon's row as updateBusinessHours does.
        const change = new pg.Client({ connectionString: rt.deps.env.DATABASE_URL });
        await change.connect();
        try {
          await change.query('begin');
          await change.query('select id from merchants where id = $1 for update', [s.salon.id]);
          const attempt =
            kind === 'create'
              ? rt.caller(other).users.createBooking({
                  merchantId: s.salon.id,
                  serviceIds: [service],
                  staffId: s.staff,
                  bookingDate: dayClosed,
                  bookingTime: '11:00 AM',
                })
              : rt.caller(customer).users.rescheduleBooking({ bookingId: existing!, bookingDate: dayClosed, bookingTime: '11:00 AM' });
          const settled = attempt.then(
            () => 'placed',
            (e: { message: string }) => e.message,
          );
          // Wait until the booking waits on the salon's row (it read the old hours before).
          for (let i = 0; i < 200; i++) {
            // Inside a transaction pg_stat_activity is read once and kept; read it afresh each time.
            await change.query('select pg_stat_clear_snapshot()');
            const { rows } = await change.query(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            );
            if (rows[0].n > 0) break;
            await new Promise((r) => setTimeout(r, 50));
          }
          await change.query('update merchants set opening_hours = $2::jsonb where id = $1', [s.salon.id, JSON.stringify(closing())]);
          await change.query('commit');
          expect(await settled).toBe(HOURS_CHANGED);
        } finally {
          await change.end();
        }
        const onClosedDay = await rt.deps.db
          .selectFrom('bookings')
          .select('id')
          .where('merchant_id', '=', s.salon.id)
          .where('booking_date', '=', dayClosed)
          .execute();
        expect(onClosedDay).toEqual([]);
      }
    },
  );
});
