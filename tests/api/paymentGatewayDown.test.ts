import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../src/server/adapters/payments/index.js';
import type { Actor } from '../../src/server/deps.js';
import { createSalon } from '../helpers/fixtures.js';
import { freePort } from '../helpers/pgCluster.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * A payment gateway that cannot be reached answers 503 with a message naming it, never 500
 * ("fetch failed"). The gateway's calls are sent to a local port nothing listens on: a real
 * connection refusal, as when the route to Razorpay is down.
 */

let rt: TestRuntime;
let base: string;
let refusedPort: number;
const SECRET = 'rzp_secret_down';
/** Each gateway call goes to a port that refuses it, keeping its path. */
const refusingFetch = ((url: string | URL, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${refusedPort}${new URL(String(url)).pathname}`, init)) as typeof fetch;

beforeAll(async () => {
  refusedPort = await freePort();
  rt = await createTestRuntime();
  base = await rt.listen();
  rt.deps.adapters.payments = createRazorpayGateway('rzp_live_down', SECRET, refusingFetch);
});
afterAll(async () => {
  await rt?.close();
});

const post = async (actor: Actor, path: string, body: unknown) => {
  const token = await rt.deps.tokens.sign({ sub: actor.id, role: actor.role, ver: 0 });
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message: string; code: string }, retryAfter: res.headers.get('retry-after') };
};

describe('an unreachable payment gateway', () => {
  it('createGiftCardOrder answers 503 naming Razorpay, not 500 "fetch failed"', async () => {
    const customer = await makeAccount(rt, 'customer');
    const r = await post(customer, '/users/createGiftCardOrder', { amount: 1000 });
    expect(r.status, JSON.stringify(r.body)).toBe(503);
    expect(r.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(r.body.message).toMatch(
      /^The payment gateway \(Razorpay\) could not be reached while creating the order \(network error ECONNREFUSED\)/,
    );
    expect(r.retryAfter, 'a 503 says when to try again').not.toBeNull();
  });

  it('createPlanOrder answers 503 naming Razorpay', async () => {
    const s = await createSalon(rt, { name: 'Gateway Down Salon', plan: null });
    const r = await post(s.owner, '/merchants/createPlanOrder', { plan: 'basic', attemptId: randomUUID() });
    expect(r.status, JSON.stringify(r.body)).toBe(503);
    expect(r.body.message).toMatch(/Razorpay/);
  });

  it('every gateway call (order, lookup, refund) fails as SERVICE_UNAVAILABLE naming the gateway', async () => {
    const g = rt.deps.adapters.payments;
    const unavailable = {
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/^The payment gateway \(Razorpay\) could not be reached/),
    };
    await expect(g.createOrder!(100, randomUUID())).rejects.toMatchObject(unavailable);
    await expect(g.lookup({ receipt: randomUUID(), orderId: 'order_X' })).rejects.toMatchObject(unavailable);
    await expect(g.refund!({ paymentReference: 'pay_X', amount: 100, receipt: randomUUID() })).rejects.toMatchObject(unavailable);
  });

  it('a timeout, a 5xx answer and a body that is not JSON are 503 too; a 4xx refund refusal stays a refusal', async () => {
    const timeout = createRazorpayGateway('rzp_live_t', SECRET, (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch);
    await expect(timeout.createOrder!(100, 'r1')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/no answer within 15 s/),
    });

    const failing = createRazorpayGateway(
      'rzp_live_f',
      SECRET,
      (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch,
    );
    await expect(failing.createOrder!(100, 'r2')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/HTTP 502/),
    });

    const garbled = createRazorpayGateway(
      'rzp_live_g',
      SECRET,
      (async () => new Response('<html>ok</html>', { status: 200 })) as typeof fetch,
    );
    await expect(garbled.createOrder!(100, 'r3')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/not JSON/),
    });

    const refusing = createRazorpayGateway('rzp_live_r', SECRET, (async (url: string) =>
      String(url).endsWith('/refunds')
        ? new Response(JSON.stringify({ items: [] }), { status: 200 })
        : new Response(JSON.stringify({ error: { description: 'The amount is more than the payment' } }), {
            status: 400,
          })) as typeof fetch);
    expect(await refusing.refund!({ paymentReference: 'pay_Y', amount: 100, receipt: 'r4' })).toEqual({
      ok: false,
      error: 'The amount is more than the payment',
    });
  });
});
