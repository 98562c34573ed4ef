import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { MAX_WAITING_ENTRIES } from '../../src/shared/waitlist.js';
import { createCustomer, createSalon, createService, createStaff, localDate, openingHours } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * The waitlist's rules through the procedures: joining (validated in the salon's zone, capped,
 * owned), the chain from a cancellation to an offer to a booking driven by the queued jobs alone,
 * expiry handing the time to the next in line, and hostile ids.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const DAY = localDate(2);

/** A salon open 10:00–13:00 with one professional and a 60-minute service, its day fully booked by `filler`. */
async function fullDay() {
  const salon = await createSalon(rt, { openingHours: openingHours('10:00', '13:00') });
  const service = await createService(rt, salon.id, { duration: 60, name: 'Haircut' });
  const staff = await createStaff(rt, salon.id, { name: 'Asha' });
  const filler = await createCustomer(rt, { firstName: 'Filler' });
  const bookings: Record<string, string> = {};
  for (const time of ['10:00 AM', '11:00 AM', '12:00 PM']) {
    const made = await rt
      .caller(filler)
      .users.createBooking({ merchantId: salon.id, serviceIds: [service], staffId: staff, bookingDate: DAY, bookingTime: time });
    bookings[time] = made.data.booking._id;
  }
  const join = (c: Actor, extra: Partial<{ fromTime: string; toTime: string; staffId: string }> = {}) =>
    rt
      .caller(c)
      .users.joinWaitlist({ merchantId: salon.id, serviceIds: [service], date: DAY, fromTime: '10:00', toTime: '13:00', ...extra });
  return { salon, service, staff, filler, bookings, join };
}

const myEntry = async (c: Actor) => (await rt.caller(c).users.getMyWaitlist()).data.entries[0];
const runJobs = (ignoreStartAfter = false) => runJobsUntilIdle(rt.deps, { ignoreStartAfter });

