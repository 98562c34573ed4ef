import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { appendWallet } from '../../src/server/services/wallet/ledger.js';
import { createCustomer, createSalon, createService, createStaff, insertBookingRow } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * A package, membership or voucher bought online gets a GB-R- receipt number (one series with the
 * booking payments' receipts) and a PDF for its buyer only: another customer, the salon and a
 * guess get 404, no token 401. A sale at the salon's counter has no such receipt (its bill is the
 * checkout's).
 */
let rt: TestRuntime;
let base: string;
beforeAll(async () => {
  rt = await createTestRuntime({});
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

const token = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });
const get = async (holdingId: string, who: Actor | null) =>
  fetch(`${base}/api/holdings/${holdingId}/receipt.pdf`, { headers: who ? { authorization: `Bearer ${await token(who)}` } : {} });

describe(`receipts of salon offers bought online (${DB_KIND})`, () => {
  it('numbers an online sale GB-R-, serves its PDF to its buyer only (other customer and salon 404, guest 401)', async () => {
    const salon = await createSalon(rt, { name: 'Receipt Studio' });
    const facial = await createService(rt, salon.id, { name: 'Facial', price: 1000, duration: 45 });
    const m = rt.caller(salon.owner).merchants;
    const { offer: pkg } = await m.createSalonOffer({
      kind: 'package',
      name: '3 facials',
      price: 2700,
      validityDays: 90,
      sessions: 3,
      serviceIds: [facial],
    });
    const { offer: gift } = await m.createSalonOffer({ kind: 'voucher', name: 'Gift 500', price: 500, validityDays: 90 });
    const [buyer, other] = [await createCustomer(rt, { firstName: 'Riya' }), await createCustomer(rt)];
    await rt.deps.db
      .transaction()
      .execute((trx) => appendWallet(trx, { accountId: buyer.id, amount: 600, kind: 'adjustment', description: 'test credit' }));
    const bought = (await rt.caller(buyer).users.buySalonOffer({ offerId: pkg._id, method: 'test_card', cardNumber: '4111111111111111' }))
      .holding;
    const fromWallet = (await rt.caller(buyer).users.buySalonOffer({ offerId: gift._id, method: 'wallet' })).holding;
    expect(bought.receiptNumber).toMatch(/^GB-R-\d{6}$/);
    expect(fromWallet.receiptNumber).toMatch(/^GB-R-\d{6}$/);
    expect(fromWallet.receiptNumber).not.toBe(bought.receiptNumber);
    // The Wallet lists it with its number.
    const mine = (await rt.caller(buyer).users.getMyHoldings({})).holdings.find((h) => h._id === bought._id)!;
    expect(mine.receiptNumber).toBe(bought.receiptNumber);

    const res = await get(bought._id, buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${bought.receiptNumber}.pdf`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(fromWallet._id, buyer)).status).toBe(200);

    // Another customer, the salon and a made-up id: 404 (as if it did not exist); no token: 401.
    const otherRes = await get(bought._id, other);
    expect(otherRes.status).toBe(404);
    expect(await otherRes.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(bought._id, salon.owner)).status).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', buyer)).status).toBe(404);
    expect((await get('not-a-uuid', buyer)).status).toBe(404);
    expect((await get(bought._id, null)).status).toBe(401);
  });

  it('a sale at the counter has no GB-R- receipt (its bill is the checkout’s)', async () => {
    const salon = await createSalon(rt);
    const staffId = await createStaff(rt, salon.id);
    const facial = await createService(rt, salon.id, { name: 'Facial', price: 1000, duration: 45 });
    const customer = await createCustomer(rt);
    const m = rt.caller(salon.owner).merchants;
    const { offer } = await m.createSalonOffer({
      kind: 'package',
      name: '2 facials',
      price: 1800,
      validityDays: 90,
      sessions: 2,
      serviceIds: [facial],
    });
    const bookingId = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId,
      startsAt: new Date(Date.now() - 20 * 60_000),
      status: 'confirmed',
    });
    const { receipt } = await m.checkoutVisit({ bookingId, sell: [{ offerId: offer._id }], payments: [{ method: 'upi', amount: 2300 }] });
    const holdingId = receipt.holdings.find((h) => h.use === 'sold')!.holdingId;
    const [h] = (await rt.caller(customer).users.getMyHoldings({})).holdings;
    expect(h).toMatchObject({ _id: holdingId, receiptNumber: null });
    expect((await get(holdingId, customer)).status).toBe(404);
  });
});
