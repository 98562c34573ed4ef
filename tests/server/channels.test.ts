import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { updateBookingStatus } from '../../src/server/services/bookings/merchant.js';
import { signChannelToken } from '../../src/server/services/channels/links.js';
import {
  createCustomer,
  createSalon,
  createService,
  createStaff,
  localDate,
  type SalonFixture,
  startBookingNow,
} from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * The salon's own link (issue 40.1, docs/channels.md): slugs are unique for good and old ones
 * redirect; a booking is direct only with a token the server signed for that very salon; direct
 * bookings carry no commission, and the statement says so.
 */

let rt: TestRuntime;
let a: SalonFixture;
let b: SalonFixture;
let haircutA: string;
let customer: Actor;
let admin: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  a = await createSalon(rt, { name: 'Glow & Co. Studio' });
  b = await createSalon(rt, { name: 'Other Place' });
  haircutA = await createService(rt, a.id, { name: 'Haircut', duration: 30, price: 500 });
  await createService(rt, b.id, { name: 'Haircut', duration: 30, price: 400 });
  await createStaff(rt, a.id, { name: 'Asha' });
  await createStaff(rt, b.id, { name: 'Bala' });
  customer = await createCustomer(rt);
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt.close();
});

const owner = (s: SalonFixture) => rt.caller(s.owner).merchants;

