import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { scheduleRenewal } from '../../src/server/services/billing/index.js';
import { gstBreakdown } from '../../src/shared/gst.js';
import { pendingCompleteSalon } from '../helpers/adminFixtures.js';
import {
  createCoupon,
  createCustomer,
  createSalon,
  createService,
  createStaff,
  givePlan,
  localDate,
  type SalonFixture,
} from '../helpers/fixtures.js';
import { pdfText } from '../helpers/pdfText.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Every limit a plan card states is the server's: staff on the team, the Professional tools, the
 * Enterprise listing; a salon without a paid plan is on Free. Upgrades are prorated with a credit
 * note; downgrades wait for the end of the paid period.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const APPROVED = '4111 1111 1111 1111';
const expiry = `08/${String(new Date().getUTCFullYear() + 1).slice(2)}`;
let seq = 0;
const member = (status: 'Active' | 'Inactive' | 'On Leave' = 'Active') => ({
  name: `Member ${++seq}`,
  email: `member${seq}@plans.in`,
  phone: '9876543210',
  role: 'Stylist' as const,
  rate: 200,
  status,
  specialization: ['Haircut'],
  experience: 2,
});
const me = (s: SalonFixture) => rt.caller(s.owner).merchants;

describe('Free: what a salon without a paid plan gets', () => {
  it('one staff member; the second is a 409 naming the plan and its limit; Inactive members do not count and cannot come back over the limit', async () => {
    const s = await createSalon(rt, { plan: null });
    const sub = await me(s).getSubscription({});
    expect(sub.data).toMatchObject({ plan: null, tier: 'free', usage: { staff: { onTeam: 0, limit: 1 } }, scheduledChange: null });
    const first = await me(s).addStaffByMerchant(member());
    await expect(me(s).addStaffByMerchant(member())).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'staff: your Free plan allows 1 staff member and 1 is on your team; choose Basic for up to 3 staff members, or set someone Inactive.',
    });
    const resting = await me(s).addStaffByMerchant(member('Inactive'));
    await expect(me(s).updateStaffByMerchant({ staffId: resting.staff._id, status: 'Active' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('your Free plan allows 1 staff member'),
    });
    // Someone leaving makes the place free again.
    await me(s).updateStaffByMerchant({ staffId: first.staff._id, status: 'Inactive' });
    await me(s).updateStaffByMerchant({ staffId: resting.staff._id, status: 'On Leave' });
    expect((await me(s).getSubscription({})).data.usage.staff).toEqual({ onTeam: 1, limit: 1 });
  });

  it('no Professional tools: coupons, staff analytics, messages and campaigns are 403s naming the plan', async () => {
    const s = await createSalon(rt, { plan: null });
    const customer = await createCustomer(rt);
    const staffId = await createStaff(rt, s.id);
    const coupon = {
      code: 'FREE10',
      description: '10% off',
      discountType: 'percentage' as const,
      discountValue: 10,
      minAmount: 0,
      validFrom: localDate(0),
      validUntil: localDate(30),
    };
    await expect(rt.caller(s.owner).Coupons.createCoupon(coupon)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Coupons is not included in your Free plan: choose Professional or higher under Subscription & Billing.',
    });
    await expect(me(s).getStaffAnalytics({ staffId, period: 'today' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^Staff analytics is not included in your Free plan/),
    });
    await expect(
      me(s).sendCustomerMessage({ customerId: customer.id, category: 'promotional', channels: ['sms'], message: 'Hello' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'SMS, WhatsApp and e-mail messages to customers are not included in your Free plan: choose Professional or higher under Subscription & Billing.',
    });
    await expect(
      rt.caller(s.owner).marketing.createCampaign({ channel: 'sms', name: 'Offer', body: 'Hello', segment: 'all' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('Basic holds 3 staff and has no coupons either; Professional has the tools', async () => {
    const s = await createSalon(rt, { plan: 'basic' });
    for (let i = 0; i < 3; i++) await me(s).addStaffByMerchant(member());
    await expect(me(s).addStaffByMerchant(member())).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'staff: your Basic plan allows up to 3 staff members and 3 are on your team; choose Professional for up to 15 staff members, or set someone Inactive.',
    });
    await expect(
      rt.caller(s.owner).Coupons.createCoupon({ code: 'BASIC10', description: 'x', discountType: 'flat', discountValue: 10, minAmount: 0 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('your Basic plan') });
    await givePlan(rt, s.id, 'professional');
    await me(s).addStaffByMerchant(member());
    expect(
      (
        await rt
          .caller(s.owner)
          .Coupons.createCoupon({ code: 'PRO10', description: 'x', discountType: 'flat', discountValue: 10, minAmount: 0 })
      ).coupon.code,
    ).toBe('PRO10');
  });

  it('a salon’s coupon stops working at booking when its plan no longer has coupons, and can still be switched off', async () => {
    const s = await createSalon(rt, { plan: 'professional' });
    const service = await createService(rt, s.id, { price: 1000 });
    await createStaff(rt, s.id);
    await createCoupon(rt, { code: 'LAPSED15', merchantId: s.id, type: 'percentage', value: 15 });
    const couponId = (await rt.deps.db.selectFrom('coupons').select('id').where('code', '=', 'LAPSED15').executeTakeFirstOrThrow()).id;
    const customer = await createCustomer(rt);
    const check = () => rt.caller(customer).users.validateCoupon({ merchantId: s.id, code: 'LAPSED15', serviceIds: [service] });
    expect(await check()).toMatchObject({ valid: true, discount: 150 });
    await rt.deps.db.updateTable('subscriptions').set({ status: 'expired' }).where('merchant_id', '=', s.id).execute();
    expect(await check()).toMatchObject({ valid: false, message: 'This salon does not offer coupons at the moment' });
    await expect(
      rt.caller(customer).users.createBooking({
        merchantId: s.id,
        serviceIds: [service],
        bookingDate: localDate(2),
        bookingTime: '11:00 AM',
        couponCode: 'LAPSED15',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'couponCode: this salon does not offer coupons at the moment' });
    const off = await rt.caller(s.owner).Coupons.updateCoupon({ couponId, active: false });
    expect(off.coupon.active).toBe(false);
    await expect(rt.caller(s.owner).Coupons.updateCoupon({ couponId, active: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('publishing follows the plan: a Free salon with one professional is published; with a bigger team it must choose a plan first', async () => {
    const admin = await makeAccount(rt, 'admin');
    const onFree = async (name: string) => {
      const salon = await pendingCompleteSalon(rt, name);
      await rt.deps.db.deleteFrom('subscriptions').where('merchant_id', '=', salon.id).execute();
      return salon;
    };
    const fits = await onFree('Solo Studio');
    expect((await rt.caller(admin).admin.approveSalon({ merchantId: fits.id })).salon).toMatchObject({ isPublished: true });

    const big = await onFree('Busy Studio');
    await createStaff(rt, big.id);
    await expect(rt.caller(admin).admin.approveSalon({ merchantId: big.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'merchantId: Busy Studio cannot be published: its Free plan allows 1 staff member and 2 are on your team; choose Basic for up to 3 staff members, or set someone Inactive.',
    });
    await rt.deps.db.updateTable('merchants').set({ publish_status: 'draft' }).where('id', '=', big.id).execute();
    await expect(
      rt.caller({ id: big.id, role: 'merchant', email: 'owner@salon.in' }).merchants.createPublishRequest({}),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^staff: your Free plan allows 1 staff member and 2 are on your team/),
    });
    await givePlan(rt, big.id, 'basic');
    expect((await rt.caller({ id: big.id, role: 'merchant', email: 'owner@salon.in' }).merchants.createPublishRequest({})).status).toBe(
      'pending',
    );
  });

  it('a sponsored listing needs Enterprise, and ends with it', async () => {
    const admin = await makeAccount(rt, 'admin');
    const s = await createSalon(rt, { plan: 'professional', name: 'Sponsor Me' });
    await expect(rt.caller(admin).admin.sponsorSalon({ merchantId: s.id, sponsored: true })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'merchantId: Sponsor Me is on the Professional plan; a sponsored listing needs the Enterprise plan',
    });
    await givePlan(rt, s.id, 'enterprise');
    await rt.caller(admin).admin.sponsorSalon({ merchantId: s.id, sponsored: true });
    // The owner leaves for Free at the end of the period: the listing stops being sponsored then.
    await me(s).schedulePlanChange({ plan: 'free' });
    const end = await endPeriodNow(s.id);
    await scheduleRenewal(rt.deps.db, s.id, end);
    await runJobsUntilIdle(rt.deps);
    const after = await me(s).getSubscription({});
    expect(after.data).toMatchObject({ plan: 'enterprise', status: 'cancelled', tier: 'free', scheduledChange: null });
    expect(
      (await rt.deps.db.selectFrom('merchants').select('is_sponsored').where('id', '=', s.id).executeTakeFirstOrThrow()).is_sponsored,
    ).toBe(false);
  });
});

/** Moves the salon's paid period so that it ended yesterday; answers its end day. */
async function endPeriodNow(merchantId: string): Promise<string> {
  const end = localDate(-1);
  await rt.deps.db
    .updateTable('subscriptions')
    .set({ current_period_start: localDate(-31), current_period_end: end })
    .where('merchant_id', '=', merchantId)
    .execute();
  return end;
}

describe('upgrades: now, with the prorated difference and a credit note', () => {
  it('Basic paid 10 days ago → Professional: 20 of 30 days credited on a credit note, invoiced at Professional, the difference charged; the billing date stays', async () => {
    const s = await createSalon(rt, { plan: null, name: 'Upgrade Salon' });
    const basic = await me(s).changePlan({ plan: 'basic', cardNumber: APPROVED, cardExpiry: expiry });
    // The period began 10 days ago and runs 30 days.
    const start = localDate(-10);
    const end = localDate(20);
    await rt.deps.db
      .updateTable('subscriptions')
      .set({ current_period_start: start, current_period_end: end })
      .where('merchant_id', '=', s.id)
      .execute();
    await rt.deps.db
      .updateTable('invoices')
      .set({ period_start: start, period_end: end })
      .where('id', '=', basic.data.invoice._id)
      .execute();

    const charge = gstBreakdown(2666, 'Karnataka', 'Maharashtra');
    const credit = gstBreakdown(999.33, 'Karnataka', 'Maharashtra');
    const due = Math.round((charge.total - credit.total) * 100) / 100;
    const before = await me(s).getSubscription({});
    expect(before.data.quotes.find((q) => q.plan === 'professional')).toEqual({
      plan: 'professional',
      kind: 'upgrade',
      due,
      credit: credit.total,
      charge: charge.total,
      days: 20,
      periodDays: 30,
      on: null,
    });
    expect(before.data.quotes.find((q) => q.plan === 'basic')?.kind).toBe('current');

    const attempts = () =>
      rt.deps.db
        .selectFrom('payment_attempts')
        .select(['amount', 'purpose'])
        .where('merchant_id', '=', s.id)
        .orderBy('created_at')
        .execute();
    const up = await me(s).changePlan({ plan: 'professional', cardNumber: APPROVED, cardExpiry: expiry });
    expect(up.data.invoice).toMatchObject({
      plan: 'professional',
      baseAmount: 2666,
      amount: charge.total,
      periodStart: localDate(0),
      periodEnd: end,
      supplierGstin: expect.stringMatching(/^29/),
      sac: '998599',
    });
    expect(up.data.invoice.description).toMatch(/^Professional plan \(upgrade from Basic\), .+, 20 of 30 days$/);
    expect((await attempts()).map((a) => [Number(a.amount), a.purpose])).toEqual([
      [1768.82, 'change'],
      [due, 'upgrade'],
    ]);
    const after = await me(s).getSubscription({});
    expect(after.data).toMatchObject({ plan: 'professional', tier: 'professional', nextBillingDate: end, usage: { staff: { limit: 15 } } });
    expect(after.data.creditNotes).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/\d{6}$/),
        invoiceNumber: basic.data.invoice.number,
        reason: 'proration',
        baseAmount: 999.33,
        amount: credit.total,
      }),
    ]);
    expect(after.data.creditNotes[0].description).toMatch(/^Unused Basic plan, .+ \(upgraded to Professional\)$/);
    // The renewal charges the new plan in full.
    expect(after.data.quotes.find((q) => q.plan === 'enterprise')?.kind).toBe('upgrade');
  });

  it('a salon on Free pays a full month from today', async () => {
    const s = await createSalon(rt, { plan: null });
    const q = (await me(s).getSubscription({})).data.quotes;
    expect(q.map((x) => [x.plan, x.kind, x.due])).toEqual([
      ['basic', 'new', 1768.82],
      ['professional', 'new', 4718.82],
      ['enterprise', 'new', 9438.82],
    ]);
  });
});

describe('downgrades: at the end of the paid period, cancellable', () => {
  it('Professional → Basic is scheduled, not charged; the team must fit; additions are held to Basic meanwhile; cancelling keeps Professional', async () => {
    const s = await createSalon(rt, { plan: null });
    await me(s).changePlan({ plan: 'professional', cardNumber: APPROVED, cardExpiry: expiry });
    const end = (await me(s).getSubscription({})).data.nextBillingDate!;
    await expect(me(s).changePlan({ plan: 'basic', cardNumber: APPROVED })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(
        /^plan: Basic is below your Professional plan; a downgrade takes effect at the end of your paid period/,
      ),
    });
    const team = [];
    for (let i = 0; i < 4; i++) team.push((await me(s).addStaffByMerchant(member())).staff._id);
    await expect(me(s).schedulePlanChange({ plan: 'basic' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'staff: the Basic plan allows up to 3 staff members and 4 are on your team, or set someone Inactive.',
    });
    await me(s).updateStaffByMerchant({ staffId: team[3], status: 'Inactive' });
    const r = await me(s).schedulePlanChange({ plan: 'basic' });
    expect(r.message).toMatch(/^Your plan changes to Basic on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    expect((await me(s).getSubscription({})).data).toMatchObject({
      plan: 'professional',
      tier: 'professional',
      scheduledChange: { plan: 'basic', on: end },
    });
    await expect(me(s).addStaffByMerchant(member())).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^staff: your plan changes to Basic on .+, which allows up to 3 staff members and 3 are on your team, or set someone Inactive\.$/,
      ),
    });
    // @ts-expect-error hostile input: Enterprise is an upgrade, not a scheduled change
    await expect(me(s).schedulePlanChange({ plan: 'enterprise' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const kept = await me(s).cancelScheduledPlanChange({});
    expect(kept.message).toMatch(/^You stay on Professional; it renews on /);
    expect((await me(s).getSubscription({})).data.scheduledChange).toBeNull();
    await me(s).addStaffByMerchant(member());
    await expect(me(s).cancelScheduledPlanChange({})).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('at the period’s end the scheduled plan takes over and the renewal charges it; nothing was charged when scheduling', async () => {
    const s = await createSalon(rt, { plan: null });
    await me(s).changePlan({ plan: 'professional', cardNumber: APPROVED, cardExpiry: expiry });
    await me(s).schedulePlanChange({ plan: 'basic' });
    const end = await endPeriodNow(s.id);
    await scheduleRenewal(rt.deps.db, s.id, end);
    await runJobsUntilIdle(rt.deps);
    const sub = await me(s).getSubscription({});
    expect(sub.data).toMatchObject({ plan: 'basic', status: 'active', scheduledChange: null, usage: { staff: { limit: 3 } } });
    expect(sub.data.invoices.map((i) => [i.plan, i.amount])).toEqual([
      ['basic', 1768.82],
      ['professional', 4718.82],
    ]);
    const renewal = await rt.deps.db
      .selectFrom('payment_attempts')
      .select(['amount', 'plan'])
      .where('merchant_id', '=', s.id)
      .where('purpose', '=', 'renewal')
      .execute();
    expect(renewal.map((a) => [Number(a.amount), a.plan])).toEqual([[1768.82, 'basic']]);
  });

  it('only a paid plan can be scheduled down, and the other salon’s plan is not ours to change', async () => {
    const s = await createSalon(rt, { plan: null });
    const other = await createSalon(rt, { plan: 'professional' });
    await expect(me(s).schedulePlanChange({ plan: 'free' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^plan: /),
    });
    await expect(me(s).schedulePlanChange({ merchantId: other.id, plan: 'basic' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // @ts-expect-error hostile input: a plan that does not exist
    await expect(me(s).schedulePlanChange({ plan: 'gold' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^plan: /),
    });
  });
});

describe('tax documents', () => {
  it('numbers credit notes in their own gap-free series per financial year, and keeps the GSTINs and SAC as issued', async () => {
    const rows = await rt.deps.db.selectFrom('credit_notes').select(['number', 'supplier_gstin', 'sac']).orderBy('number').execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.map((r) => Number(r.number.slice(-6)))).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows)
      expect(r).toMatchObject({ supplier_gstin: expect.stringMatching(/^29[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/), sac: '998599' });
    const counters = await sql<{ n: number }>`select count(*)::int as n from credit_note_counters`.execute(rt.deps.db);
    expect(counters.rows[0].n).toBe(1);
  });
});

describe('the salon’s GSTIN on its tax invoices', () => {
  it('is validated (format, check character, the salon’s state), printed from then on, and guards a move to another state', async () => {
    const s = await createSalon(rt, { plan: null, name: 'GST Salon' });
    await expect(me(s).updateGstin({ gstin: '27AAPFU0939F1ZW' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^gstin: the check character/),
    });
    await expect(me(s).updateGstin({ gstin: '29AAGCB7383J1Z4' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'gstin: this GSTIN is registered in Karnataka (29), but your salon is in Maharashtra (27)',
    });
    await expect(me(s).updateGstin({ gstin: 'NOT-A-GSTIN' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^gstin: /),
    });
    const saved = await me(s).updateGstin({ gstin: ' 27aapfu0939f1zv' });
    expect(saved).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' });
    await expect(me(s).updateBusinessProfile({ State: 'Karnataka' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^State: this GSTIN is registered in Maharashtra/),
    });

    const paid = await me(s).changePlan({ plan: 'basic', cardNumber: APPROVED });
    expect(paid.data.invoice).toMatchObject({
      recipientGstin: '27AAPFU0939F1ZV',
      supplierGstin: expect.stringMatching(/^29/),
      placeOfSupply: 'Maharashtra',
      sac: '998599',
      igst: 269.82,
    });
    const sub = await me(s).getSubscription({});
    expect(sub.data.gst).toEqual({
      salonGstin: '27AAPFU0939F1ZV',
      platformGstin: expect.stringMatching(/^29[A-Z]{5}\d{4}[A-Z]1Z.$/),
      sac: '998599',
    });

    // The PDF is a TAX INVOICE with both GSTINs, the SAC and the place of supply, both parties'
    // full addresses (the salon's with its city and PIN) and amounts in ₹.
    await rt.deps.db.updateTable('merchants').set({ postal_code: '411004' }).where('id', '=', s.id).execute();
    const base = await rt.listen();
    const token = await rt.deps.tokens.sign({ sub: s.owner.id, role: 'merchant', ver: 0 });
    const res = await fetch(`${base}/api/invoices/${paid.data.invoice._id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/GB-\d{2}-\d{2}-\d{6}\.pdf/);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const line of [
      'TAX INVOICE',
      `Invoice no. ${paid.data.invoice.number}`,
      `GSTIN ${sub.data.gst.platformGstin}`,
      'GSTIN 27AAPFU0939F1ZV',
      'Maharashtra (27)',
      '998599',
      'IGST @ 18%',
      '₹1,768.82',
      '12 FC Road\nPune 411004\nMaharashtra (27)',
      'GlowBook Technologies Pvt. Ltd.\n3rd Floor, 42 Residency Road, Shanthala Nagar\nBengaluru 560025\nKarnataka (29)',
    ])
      expect(text).toContain(line);
    expect(text).not.toContain('Rs.');

    await me(s).updateGstin({ gstin: '' });
    expect((await me(s).getSubscription({})).data.gst.salonGstin).toBeNull();
    // An invoice keeps the GSTIN it was issued with.
    expect((await me(s).getSubscription({})).data.invoices[0].recipientGstin).toBe('27AAPFU0939F1ZV');
  });

  it('a credit note downloads for its salon and admins only', async () => {
    const note = await rt.deps.db.selectFrom('credit_notes').select(['id', 'merchant_id', 'number']).executeTakeFirstOrThrow();
    const base = await rt.listen();
    const get = async (sub: string, role: 'merchant' | 'admin') =>
      fetch(`${base}/api/credit-notes/${note.id}/pdf`, {
        headers: { authorization: `Bearer ${await rt.deps.tokens.sign({ sub, role, ver: 0 })}` },
      });
    const own = await get(note.merchant_id, 'merchant');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await own.arrayBuffer()));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note no. ${note.number}`);
    expect(text).toMatch(/Against invoice GB\/\d{2}-\d{2}\/\d{6} of /);
    const stranger = await createSalon(rt, { plan: null });
    expect((await get(stranger.id, 'merchant')).status).toBe(404);
    const admin = await makeAccount(rt, 'admin');
    expect((await get(admin.id, 'admin')).status).toBe(200);
    expect((await fetch(`${base}/api/credit-notes/${note.id}/pdf`)).status).toBe(401);
  });
});