describe(`joining the waitlist (${DB_KIND})`, () => {
  it('refuses a past date, a short window, another salon’s professional or service, and a merchant', async () => {
    const { salon, service, join } = await fullDay();
    const other = await createSalon(rt);
    const otherStaff = await createStaff(rt, other.id);
    const otherService = await createService(rt, other.id);
    const c = await createCustomer(rt);
    await expect(
      rt
        .caller(c)
        .users.joinWaitlist({ merchantId: salon.id, serviceIds: [service], date: localDate(-1), fromTime: '10:00', toTime: '12:00' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'date: this date has already passed' });
    await expect(join(c, { fromTime: '11:00', toTime: '11:15' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^toTime: /),
    });
    await expect(join(c, { fromTime: '11:00', toTime: '10:00' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(join(c, { staffId: otherStaff })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^staffId: /),
    });
    await expect(
      rt.caller(c).users.joinWaitlist({ merchantId: salon.id, serviceIds: [otherService], date: DAY, fromTime: '10:00', toTime: '13:00' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^serviceIds: /) });
    await expect(
      rt
        .caller(salon.owner)
        .users.joinWaitlist({ merchantId: salon.id, serviceIds: [service], date: DAY, fromTime: '10:00', toTime: '13:00' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const hidden = await createSalon(rt, { published: false });
    const hiddenService = await createService(rt, hidden.id);
    await expect(
      rt
        .caller(c)
        .users.joinWaitlist({ merchantId: hidden.id, serviceIds: [hiddenService], date: DAY, fromTime: '10:00', toTime: '13:00' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a second entry for the same window and more than the cap', async () => {
    const { join } = await fullDay();
    const c = await createCustomer(rt);
    const first = await join(c, { fromTime: '10:00', toTime: '11:00' });
    expect(first.data.entry).toMatchObject({ status: 'waiting', date: DAY, fromTime: '10:00 AM', toTime: '11:00 AM', offer: null });
    await expect(join(c, { fromTime: '10:30', toTime: '12:00' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const more = [];
    for (let i = 1; i < MAX_WAITING_ENTRIES; i++) more.push((await fullDay()).join(c));
    await Promise.all(more);
    await expect((await fullDay()).join(c)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`at most ${MAX_WAITING_ENTRIES}`),
    });
  });
});

describe(`from a cancellation to a booking (${DB_KIND})`, () => {
  it('offers the freed time to the first in line, tells them, and books it when accepted', async () => {
    const { salon, filler, bookings, join, staff } = await fullDay();
    const [ana, bo] = [await createCustomer(rt, { firstName: 'Ana' }), await createCustomer(rt, { firstName: 'Bo' })];
    await rt.deps.db.updateTable('accounts').set({ phone: '9876543210' }).where('id', '=', ana.id).execute();
    await join(ana);
    await join(bo);
    await runJobs();
    expect((await myEntry(ana)).offer).toBeNull();

    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['11:00 AM'] });
    await runJobs();
    const entry = await myEntry(ana);
    expect(entry.offer).toMatchObject({ status: 'open', bookingDate: DAY, bookingTime: '11:00 AM', professional: 'Asha' });
    expect((await myEntry(bo)).offer).toBeNull();
    // Told in the app, by e-mail and by SMS (her number is not proven through WhatsApp).
    const notes = await rt.deps.db.selectFrom('notifications').select(['title', 'link']).where('account_id', '=', ana.id).execute();
    expect(notes).toContainEqual({ title: 'A time opened up', link: '/bookings?tab=waitlist' });
    const sent = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'status'])
      .where('account_id', '=', ana.id)
      .where('meta', '@>', JSON.stringify({ purpose: 'waitlist_offer' }) as never)
      .execute();
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(sent.every((m) => m.status === 'sent')).toBe(true);

    // The salon sees both, Ana first with her offer.
    const day = await rt.caller(salon.owner).merchants.getWaitlist({ date: DAY });
    expect(day.data.entries.map((e) => [e.position, e.customer.name, e.offer?.status ?? null])).toEqual([
      [1, 'Ana T.', 'open'],
      [2, 'Bo T.', null],
    ]);

    const accepted = await rt.caller(ana).users.acceptWaitlistOffer({ offerId: entry.offer!._id });
    const booking = await rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', accepted.data.bookingId).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ user_id: ana.id, staff_id: staff, booking_time: '11:00 AM', status: 'upcoming' });
    expect(await myEntry(ana)).toMatchObject({ status: 'booked', bookingId: booking.id, offer: { status: 'accepted' } });
    // Accepting again answers the same booking; Bo was never offered the time.
    expect((await rt.caller(ana).users.acceptWaitlistOffer({ offerId: entry.offer!._id })).data.bookingId).toBe(booking.id);
    await runJobs();
    expect(await myEntry(bo)).toMatchObject({ status: 'waiting', offer: null });
  });

  it('hands an unanswered offer to the next in line when its hold ends, never offering a time twice', async () => {
    const { filler, bookings, join } = await fullDay();
    const [ana, bo] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await join(bo);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['12:00 PM'] });
    await runJobs();
    const offer = (await myEntry(ana)).offer!;
    expect(offer.bookingTime).toBe('12:00 PM');
    // The hold runs out (its job, queued for then, is run early once the offer is overdue).
    await rt.deps.db
      .updateTable('waitlist_offers')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', offer._id)
      .execute();
    await expect(rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^offerId: this offer has expired/),
    });
    await runJobs(true);
    expect((await myEntry(ana)).offer).toMatchObject({ _id: offer._id, status: 'expired' });
    expect((await myEntry(ana)).status).toBe('waiting');
    expect((await myEntry(bo)).offer).toMatchObject({ status: 'open', bookingTime: '12:00 PM' });
    const offered = await rt.deps.db
      .selectFrom('waitlist_offers')
      .select('entry_id')
      .where('entry_id', '=', (await myEntry(ana))._id)
      .execute();
    expect(offered).toHaveLength(1);
  });

  it('withdraws the offer at once when the time is booked through the booking page: told kindly, still waiting, accept is a 409', async () => {
    const { salon, service, filler, bookings, join } = await fullDay();
    const ana = await createCustomer(rt);
    await join(ana);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['10:00 AM'] });
    await runJobs();
    const offer = (await myEntry(ana)).offer!;
    const walkIn = await createCustomer(rt);
    await rt
      .caller(walkIn)
      .users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime: offer.bookingTime });
    // In the booking's own transaction: the offer is taken and its customer told.
    expect(await myEntry(ana)).toMatchObject({ status: 'waiting', offer: { _id: offer._id, status: 'taken' } });
    const note = await rt.deps.db
      .selectFrom('notifications')
      .select(['title', 'message', 'link'])
      .where('account_id', '=', ana.id)
      .where('title', '=', 'That waitlist time was just booked')
      .executeTakeFirstOrThrow();
    expect(note.message).toMatch(/was just booked by someone else\. You are still on the waitlist/);
    expect(note.link).toBe('/bookings?tab=waitlist');
    await expect(rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'offerId: this time was booked by someone else first; you are still on the waitlist',
    });
    await runJobs();
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select('subject')
      .where('account_id', '=', ana.id)
      .where('subject', 'like', 'That waitlist time was just booked%')
      .execute();
    expect(mail).toHaveLength(1);
    expect((await myEntry(ana)).offer?.status).toBe('taken');
  });

  it('offers the time a desk move frees, and leaving the waitlist passes an offer on', async () => {
    const { salon, staff, bookings, join } = await fullDay();
    const [ana, bo] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await join(bo);
    // The desk moves the 10:00 booking to another day: 10:00 frees.
    await rt
      .caller(salon.owner)
      .merchants.moveBooking({ bookingId: bookings['10:00 AM'], staffId: staff, bookingDate: localDate(3), bookingTime: '10:00 AM' });
    await runJobs();
    const offer = (await myEntry(ana)).offer!;
    expect(offer).toMatchObject({ status: 'open', bookingTime: '10:00 AM' });
    await rt.caller(ana).users.cancelWaitlistEntry({ entryId: (await myEntry(ana))._id });
    expect((await myEntry(ana)).status).toBe('cancelled');
    await runJobs();
    expect((await myEntry(bo)).offer).toMatchObject({ status: 'open', bookingTime: '10:00 AM' });
  });
});

