import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { appendWallet } from '../../src/server/services/wallet/ledger.js';
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

/*
 * Issue 41 item 4: packages, memberships and salon vouchers, sold at checkout and online, redeemed
 * at checkout and at booking, each holding a ledger that is never spent twice nor below zero.
 */
let rt: TestRuntime;
let base: string;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

interface Shop {
  salon: SalonFixture;
  staffId: string;
  facial: string;
  haircut: string;
  customer: Actor;
}

async function shop(): Promise<Shop> {
  const salon = await createSalon(rt);
  const staffId = await createStaff(rt, salon.id, { name: 'Meera' });
  const facial = await createService(rt, salon.id, { name: 'Facial', price: 1000, duration: 45, category: 'Skin' });
  const haircut = await createService(rt, salon.id, { name: 'Haircut', price: 500, duration: 30, category: 'Hair' });
  const customer = await createCustomer(rt);
  return { salon, staffId, facial, haircut, customer };
}

const owner = (s: Shop) => rt.caller(s.salon.owner).merchants;

let visits = 0;
/** A checked-in, started booking of the shop's customer (a haircut, ₹500), each earlier than the last (no overlap). */
const visit = (s: Shop, customer = s.customer) =>
  insertBookingRow(rt, {
    userId: customer.id,
    merchantId: s.salon.id,
    staffId: s.staffId,
    startsAt: new Date(Date.now() - 15 * 60_000 - ++visits * 31 * 60_000),
    status: 'confirmed',
  });

async function fivePackage(s: Shop, sessions = 5) {
  const { offer } = await owner(s).createSalonOffer({
    kind: 'package',
    name: `${sessions} facials`,
    price: 4000,
    validityDays: 180,
    sessions,
    serviceIds: [s.facial],
  });
  return offer;
}

/** Sells the package to the customer at the checkout of a visit; answers the holding's id. */
async function sellPackage(s: Shop, sessions = 5) {
  const offer = await fivePackage(s, sessions);
  const bookingId = await visit(s);
  const { receipt } = await owner(s).checkoutVisit({
    bookingId,
    sell: [{ offerId: offer._id }],
    payments: [{ method: 'upi', amount: 4500 }],
  });
  const sold = receipt.holdings.find((h) => h.use === 'sold')!;
  return { offer, receipt, holdingId: sold.holdingId };
}

