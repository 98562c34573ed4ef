import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpaySignatureValid } from '../../src/server/adapters/payments/index.js';
import { createHmac } from 'node:crypto';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Billing Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  // Pune, Maharashtra (fixtures) against the platform's Karnataka: IGST.
});
afterAll(async () => {
  await rt.close();
});

describe('subscription and invoices', () => {
  it('starts without a plan; a declined test card changes nothing but is recorded', async () => {
    const s = await rt.caller(salon.owner).merchants.getSubscription({});
    expect(s.data).toMatchObject({ plan: null, invoices: [], gateway: { name: 'test', testMode: true } });
    await expect(rt.caller(salon.owner).merchants.changePlan({ plan: 'basic', cardNumber: '4000 0000 0000 0002' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'cardNumber: Your card was declined (test mode).',
    });
    expect((await rt.caller(salon.owner).merchants.getSubscription({})).data.plan).toBeNull();
    const attempts = await rt.deps.db.selectFrom('payment_attempts').selectAll().where('merchant_id', '=', salon.id).execute();
    expect(attempts.map((a) => a.status)).toEqual(['failed']);
  });

  it('a paid plan change activates the plan and issues a numbered GST invoice, e-mailed to the owner', async () => {
    const r = await rt.caller(salon.owner).merchants.changePlan({ plan: 'professional', cardNumber: '4111 1111 1111 1111' });
    expect(r.message).toBe('Plan updated successfully!');
    expect(r.data.invoice).toMatchObject({ baseAmount: 3999, igst: 719.82, cgst: 0, sgst: 0, amount: 4718.82, status: 'paid' });
    expect(r.data.invoice.number).toMatch(/^GB\/\d{4}-\d{2}\/000001$/);
    const s = await rt.caller(salon.owner).merchants.getSubscription({});
    expect(s.data).toMatchObject({ plan: 'professional', status: 'active', cardLast4: '1111' });
    await expect(rt.caller(salon.owner).merchants.changePlan({ plan: 'professional', cardNumber: '4111111111111111' })).rejects.toMatchObject({ message: 'plan: this is already your plan' });

    const up = await rt.caller(salon.owner).merchants.changePlan({ plan: 'enterprise', cardNumber: '4111111111111111' });
    expect(up.data.invoice.number.endsWith('000002')).toBe(true);
    expect((await rt.caller(salon.owner).merchants.getSubscription({})).data.invoices.map((i) => i.plan)).toEqual(['enterprise', 'professional']);
  });

  it('CGST + SGST for a salon in the platform’s state', async () => {
    await rt.deps.db.updateTable('merchants').set({ state: 'Karnataka' }).where('id', '=', other.id).execute();
    const r = await rt.caller(other.owner).merchants.changePlan({ plan: 'basic', cardNumber: '4111111111111111' });
    expect(r.data.invoice).toMatchObject({ cgst: 134.91, sgst: 134.91, igst: 0, amount: 1768.82 });
  });

  it('invoice numbers stay gapless when plan changes race', async () => {
    const salons = await Promise.all(Array.from({ length: 6 }, (_, i) => createSalon(rt, { name: `Race ${i}` })));
    await Promise.all(salons.map((s) => rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: '4111111111111111' })));
    const numbers = (await rt.deps.db.selectFrom('invoices').select('number').execute()).map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('only the salon sees its invoices; the PDF downloads for the owner and admins only', async () => {
    const inv = (await rt.caller(salon.owner).merchants.getSubscription({})).data.invoices[0];
    await expect(rt.caller(other.owner).merchants.getSubscription({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const base = await rt.listen();
    const token = (a: { id: string; role: 'merchant' | 'admin' | 'customer' }) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });
    const get = async (t: string | null) => fetch(`${base}/api/invoices/${inv._id}/pdf`, { headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect((await get(null)).status).toBe(401);
    expect((await get(await token(other.owner as never))).status).toBe(404);
    const ok = await get(await token(salon.owner as never));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const admin = await makeAccount(rt, 'admin');
    expect((await get(await token(admin as never))).status).toBe(200);
    const all = await rt.caller(admin).admin.invoices({});
    expect(all.data.totals.count).toBeGreaterThanOrEqual(3);
    expect(all.data.failedPayments).toBe(1);
  });

  it('verifies Razorpay payment signatures', () => {
    const sig = createHmac('sha256', 'secret').update('order_1|pay_1').digest('hex');
    expect(razorpaySignatureValid('secret', 'order_1', 'pay_1', sig)).toBe(true);
    expect(razorpaySignatureValid('secret', 'order_1', 'pay_2', sig)).toBe(false);
    expect(razorpaySignatureValid('secret', 'order_1', 'pay_1', 'zz')).toBe(false);
  });
});