describe(`other ways time frees (${DB_KIND})`, () => {
  it('longer opening hours offer the new time; removed blocked time offers what it held', async () => {
    const { salon, staff, join } = await fullDay();
    const [ana, bo] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana, { fromTime: '13:00', toTime: '15:00' });
    await runJobs();
    expect((await myEntry(ana)).offer).toBeNull();
    await rt.caller(salon.owner).merchants.updateBusinessHours({ openingHours: openingHours('10:00', '15:00') });
    await runJobs();
    expect((await myEntry(ana)).offer).toMatchObject({ status: 'open', bookingTime: '1:00 PM' });

    // Bo waits for 2 PM, which the salon blocks and then frees again.
    await rt.caller(salon.owner).merchants.createBlock({ staffId: staff, kind: 'break', date: DAY, startTime: '14:00', endTime: '15:00' });
    await join(bo, { fromTime: '14:00', toTime: '15:00' });
    await runJobs();
    expect((await myEntry(bo)).offer).toBeNull();
    const calendar = await rt.caller(salon.owner).merchants.getCalendar({ date: DAY });
    await rt.caller(salon.owner).merchants.deleteBlock({ occurrenceId: calendar.blocks[0]._id });
    await runJobs();
    expect((await myEntry(bo)).offer).toMatchObject({ status: 'open', bookingTime: '2:00 PM' });
  });
});

describe(`someone else's ids (${DB_KIND})`, () => {
  it('another customer cannot accept an offer or leave an entry, nor a salon read another salon’s waitlist', async () => {
    const { salon, filler, bookings, join } = await fullDay();
    const [ana, mallory] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['11:00 AM'] });
    await runJobs();
    const entry = await myEntry(ana);
    await expect(rt.caller(mallory).users.acceptWaitlistOffer({ offerId: entry.offer!._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(mallory).users.cancelWaitlistEntry({ entryId: entry._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(mallory).users.acceptWaitlistOffer({ offerId: 'not-an-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await myEntry(ana)).offer?.status).toBe('open');
    const rival = await createSalon(rt);
    await expect(rt.caller(rival.owner).merchants.getWaitlist({ merchantId: salon.id, date: DAY })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await rt.caller(rival.owner).merchants.getWaitlist({ date: DAY })).data.entries).toEqual([]);
    await expect(rt.caller(ana).merchants.getWaitlist({ date: DAY })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
