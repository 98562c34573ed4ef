import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { SLOT_TAKEN } from '../../src/server/errors.js';
import { MAX_DESK_REQUESTS_PER_ADDRESS_DAY } from '../../src/server/services/bookings/desk.js';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/* The desk books slots for customers on the phone or at the counter (merchants/getSlots, merchants/createSlot). */

let rt: TestRuntime;
let salon: SalonFixture;
let rival: SalonFixture;
let trim: string;
let colour: string;
let asha: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Kesar Salon' });
  rival = await createSalon(rt, { name: 'Other Salon' });
  colour = await createService(rt, salon.id, { name: 'Hair Colour', duration: 90, price: 2000 });
  trim = await createService(rt, salon.id, { name: 'Beard Trim', duration: 15, price: 150 });
  asha = await createStaff(rt, salon.id, { name: 'Asha' });
});
afterAll(async () => {
  await rt.close();
});

const desk = (actor: Actor = salon.owner) => rt.caller(actor).merchants;
const mailTo = (email: string) =>
  rt.deps.db
    .selectFrom('outbox_messages')
    .select(['subject', 'body'])
    .where('recipient', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
const day = () => localDate(5);
const walkIn = (over: Record<string, unknown> = {}) => ({
  merchantId: salon.id,
  serviceIds: [trim],
  bookingDate: day(),
  bookingTime: '10:00 AM',
  name: 'Ravi Kumar Shah',
  mobile: '9123456780',
  email: `ravi.${Math.random().toString(36).slice(2, 8)}@example.in`,
  ...over,
});

describe('merchants/getSlots', () => {
  it('answers the day’s free times, for the shortest service when none is named', async () => {
    const shortest = await desk().getSlots({ merchantId: salon.id, date: day() });
    const explicit = await desk().getSlots({ merchantId: salon.id, date: day(), serviceIds: [trim], staffId: asha });
    expect(shortest.data.slots.map((s) => s.time)).toEqual(explicit.data.slots.map((s) => s.time));
    expect(shortest.data.totalDuration).toBe(15);
    const long = await desk().getSlots({ merchantId: salon.id, date: day(), serviceIds: [colour] });
    expect(long.data.slots.length).toBeLessThan(shortest.data.slots.length);
  });

  it('is the salon’s own: another salon’s id is 403, a customer is 403', async () => {
    await expect(desk().getSlots({ merchantId: rival.id, date: day() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const c = await createCustomer(rt);
    await expect(desk(c).getSlots({ merchantId: salon.id, date: day() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('merchants/createSlot', () => {
  it('books a contact: what the salon typed, no account, and a request to confirm instead of "Booking confirmed"', async () => {
    const input = walkIn();
    const r = await desk().createSlot(input);
    expect(r.data.booking).toMatchObject({
      merchantId: salon.id,
      bookingDate: day(),
      bookingTime: '10:00 AM',
      status: 'upcoming',
      totalPrice: 150,
      userId: null,
      deskConfirmation: 'pending',
      userDetails: { firstName: 'Ravi', lastName: 'Kumar Shah', email: input.email, phone: '9123456780' },
      qrCodeImage: null,
    });
    expect(await rt.deps.db.selectFrom('accounts').select('id').where('email', '=', input.email).execute()).toHaveLength(0);
    const mail = await mailTo(input.email);
    expect(mail.subject).toBe('Please confirm: an appointment at Kesar Salon');
    expect(mail.body).toMatch(/\/desk-booking\/[\w-]{43}\b/);
    // The salon's desk lists it with what it typed.
    const listed = await desk().merchantGetAllBookings({ merchantId: salon.id });
    expect(JSON.stringify(listed)).toContain(r.data.booking._id);
    // The time is now held: the same slot for the same professional is 409 for anyone.
    await expect(desk().createSlot(walkIn({ staffId: r.data.booking.professional._id }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: SLOT_TAKEN,
    });
  });

  it("an existing customer's e-mail: the salon sees only what it typed, and the customer is not notified or linked", async () => {
    const c = await createCustomer(rt, { firstName: 'Meera' });
    await rt.deps.db
      .updateTable('accounts')
      .set({ last_name: 'Iyer', phone: '9811111111', phone_verified_at: new Date() })
      .where('id', '=', c.id)
      .execute();
    const r = await desk().createSlot(
      walkIn({ email: c.email.toUpperCase(), name: 'Someone Else', mobile: '9000000001', bookingTime: '11:00 AM' }),
    );
    expect(r.data.booking.userId).toBeNull();
    expect(r.data.booking.userDetails).toEqual({
      firstName: 'Someone',
      lastName: 'Else',
      email: c.email,
      phone: '9000000001',
      profileImage: null,
    });
    expect(JSON.stringify(r)).not.toContain('Iyer');
    expect(JSON.stringify(r)).not.toContain('9811111111');
    const listed = JSON.stringify(await desk().merchantGetAllBookings({ merchantId: salon.id }));
    expect(listed).not.toContain('Iyer');
    expect(listed).not.toContain('9811111111');
    expect(await rt.deps.db.selectFrom('notifications').select('title').where('account_id', '=', c.id).execute()).toHaveLength(0);
    expect((await rt.caller(c).users.getAllBookings({})).data.bookings).toHaveLength(0);
  });

  it('answers every kind of address alike: customer, salon owner, admin and unknown e-mails get the same shape', async () => {
    const admin = await makeAccount(rt, 'admin');
    const customer = await createCustomer(rt);
    const shapes = [];
    let hour = 12;
    for (const email of [customer.email, rival.owner.email, admin.email, `nobody.${Date.now()}@example.in`]) {
      const r = await desk().createSlot(walkIn({ email, bookingTime: `${hour++ > 12 ? hour - 13 : 12}:00 PM` }));
      shapes.push({
        ...r.data.booking,
        _id: 'x',
        bookingTime: 'x',
        startsAt: 'x',
        endsAt: 'x',
        createdAt: 'x',
        userDetails: { ...r.data.booking.userDetails, email: 'x' },
        professional: 'x',
        staffId: 'x',
      });
    }
    expect(new Set(shapes.map((x) => JSON.stringify(x))).size).toBe(1);
  });

  it('refuses a past time, another salon, a customer caller and a bad mobile', async () => {
    await expect(desk().createSlot(walkIn({ bookingDate: localDate(-1) }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingDate: /),
    });
    await expect(desk().createSlot(walkIn({ merchantId: rival.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const c = await createCustomer(rt);
    await expect(desk(c).createSlot(walkIn())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(desk().createSlot(walkIn({ mobile: '12345' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^mobile: /),
    });
  });

  it(`sends at most ${MAX_DESK_REQUESTS_PER_ADDRESS_DAY} confirmation e-mails a day to one address; the bookings still stand`, async () => {
    const email = `spam.${Date.now()}@example.in`;
    for (let i = 0; i < MAX_DESK_REQUESTS_PER_ADDRESS_DAY + 2; i++)
      await desk().createSlot(walkIn({ email, bookingDate: localDate(7 + i) }));
    const mails = await rt.deps.db.selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute();
    expect(mails).toHaveLength(MAX_DESK_REQUESTS_PER_ADDRESS_DAY);
    expect(await rt.deps.db.selectFrom('bookings').select('id').where('contact_email', '=', email).execute()).toHaveLength(
      MAX_DESK_REQUESTS_PER_ADDRESS_DAY + 2,
    );
  });
});

describe('the person answers a desk booking', () => {
  let slotDay = 20;
  async function deskBooked(email: string) {
    const r = await desk().createSlot(walkIn({ email, bookingDate: localDate(slotDay++) }));
    const token = /\/desk-booking\/([\w-]{43})/.exec((await mailTo(email)).body)![1];
    return { booking: r.data.booking, token };
  }
  const bookingOf = (id: string) => rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('the link shows the booking; declining needs no account, cancels it and tells the salon', async () => {
    const email = `decline.${Date.now()}@example.in`;
    const { booking, token } = await deskBooked(email);
    const shown = await rt.caller(null).users.getDeskInvite({ token });
    expect(shown.invite).toMatchObject({
      bookingId: booking._id,
      salonName: 'Kesar Salon',
      services: ['Beard Trim'],
      name: 'Ravi Kumar Shah',
      email,
      confirmation: 'pending',
      status: 'upcoming',
    });
    const r = await rt.caller(null).users.answerDeskInvite({ token, answer: 'decline' });
    expect(r.invite).toMatchObject({ confirmation: 'declined', status: 'cancelled' });
    expect(await bookingOf(booking._id)).toMatchObject({ status: 'cancelled', cancelled_by: 'customer', user_id: null });
    const told = await rt.deps.db
      .selectFrom('notifications')
      .select('message')
      .where('account_id', '=', salon.id)
      .where('title', '=', 'Desk booking declined')
      .execute();
    expect(told.at(-1)?.message).toContain('Ravi Kumar Shah declined');
    const seen = (await desk().merchantGetAllBookings({ merchantId: salon.id })).bookings.find((b) => b._id === booking._id);
    expect(seen).toMatchObject({ deskConfirmation: 'declined', status: 'cancelled' });
    await expect(rt.caller(null).users.answerDeskInvite({ token, answer: 'accept' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(rt.caller(null).users.getDeskInvite({ token: 'x'.repeat(43) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("confirming needs the address's own customer account; it links the booking, proves the e-mail and notifies both", async () => {
    const c = await createCustomer(rt);
    const other = await createCustomer(rt);
    const { booking, token } = await deskBooked(c.email);
    await expect(rt.caller(null).users.answerDeskInvite({ token, answer: 'accept' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining(c.email),
    });
    await expect(rt.caller(other).users.answerDeskInvite({ token, answer: 'accept' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(salon.owner).users.answerDeskInvite({ token, answer: 'accept' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const r = await rt.caller(c).users.answerDeskInvite({ token, answer: 'accept' });
    expect(r.invite.confirmation).toBe('accepted');
    expect(await bookingOf(booking._id)).toMatchObject({ user_id: c.id, confirmation: 'accepted', status: 'upcoming' });
    expect(
      (await rt.deps.db.selectFrom('accounts').select('email_verified_at').where('id', '=', c.id).executeTakeFirstOrThrow())
        .email_verified_at,
    ).not.toBeNull();
    expect((await rt.caller(c).users.getAllBookings({})).data.bookings.map((b) => b._id)).toContain(booking._id);
    const notes = await rt.deps.db
      .selectFrom('notifications')
      .select(['account_id', 'title'])
      .where('title', 'in', ['Booking confirmed', 'Desk booking confirmed'])
      .where('account_id', 'in', [c.id, salon.id])
      .execute();
    expect(notes.map((n) => n.title).sort()).toEqual(['Booking confirmed', 'Desk booking confirmed']);
    const seen = (await desk().merchantGetAllBookings({ merchantId: salon.id })).bookings.find((b) => b._id === booking._id);
    expect(seen).toMatchObject({ deskConfirmation: 'accepted', userDetails: { firstName: 'Ravi', lastName: 'Kumar Shah' } });
    await expect(rt.caller(c).users.answerDeskInvite({ token, answer: 'decline' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('in the app: only an account whose address is verified sees and answers its pending desk bookings', async () => {
    const c = await createCustomer(rt);
    const { booking } = await deskBooked(c.email);
    expect((await rt.caller(c).users.pendingDeskInvites()).invites).toEqual([]);
    await expect(rt.caller(c).users.answerDeskInvite({ bookingId: booking._id, answer: 'accept' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await rt.deps.db.updateTable('accounts').set({ email_verified_at: new Date() }).where('id', '=', c.id).execute();
    const pending = (await rt.caller(c).users.pendingDeskInvites()).invites;
    expect(pending.map((i) => i.bookingId)).toEqual([booking._id]);
    const stranger = await createCustomer(rt);
    await expect(rt.caller(stranger).users.answerDeskInvite({ bookingId: booking._id, answer: 'decline' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await rt.caller(c).users.answerDeskInvite({ bookingId: booking._id, answer: 'accept' });
    expect((await rt.caller(c).users.pendingDeskInvites()).invites).toEqual([]);
    expect((await bookingOf(booking._id)).user_id).toBe(c.id);
  });
});