const holding = (id: string) => rt.deps.db.selectFrom('holdings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledger = (id: string) => rt.deps.db.selectFrom('holding_ledger').selectAll().where('holding_id', '=', id).orderBy('id').execute();

describe(`salon offers (${DB_KIND})`, () => {
  it('validates each kind with a 400 naming the field, keeps names unique, and hides another salon’s offer', async () => {
    const s = await shop();
    await expect(
      owner(s).createSalonOffer({ kind: 'package', name: 'Empty', price: 100, validityDays: 30, serviceIds: [s.facial] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('sessions'),
    });
    await expect(owner(s).createSalonOffer({ kind: 'membership', name: 'Nothing', price: 100, validityDays: 30 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('discountPercent'),
    });
    await expect(owner(s).createSalonOffer({ kind: 'voucher', name: 'V', price: 0, validityDays: 30 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Price'),
    });
    const other = await shop();
    await expect(
      owner(s).createSalonOffer({ kind: 'package', name: 'Theirs', price: 100, validityDays: 30, sessions: 1, serviceIds: [other.facial] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^serviceIds: /) });
    const offer = await fivePackage(s);
    expect(offer).toMatchObject({ kind: 'package', sessions: 5, price: 4000, services: [{ _id: s.facial, name: 'Facial' }] });
    await expect(fivePackage(s)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^name: /) });
    await expect(owner(other).updateSalonOffer({ offerId: offer._id, active: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const stored = await rt.deps.db.selectFrom('salon_offers').selectAll().where('id', '=', offer._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ price_paise: 400_000, sessions: 5, active: true });
  });
});

describe(`selling and redeeming at checkout (${DB_KIND})`, () => {
  it('sells a package (GST as a service), then a session covers a facial line: balance 5 → 4 in the ledger', async () => {
    const s = await shop();
    const { receipt, holdingId } = await sellPackage(s);
    const pkgLine = receipt.lines.find((l) => l.kind === 'package')!;
    expect(pkgLine).toMatchObject({ name: '5 facials', code: '9997', total: 4000 });
    expect(receipt.total).toBe(4500);
    expect(await holding(holdingId)).toMatchObject({
      sessions_total: 5,
      sessions_left: 5,
      account_id: s.customer.id,
      sold_via: 'checkout',
    });

    const bookingId = await visit(s);
    const { receipt: second } = await owner(s).checkoutVisit({
      bookingId,
      services: [{ serviceId: s.facial, staffId: s.staffId }],
      redeem: [{ holdingId, serviceId: s.facial }],
      payments: [{ method: 'cash', amount: 500 }],
    });
    const covered = second.lines.find((l) => l.name.startsWith('Facial'))!;
    expect(covered).toMatchObject({ unitPrice: 0, total: 0 });
    expect(second.total).toBe(500);
    expect(second.holdings).toEqual([expect.objectContaining({ holdingId, use: 'redeemed', sessions: 1 })]);
    expect((await holding(holdingId)).sessions_left).toBe(4);
    const rows = await ledger(holdingId);
    expect(rows.map((r) => [r.kind, r.sessions_change, r.sessions_after, r.value_paise])).toEqual([
      ['issue', 5, 5, 0],
      ['redeem', -1, 4, 100_000],
    ]);
    const mine = await rt.caller(s.customer).users.getMyHoldings({});
    expect(mine.holdings[0]).toMatchObject({ _id: holdingId, sessionsLeft: 4, sessionsTotal: 5, state: 'active' });
  });

  it('a membership prices the services of its categories; a voucher sold without GST pays as a split part', async () => {
    const s = await shop();
    const { offer: member } = await owner(s).createSalonOffer({
      kind: 'membership',
      name: 'Gold',
      price: 2000,
      validityDays: 365,
      discountPercent: 20,
    });
    const { offer: voucher } = await owner(s).createSalonOffer({ kind: 'voucher', name: 'Gift ₹1000', price: 1000, validityDays: 365 });
    const { receipt } = await owner(s).checkoutVisit({
      bookingId: await visit(s),
      sell: [{ offerId: member._id }, { offerId: voucher._id }],
      payments: [{ method: 'card', amount: 3500 }],
    });
    const voucherLine = receipt.lines.find((l) => l.kind === 'voucher')!;
    expect(voucherLine).toMatchObject({ gstRate: 0, cgst: 0, sgst: 0 });
    const membershipId = receipt.holdings.find((h) => h.kind === 'membership')!.holdingId;
    const sold = receipt.holdings.find((h) => h.kind === 'voucher')!;
    expect(sold.code).toMatch(/^[A-Z0-9]{10}$/);
    const { holding: found } = await owner(s).findSalonVoucher({ code: sold.code!.toLowerCase() });
    expect(found).toMatchObject({ balance: 1000, value: 1000 });

    // Haircut ₹500 booked + a facial ₹1000: 20% off both = ₹1200; ₹700 from the voucher, ₹500 cash.
    const { receipt: paid } = await owner(s).checkoutVisit({
      bookingId: await visit(s),
      services: [{ serviceId: s.facial, staffId: s.staffId }],
      membershipId,
      payments: [
        { method: 'voucher', amount: 700, holdingId: found._id },
        { method: 'cash', amount: 500 },
      ],
    });
    expect(paid.total).toBe(1200);
    expect(paid.payments).toEqual([
      { method: 'voucher', amount: 700, reference: sold.code },
      { method: 'cash', amount: 500, reference: null },
    ]);
    expect((await holding(found._id)).balance_paise).toBe(30_000);
    // A voucher cannot pay more than it has left (409), and nothing of that checkout stays.
    const before = await rt.deps.db.selectFrom('checkouts').select('id').where('merchant_id', '=', s.salon.id).execute();
    await expect(
      owner(s).checkoutVisit({
        walkIn: { name: 'Bearer' },
        services: [{ serviceId: s.haircut, staffId: s.staffId }],
        payments: [{ method: 'voucher', amount: 500, holdingId: found._id }],
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^payments: .*₹300\.00 left/) });
    expect(await rt.deps.db.selectFrom('checkouts').select('id').where('merchant_id', '=', s.salon.id).execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses another salon’s holding (404), another customer’s (403), an expired one (400) and a walk-in package', async () => {
    const s = await shop();
    const { holdingId, offer } = await sellPackage(s);
    const other = await shop();
    const stranger = await createCustomer(rt);
    const facialFor = (who: Shop, customer = who.customer) =>
      visit(who, customer).then((bookingId) => ({
        bookingId,
        services: [{ serviceId: who.facial, staffId: who.staffId }],
        redeem: [{ holdingId, serviceId: who.facial }],
        payments: [{ method: 'cash' as const, amount: 500 }],
      }));
    await expect(owner(other).checkoutVisit(await facialFor(other))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(owner(s).checkoutVisit(await facialFor(s, stranger))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await rt.deps.db
      .updateTable('holdings')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', holdingId)
      .execute();
    await expect(owner(s).checkoutVisit(await facialFor(s))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^redeem: .*expired/),
    });
    expect((await holding(holdingId)).sessions_left).toBe(5);
    await expect(
      owner(s).checkoutVisit({ walkIn: { name: 'Walk-in' }, sell: [{ offerId: offer._id }], payments: [{ method: 'cash', amount: 4000 }] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^sell: /) });
  });
});

describe(`races on the last session (${DB_KIND})`, () => {
  it('two checkouts redeem the last session at once: one wins, the other is a 409, the ledger has one redemption', async () => {
    const s = await shop();
    const { holdingId } = await sellPackage(s, 1);
    const inputs = await Promise.all(
      [0, 1].map(async () => ({
        bookingId: await visit(s),
        services: [{ serviceId: s.facial, staffId: s.staffId }],
        redeem: [{ holdingId, serviceId: s.facial }],
        payments: [{ method: 'cash' as const, amount: 500 }],
      })),
    );
    const results = await Promise.allSettled(inputs.map((i) => owner(s).checkoutVisit(i)));
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^redeem: no session left/) });
    expect((await holding(holdingId)).sessions_left).toBe(0);
    expect((await ledger(holdingId)).filter((r) => r.kind === 'redeem')).toHaveLength(1);
  });

  it('a tRPC batch of 6 bookings on a 2-session package: 2 are made, 4 refused, never below zero', async () => {
    const s = await shop();
    const { holdingId } = await sellPackage(s, 2);
    const token = await rt.deps.tokens.sign({ sub: s.customer.id, role: 'customer', ver: 0 });
    const day = localDate(2);
    const times = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM'];
    const res = await fetch(`${base}/trpc/${Array(times.length).fill('users.createBooking').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(
        Object.fromEntries(
          times.map((t, i) => [String(i), { merchantId: s.salon.id, serviceIds: [s.facial], bookingDate: day, bookingTime: t, holdingId }]),
        ),
      ),
    });
    const answers = (await res.json()) as Array<{ result?: unknown; error?: { data?: { httpStatus?: number } } }>;
    expect(answers.filter((a) => a.result)).toHaveLength(2);
    expect(answers.filter((a) => a.error)).toHaveLength(4);
    for (const a of answers.filter((x) => x.error)) expect([400, 409]).toContain(a.error!.data!.httpStatus);
    expect((await holding(holdingId)).sessions_left).toBe(0);
    const redeemed = (await ledger(holdingId)).filter((r) => r.kind === 'redeem');
    expect(redeemed).toHaveLength(2);
    expect(redeemed.map((r) => r.sessions_after).sort()).toEqual([0, 1]);
  });
});

describe(`online (${DB_KIND})`, () => {
  it('a customer buys a voucher from the wallet; a booking with a package session costs nothing and its cancellation gives the session back once', async () => {
    const s = await shop();
    const { offer: voucher } = await owner(s).createSalonOffer({ kind: 'voucher', name: 'Gift ₹500', price: 500, validityDays: 90 });
    await expect(rt.caller(s.customer).users.buySalonOffer({ offerId: voucher._id, method: 'wallet' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^method: /),
    });
    await rt.deps.db
      .transaction()
      .execute((trx) => appendWallet(trx, { accountId: s.customer.id, amount: 800, kind: 'adjustment', description: 'test credit' }));
    const { holding: bought } = await rt.caller(s.customer).users.buySalonOffer({ offerId: voucher._id, method: 'wallet' });
    expect(bought).toMatchObject({ kind: 'voucher', balance: 500, state: 'active' });
    const wallet = await rt.deps.db
      .selectFrom('wallet_ledger')
      .select(['amount', 'kind'])
      .where('account_id', '=', s.customer.id)
      .orderBy('id')
      .execute();
    expect(wallet.map((w) => [Number(w.amount), w.kind])).toEqual([
      [800, 'adjustment'],
      [-500, 'salon_purchase'],
    ]);

    const { holdingId } = await sellPackage(s);
    const { data } = await rt.caller(s.customer).users.createBooking({
      merchantId: s.salon.id,
      serviceIds: [s.facial],
      bookingDate: localDate(3),
      bookingTime: '11:00 AM',
      holdingId,
    });
    expect(data.booking).toMatchObject({ totalPrice: 0 });
    expect((await holding(holdingId)).sessions_left).toBe(4);
    // Another customer cannot book with it.
    const stranger = await createCustomer(rt);
    await expect(
      rt.caller(stranger).users.createBooking({
        merchantId: s.salon.id,
        serviceIds: [s.facial],
        bookingDate: localDate(3),
        bookingTime: '2:00 PM',
        holdingId,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await rt.caller(s.customer).users.cancelBooking({ bookingId: data.booking._id, reason: 'Plans changed' });
    expect((await holding(holdingId)).sessions_left).toBe(5);
    const rows = await ledger(holdingId);
    expect(rows.map((r) => [r.kind, r.sessions_after])).toEqual([
      ['issue', 5],
      ['redeem', 4],
      ['restore', 5],
    ]);
  });
});

describe(`reports by payment method (${DB_KIND})`, () => {
  it('reads the checkouts’ split rows plus voucher and package redemptions, recomputed from the rows', async () => {
    const s = await shop();
    const { holdingId } = await sellPackage(s); // ₹4500 by UPI
    await owner(s).checkoutVisit({
      bookingId: await visit(s),
      services: [{ serviceId: s.facial, staffId: s.staffId }],
      redeem: [{ holdingId, serviceId: s.facial }],
      payments: [
        { method: 'cash', amount: 200 },
        { method: 'card', amount: 300 },
      ],
    });
    const today = localDate(0);
    const { data } = await owner(s).getReports({ from: today, to: today });
    const payments = await rt.deps.db
      .selectFrom('checkout_payments as p')
      .innerJoin('checkouts as c', 'c.id', 'p.checkout_id')
      .select(['p.method', 'p.amount', 'p.checkout_id'])
      .where('c.merchant_id', '=', s.salon.id)
      .execute();
    const redemptions = await rt.deps.db
      .selectFrom('holding_ledger')
      .selectAll()
      .where('holding_id', '=', holdingId)
      .where('kind', '=', 'redeem')
      .execute();
    const expected: Record<string, [number, number]> = {};
    for (const p of payments) {
      const e = (expected[p.method] ??= [0, 0]);
      e[0] = new Set(payments.filter((x) => x.method === p.method).map((x) => x.checkout_id)).size;
      e[1] = Math.round((e[1] + Number(p.amount)) * 100) / 100;
    }
    expected.package = [redemptions.length, redemptions.reduce((n, r) => n + r.value_paise, 0) / 100];
    expect(Object.fromEntries(data.byPaymentMethod.map((p) => [p.method, [p.bookings, p.sales]]))).toEqual(expected);
    expect(expected).toEqual({ upi: [1, 4500], cash: [1, 200], card: [1, 300], package: [1, 1000] });
  });
});
