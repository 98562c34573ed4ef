import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../src/server/adapters/payments/index.js';
import { createCustomer } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Gift cards are wallet money: with a live gateway only a verified payment for the order's own amount issues one. */

let rt: TestRuntime;
const SECRET = 'rzp_secret_gift';
const orders: Array<{ amount: number; receipt: string }> = [];
beforeAll(async () => {
  rt = await createTestRuntime();
  const fakeFetch = (async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/v1/orders') && init?.method === 'POST') {
      orders.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ id: `order_G${orders.length}` }), { status: 200 });
    }
    return new Response(JSON.stringify({ items: [] }), { status: 200 });
  }) as typeof fetch;
  rt.deps.adapters.payments = createRazorpayGateway('rzp_live_glowbook', SECRET, fakeFetch);
});
afterAll(async () => {
  await rt.close();
});

const sign = (orderId: string, paymentId: string) => createHmac('sha256', SECRET).update(`${orderId}|${paymentId}`).digest('hex');

describe('gift cards with a live gateway', () => {
  it('refuses the offline test card, so it cannot mint wallet money', async () => {
    const c = await createCustomer(rt);
    await expect(
      rt.caller(c).users.purchaseGiftCard({ amount: 5000, paymentMethod: 'test_card', cardNumber: '4111111111111111' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^paymentMethod: this server takes real payments/),
    });
    expect(await rt.deps.db.selectFrom('gift_cards').select('id').where('purchaser_id', '=', c.id).execute()).toHaveLength(0);
    expect((await rt.caller(c).users.giftCardPaymentOptions({})).data).toEqual({
      gateway: 'razorpay',
      testMode: false,
      checkoutKey: 'rzp_live_glowbook',
    });
  });

  it('issues the card of the order that was paid, once, only with a valid signature of the buyer’s own order', async () => {
    const buyer = await createCustomer(rt);
    const thief = await createCustomer(rt);
    const order = (await rt.caller(buyer).users.createGiftCardOrder({ amount: 1000, recipientName: 'Anu' })).data;
    // Rupees on the wire, as every amount; the gateway's order is in paise.
    expect(order).toMatchObject({ amount: 1000, currency: 'INR', keyId: 'rzp_live_glowbook' });
    expect(orders.at(-1)).toMatchObject({ amount: 100000, currency: 'INR' });

    const proof = { razorpay_order_id: order.orderId, razorpay_payment_id: 'pay_G1', razorpay_signature: sign(order.orderId, 'pay_G1') };
    // A forged signature, and someone else's proof, buy nothing.
    await expect(
      rt.caller(buyer).users.purchaseGiftCard({
        amount: 1000,
        paymentMethod: 'razorpay',
        ...proof,
        razorpay_signature: sign(order.orderId, 'pay_OTHER'),
      }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/^razorpay_signature: /),
    });
    await expect(rt.caller(thief).users.purchaseGiftCard({ amount: 1000, paymentMethod: 'razorpay', ...proof })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    // The amount is the order's, whatever the request says; two requests with one proof issue one card.
    const [a, b] = await Promise.all([
      rt.caller(buyer).users.purchaseGiftCard({ amount: 10000, paymentMethod: 'razorpay', ...proof }),
      rt.caller(buyer).users.purchaseGiftCard({ amount: 10000, paymentMethod: 'razorpay', ...proof }),
    ]);
    expect(a.data.giftCard._id).toBe(b.data.giftCard._id);
    expect(a.data.giftCard).toMatchObject({ amount: 1000, paymentMethod: 'razorpay', recipientName: 'Anu' });
    const cards = await rt.deps.db
      .selectFrom('gift_cards')
      .select(['amount', 'payment_reference'])
      .where('purchaser_id', '=', buyer.id)
      .execute();
    expect(cards).toEqual([{ amount: expect.anything(), payment_reference: 'pay_G1' }]);
    expect(Number(cards[0].amount)).toBe(1000);
  });
});
