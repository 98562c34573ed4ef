import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { cancelMyBooking, disputeNoShow } from '../../src/server/services/bookings/customer.js';
import { updateBookingStatus } from '../../src/server/services/bookings/merchant.js';
import { NO_SHOW_GRACE_MINUTES } from '../../src/shared/policy.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 25, Commission: a booking is completed only once it has started, a checked-in booking
 * that has started cannot be cancelled (by the salon or the customer), and a customer who did not
 * come is a no-show (after the start plus the grace period, only if not checked in), told so, with
 * the commission rule of docs/money.md; the customer disputes it into the admins' Feedback.
 */

let rt: TestRuntime;
let salon: SalonFixture;
let customer: Actor;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Rule Salon' });
  await createStaff(rt, salon.id, { name: 'Asha' });
  customer = await createCustomer(rt);
});
afterAll(async () => {
  await rt.close();
});

const MIN = 60_000;
let slot = 0;
/** A booking starting at `startsAt` (each on its own hour of a far day, shifted to that instant's offset). */
async function bookingAt(startsAt: Date, status: 'upcoming' | 'confirmed', opts: { prepaid?: boolean; price?: number } = {}) {
  // Distinct staff time per booking: the exclusion constraint would refuse overlaps of active ones.
  const s = await createStaff(rt, salon.id, { name: `Stylist ${++slot}` });
  return insertBookingRow(rt, {
    userId: customer.id,
    merchantId: salon.id,
    staffId: s,
    startsAt,
    status,
    price: opts.price ?? 1000,
    prepaid: opts.prepaid,
  });
}
const move = (id: string, status: 'completed' | 'cancelled' | 'no_show' | 'confirmed', now: Date) =>
  updateBookingStatus(
    rt.deps,
    salon.owner,
    { bookingId: id, status, merchantId: salon.id, cancellationReason: 'Stylist unwell', paymentReceived: true },
    { now },
  );

describe('desk times', () => {
  it('refuses to complete a checked-in booking before its start, and completes it from the start', async () => {
    const start = new Date(Date.now() + 3 * 3_600_000);
    const id = await bookingAt(start, 'confirmed');
    await expect(move(id, 'completed', new Date(start.getTime() - MIN))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'status: a booking cannot be completed before its start time',
    });
    expect(await rt.deps.db.selectFrom('commission_ledger').select('id').where('booking_id', '=', id).execute()).toHaveLength(0);
    const r = await move(id, 'completed', start);
    expect(r.booking).toMatchObject({ status: 'completed', commission: 100 });
  });

  it('cancels a checked-in booking before its start but not once it has started', async () => {
    const start = new Date(Date.now() + 5 * 3_600_000);
    const early = await bookingAt(start, 'confirmed');
    expect((await move(early, 'cancelled', new Date(start.getTime() - MIN))).booking.status).toBe('cancelled');
    const late = await bookingAt(new Date(start.getTime() + 3_600_000), 'confirmed');
    await expect(move(late, 'cancelled', new Date(start.getTime() + 3_600_000))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^status: this customer was checked in and the appointment has started/),
    });
  });

  it('does not let the customer cancel a checked-in booking that has started either', async () => {
    const start = new Date(Date.now() - 10 * MIN);
    const id = await bookingAt(start, 'confirmed');
    await expect(cancelMyBooking(rt.deps, customer, { bookingId: id }, { now: new Date() })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingId: you were checked in and the appointment has started/),
    });
  });
});

