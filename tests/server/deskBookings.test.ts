import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN } from '../../src/server/errors.js';
import type { Actor } from '../../src/server/trpc/context.js';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

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
  it('books a new customer, who gets an account without a password and the usual notification', async () => {
    const input = walkIn();
    const r = await desk().createSlot(input);
    expect(r.data.booking).toMatchObject({ merchantId: salon.id, bookingDate: day(), bookingTime: '10:00 AM', status: 'upcoming', totalPrice: 150 });
    const account = await rt.deps.db.selectFrom('accounts').selectAll().where('email', '=', input.email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ id: r.data.booking.userId, role: 'customer', first_name: 'Ravi', last_name: 'Kumar Shah', phone: null, password_hash: null });
    const notes = await rt.deps.db.selectFrom('notifications').select('title').where('account_id', '=', account.id).execute();
    expect(notes.map((n) => n.title)).toContain('Booking confirmed');
    // The time is now held: the same slot for the same professional is 409 for anyone.
    await expect(desk().createSlot(walkIn({ staffId: r.data.booking.professional._id }))).rejects.toMatchObject({ code: 'CONFLICT', message: SLOT_TAKEN });
  });

  it('books an existing customer by e-mail without touching their profile', async () => {
    const c = await createCustomer(rt, { firstName: 'Meera' });
    const r = await desk().createSlot(walkIn({ email: c.email.toUpperCase(), name: 'Someone Else', bookingTime: '11:00 AM' }));
    expect(r.data.booking.userId).toBe(c.id);
    const account = await rt.deps.db.selectFrom('accounts').select(['first_name']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(account.first_name).toBe('Meera');
  });

  it('refuses a salon’s e-mail, a past time, another salon and a customer caller', async () => {
    await expect(desk().createSlot(walkIn({ email: rival.owner.email }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^email: /) });
    await expect(desk().createSlot(walkIn({ bookingDate: localDate(-1) }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^bookingDate: /) });
    await expect(desk().createSlot(walkIn({ merchantId: rival.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const c = await createCustomer(rt);
    await expect(desk(c).createSlot(walkIn())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(desk().createSlot(walkIn({ mobile: '12345' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^mobile: /) });
  });
});