describe('link slugs', () => {
  it('gives a salon a slug from its name on first use, and the snippet and poster links that go with it', async () => {
    const { data } = await owner(a).getOnlineBooking({});
    expect(data.slug).toBe('glow-co-studio');
    expect(data.url).toMatch(/\/s\/glow-co-studio$/);
    expect(data.widgetSnippet).toContain('data-salon="glow-co-studio"');
    expect(data.widgetSnippet).toMatch(/<script src="[^"]+\/widget\.js"/);
    expect(data.posterPdfUrl).toMatch(/\/s\/glow-co-studio\/poster\.pdf$/);
    expect(data.feedOptOut).toBe(false);
  });

  it('refuses malformed slugs with a 400 naming the field', async () => {
    for (const slug of ['ab', 'has space', '-dash', 'dash-', 'double--dash', 'ünïcode', 'x'.repeat(61), 'semi;colon']) {
      await expect(owner(a).updateOnlineBooking({ slug }), slug).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^slug: /),
      });
    }
    await expect(owner(a).updateOnlineBooking({})).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('normalises case and spaces around it', async () => {
    const { data } = await owner(a).updateOnlineBooking({ slug: '  Glow-Pune ' });
    expect(data.slug).toBe('glow-pune');
    expect(data.previousSlugs).toEqual(['glow-co-studio']);
  });

  it("keeps a slug its salon's for good: another salon can take neither the current nor an old one", async () => {
    await owner(b).getOnlineBooking({});
    for (const slug of ['glow-pune', 'glow-co-studio']) {
      await expect(owner(b).updateOnlineBooking({ slug })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/^slug: /),
      });
    }
    // Its own old slug it may take back.
    expect((await owner(a).updateOnlineBooking({ slug: 'glow-co-studio' })).data.slug).toBe('glow-co-studio');
    expect((await owner(a).updateOnlineBooking({ slug: 'glow-pune' })).data.slug).toBe('glow-pune');
  });

  it('lets two salons racing for one slug end with exactly one of them holding it', async () => {
    const results = await Promise.allSettled([
      owner(a).updateOnlineBooking({ slug: 'the-contested-one' }),
      owner(b).updateOnlineBooking({ slug: 'the-contested-one' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('resolves an old slug to the salon and its current slug (the page redirects there)', async () => {
    const current = (await owner(a).getOnlineBooking({})).data.slug;
    const link = await rt.caller(null).merchants.salonLink({ slug: 'glow-co-studio' });
    expect(link.data).toMatchObject({ merchantId: a.id, slug: current });
    await expect(rt.caller(null).merchants.salonLink({ slug: 'nobody-has-this' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("is the caller's own salon's; an admin names the salon", async () => {
    await expect(owner(b).updateOnlineBooking({ merchantId: a.id, feedOptOut: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(customer).merchants.getOnlineBooking({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { data } = await rt.caller(admin).merchants.updateOnlineBooking({ merchantId: b.id, feedOptOut: true });
    expect(data.feedOptOut).toBe(true);
    await rt.caller(admin).merchants.updateOnlineBooking({ merchantId: b.id, feedOptOut: false });
  });

  it('hides an unpublished salon behind its link from everyone but its owner', async () => {
    const hidden = await createSalon(rt, { name: 'Secret Salon', published: false });
    const { slug } = (await owner(hidden).getOnlineBooking({})).data;
    await expect(rt.caller(customer).merchants.salonLink({ slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner(hidden).salonLink({ slug })).data.merchantId).toBe(hidden.id);
  });
});

const day = () => localDate(2);
let minute = 0;
/** A booking at salon `s` at the next free 30-minute time (each test books its own). */
function bookAt(s: SalonFixture, serviceId: string, extra: Record<string, unknown> = {}) {
  const m = 9 * 60 + minute;
  minute += 30;
  const time = `${String(((Math.floor(m / 60) + 11) % 12) + 1)}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'AM' : 'PM'}`;
  return rt
    .caller(customer)
    .users.createBooking({ merchantId: s.id, serviceIds: [serviceId], bookingDate: day(), bookingTime: time, ...extra });
}
const channelOf = async (id: string) =>
  (await rt.deps.db.selectFrom('bookings').select('channel').where('id', '=', id).executeTakeFirstOrThrow()).channel;

describe('marking a booking direct', () => {
  it('marks a booking made with the salon link token direct, and one without it marketplace', async () => {
    const { channelToken } = (await rt.caller(null).merchants.salonLink({ slug: (await owner(a).getOnlineBooking({})).data.slug })).data;
    const direct = (await bookAt(a, haircutA, { channelToken })).data.booking;
    const market = (await bookAt(a, haircutA)).data.booking;
    expect(await channelOf(direct._id)).toBe('direct');
    expect(await channelOf(market._id)).toBe('marketplace');
  });

  it("refuses another salon's token: a customer cannot make a marketplace booking direct", async () => {
    const tokenOfB = (await rt.caller(null).merchants.salonLink({ slug: (await owner(b).getOnlineBooking({})).data.slug })).data
      .channelToken;
    await expect(bookAt(a, haircutA, { channelToken: tokenOfB })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^channelToken: /),
    });
    const count = await rt.deps.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', a.id)
      .where('channel', '=', 'direct')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses forged, tampered and expired tokens with a 400 naming the field', async () => {
    const good = signChannelToken(rt.deps, a.id);
    const [subject, mac] = [good.slice(0, good.lastIndexOf('.')), good.slice(good.lastIndexOf('.') + 1)];
    const later = subject.replace(/~\d+$/, `~${Math.floor(Date.now() / 1000) + 10 ** 8}`);
    const expired = signChannelToken(rt.deps, a.id, new Date(Date.now() - 2 * 24 * 3600 * 1000));
    for (const channelToken of [`${a.id}~9999999999.forged`, `${later}.${mac}`, 'not-a-token', expired]) {
      await expect(bookAt(a, haircutA, { channelToken }), channelToken).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^channelToken: /),
      });
    }
  });

  it('is one of the two known channels (a CHECK constraint)', async () => {
    await expect(sql`update bookings set channel = 'elsewhere' where merchant_id = ${a.id}`.execute(rt.deps.db)).rejects.toThrow(
      /bookings_channel_known/,
    );
  });
});

describe('commission on direct bookings', () => {
  it('is 0 % on a completed direct booking and 10 % on a marketplace one, as the statement shows', async () => {
    const fresh = await createSalon(rt, { name: 'Statement Salon' });
    const cut = await createService(rt, fresh.id, { name: 'Cut', duration: 30, price: 1000 });
    await createStaff(rt, fresh.id, { name: 'Chitra' });
    const { slug } = (await owner(fresh).getOnlineBooking({})).data;
    const { channelToken } = (await rt.caller(customer).merchants.salonLink({ slug })).data;
    const direct = (await bookAt(fresh, cut, { channelToken })).data.booking;
    const market = (await bookAt(fresh, cut)).data.booking;
    for (const [id, minutesAgo] of [
      [direct._id, 40],
      [market._id, 100],
    ] as const) {
      await startBookingNow(rt, id, minutesAgo);
      await updateBookingStatus(rt.deps, fresh.owner, { bookingId: id, status: 'confirmed', merchantId: fresh.id });
      await updateBookingStatus(rt.deps, fresh.owner, { bookingId: id, status: 'completed', merchantId: fresh.id, paymentReceived: true });
    }
    const detail = await owner(fresh).getCommission({});
    expect(detail.data.rate).toBe(0.1);
    expect(detail.data.directRate).toBe(0);
    expect(detail.data.totals).toMatchObject({
      completedBookings: 2,
      directBookings: 1,
      gross: 2000,
      commission: 100,
      net: 1900,
      outstanding: 100,
    });
    const ledger = await rt.deps.db
      .selectFrom('commission_ledger')
      .select(['booking_id', 'commission', 'merchant_earning'])
      .where('merchant_id', '=', fresh.id)
      .execute();
    const of = (id: string) => ledger.find((l) => l.booking_id === id)!;
    expect(Number(of(direct._id).commission)).toBe(0);
    expect(Number(of(direct._id).merchant_earning)).toBe(1000);
    expect(Number(of(market._id).commission)).toBe(100);
  });
});