describe('no-shows', () => {
  it('are marked only after the start plus the grace period, and never for a checked-in customer', async () => {
    const start = new Date(Date.now() - 60 * MIN);
    const id = await bookingAt(start, 'upcoming');
    await expect(move(id, 'no_show', new Date(start.getTime() + (NO_SHOW_GRACE_MINUTES - 1) * MIN))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `status: a customer can be marked as not having come only ${NO_SHOW_GRACE_MINUTES} minutes after the start time`,
    });
    const came = await bookingAt(start, 'confirmed');
    await expect(move(came, 'no_show', new Date())).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^status: this customer was checked in/),
    });

    const r = await move(id, 'no_show', new Date(start.getTime() + NO_SHOW_GRACE_MINUTES * MIN));
    expect(r.booking).toMatchObject({ status: 'no_show', commission: null, noShowDispute: null });
    expect(r.booking.noShowAt).not.toBeNull();
    // Pay at the salon: no money moved, so no commission is booked.
    expect(await rt.deps.db.selectFrom('commission_ledger').select('id').where('booking_id', '=', id).execute()).toHaveLength(0);
    // No-shows are final for the desk.
    for (const to of ['confirmed', 'completed', 'cancelled'] as const) {
      await expect(move(id, to, new Date()), to).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^status: /),
      });
    }
  });

  it('tell the customer, and a prepaid no-show keeps the money with the salon and books 10% commission on it', async () => {
    const start = new Date(Date.now() - 2 * 3_600_000);
    const id = await bookingAt(start, 'upcoming', { prepaid: true, price: 800 });
    const walletBefore = await rt.deps.db.selectFrom('wallet_ledger').select('id').where('booking_id', '=', id).execute();
    const r = await move(id, 'no_show', new Date());
    expect(r.booking).toMatchObject({ status: 'no_show', commission: 80, merchantEarning: 720, refundAmount: null });
    const ledger = await rt.deps.db.selectFrom('commission_ledger').selectAll().where('booking_id', '=', id).executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ merchant_id: salon.id, gross_amount: 800, commission: 80, merchant_earning: 720 });
    // Nothing went back to the wallet.
    expect(await rt.deps.db.selectFrom('wallet_ledger').select('id').where('booking_id', '=', id).execute()).toEqual(walletBefore);
    const note = await rt.deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', customer.id)
      .where('title', '=', 'Marked as a no-show')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.message).toMatch(/Rule Salon marked your booking on .* as a no-show/);
    expect(note.message).toContain('₹800 you prepaid is not refunded');
    expect(note.message).toContain('dispute it from My Bookings');
    const job = await rt.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'booking_event_messages')
      .where('ref', '=', `booking:${id}`)
      .executeTakeFirstOrThrow();
    expect(job.payload).toMatchObject({ event: 'noShow', title: 'Marked as a no-show' });
  });

  it('can be disputed once by its customer, reaching the admins’ Feedback as a ticket about the booking', async () => {
    const id = await bookingAt(new Date(Date.now() - 4 * 3_600_000), 'upcoming');
    await move(id, 'no_show', new Date());
    const other = await createCustomer(rt);
    await expect(rt.caller(other).users.disputeNoShow({ bookingId: id, message: 'I was there at ten sharp.' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(salon.owner).users.disputeNoShow({ bookingId: id, message: 'I was there at ten sharp.' })).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
    await expect(rt.caller(customer).users.disputeNoShow({ bookingId: id, message: 'short' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^message: /),
    });

    const r = await rt.caller(customer).users.disputeNoShow({ bookingId: id, message: 'I was there at ten sharp; the stylist was busy.' });
    expect(r.message).toMatch(/^Thanks\. Your dispute #[0-9A-F]{8} is with our support team\.$/);
    await expect(
      rt.caller(customer).users.disputeNoShow({ bookingId: id, message: 'I was there at ten sharp, again.' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'bookingId: this no-show has already been disputed',
    });
    const mine = (await rt.caller(customer).users.getAllBookings({})).data.bookings.find((b) => b._id === id)!;
    expect(mine.noShowDispute).toBe('open');

    const admin = await makeAccount(rt, 'admin');
    const list = await rt.caller(admin).admin.listFeedback({ kind: 'ticket', search: id.slice(0, 8).toUpperCase() });
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]).toMatchObject({
      type: 'No-show dispute',
      bookingId: id,
      merchantId: salon.id,
      userId: customer.id,
      priority: 'high',
      status: 'open',
    });
    expect(list.messages[0].message).toContain('I was there at ten sharp; the stylist was busy.');
    expect(list.messages[0].message).toContain('Marked as a no-show by the salon');
  });

  it('refuses to dispute a booking that is not a no-show, or one marked more than 14 days ago', async () => {
    const done = await bookingAt(new Date(Date.now() - 6 * 3_600_000), 'confirmed');
    await move(done, 'completed', new Date());
    await expect(
      rt.caller(customer).users.disputeNoShow({ bookingId: done, message: 'This was fine, just testing.' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingId: only a booking marked as a no-show can be disputed',
    });
    const old = await bookingAt(new Date(Date.now() - 7 * 3_600_000), 'upcoming');
    await move(old, 'no_show', new Date());
    await expect(
      disputeNoShow(
        rt.deps,
        customer,
        { bookingId: old, message: 'I did come, honestly.' },
        { now: new Date(Date.now() + 15 * 86_400_000) },
      ),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingId: a no-show can be disputed within 14 days of being marked',
    });
  });

  it('let exactly one of a racing check-in and no-show apply, and open one dispute from racing submits', async () => {
    const id = await bookingAt(new Date(Date.now() - 3 * 3_600_000 - 30 * MIN), 'upcoming');
    const results = await Promise.allSettled([move(id, 'confirmed', new Date()), move(id, 'no_show', new Date())]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const row = await rt.deps.db.selectFrom('bookings').select(['status', 'scanned']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status === 'confirmed' ? row.scanned : row.status === 'no_show').toBe(true);

    const marked = await bookingAt(new Date(Date.now() - 8 * 3_600_000), 'upcoming');
    await move(marked, 'no_show', new Date());
    const submits = await Promise.allSettled(
      [0, 1, 2].map((i) => rt.caller(customer).users.disputeNoShow({ bookingId: marked, message: `I was there, attempt ${i}.` })),
    );
    expect(submits.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(submits.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([
      'CONFLICT',
      'CONFLICT',
    ]);
    const tickets = await rt.deps.db.selectFrom('support_messages').select('id').where('booking_id', '=', marked).execute();
    expect(tickets).toHaveLength(1);
  });
});

describe('the salon’s cancellation e-mail', () => {
  it('gives the customer the reason the salon gave', async () => {
    const id = await bookingAt(new Date(Date.now() + 26 * 3_600_000), 'upcoming');
    await updateBookingStatus(rt.deps, salon.owner, {
      bookingId: id,
      status: 'cancelled',
      merchantId: salon.id,
      cancellationReason: 'Our stylist is unwell',
    });
    const job = await rt.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'booking_event_messages')
      .where('ref', '=', `booking:${id}`)
      .executeTakeFirstOrThrow();
    expect((job.payload as { message: string }).message).toContain('Reason given by the salon: Our stylist is unwell.');
    await runJobsUntilIdle(rt.deps);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body'])
      .where(
        'recipient',
        '=',
        (await rt.deps.db.selectFrom('accounts').select('email').where('id', '=', customer.id).executeTakeFirstOrThrow()).email,
      )
      .where('subject', 'like', 'Booking cancelled%')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('Reason given by the salon: Our stylist is unwell.');
  });
});
