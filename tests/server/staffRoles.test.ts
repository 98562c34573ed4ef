import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { appRouter } from '../../src/server/routers/index.js';
import { baseForPeriod } from '../../src/server/services/staff/pay.js';
import { STAFF_PROCEDURES } from '../../src/server/trpc/procedures.js';
import { STAFF_ROLES, type StaffRole } from '../../src/shared/staffRoles.js';
import { createCustomer, createSalon, createService, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let salon: SalonFixture;
let other: SalonFixture;
let asha: string;
let ravi: string;
let otherStaff: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  asha = await createStaff(rt, salon.id, { name: 'Asha' });
  ravi = await createStaff(rt, salon.id, { name: 'Ravi' });
  otherStaff = await createStaff(rt, other.id, { name: 'Elsewhere' });
});
afterAll(async () => {
  await rt.close();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** The invitation link's token, read from the outbox message that carried it. */
async function inviteToken(email: string): Promise<string> {
  const rows = await rt.deps.db.selectFrom('outbox_messages').select(['body', 'recipient']).where('recipient', '=', email).execute();
  const m = /\/staff-invite\/([A-Za-z0-9_-]+)/.exec(rows.at(-1)?.body ?? '');
  if (!m) throw new Error(`no invitation to ${email}`);
  return m[1];
}

async function api(path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}

async function inviteAndAccept(role: StaffRole, email: string, staffId?: string) {
  const { member, sentTo } = await rt
    .caller(salon.owner)
    .merchants.inviteStaffMember({ role, name: `${role} one`, email, phone: '9876500001', staffId });
  expect(member.status).toBe('invited');
  expect(sentTo.map((s) => s.channel)).toEqual(['email', 'whatsapp']);
  const token = await inviteToken(email);
  expect(await rt.caller(null).merchants.getStaffInvite({ token })).toMatchObject({ email, role, shopName: 'Lotus Salon' });
  await rt.caller(null).merchants.acceptStaffInvite({ token, password: 'Staff@1234' });
  // The link works once.
  await expect(rt.caller(null).merchants.acceptStaffInvite({ token, password: 'Other@1234' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  const login = await api('/merchants/auth/login', null, { email, password: 'Staff@1234' });
  expect(login.status).toBe(200);
  return { memberId: member._id, token: login.body.token as string };
}

const memberActor = (role: StaffRole, id: string, staffId: string | null): Actor => ({
  id: salon.id,
  role: 'merchant',
  email: `${role}@lotus.in`,
  member: { id, role, staffId, name: role },
});

describe(`staff roles (${DB_KIND})`, () => {
  let pro: { memberId: string; token: string };
  let desk: { memberId: string; token: string };

  it('invites by e-mail and WhatsApp; the member sets a password and signs in at the merchant sign-in', async () => {
    pro = await inviteAndAccept('professional', 'asha.pro@lotus.in', asha);
    desk = await inviteAndAccept('receptionist', 'desk@lotus.in');
    expect((await api('/merchants/myMembership', pro.token)).body).toMatchObject({
      role: 'professional',
      staffId: asha,
      shopName: 'Lotus Salon',
    });
    expect((await api('/merchants/myMembership', desk.token)).body).toMatchObject({ role: 'receptionist', staffId: null });
    // A wrong password is the same answer as an unknown e-mail.
    expect((await api('/merchants/auth/login', null, { email: 'desk@lotus.in', password: 'Wrong@1234' })).status).toBe(401);
  });

  it('refuses invitations that would clash or name another salon’s staff', async () => {
    const owner = rt.caller(salon.owner).merchants;
    await expect(owner.inviteStaffMember({ role: 'professional', name: 'X', email: 'x1@lotus.in', staffId: asha })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(owner.inviteStaffMember({ role: 'receptionist', name: 'X', email: 'desk@lotus.in' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      owner.inviteStaffMember({ role: 'professional', name: 'X', email: 'x2@lotus.in', staffId: otherStaff }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(owner.inviteStaffMember({ role: 'professional', name: 'X', email: 'x3@lotus.in' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(owner.inviteStaffMember({ role: 'admin' as never, name: 'X', email: 'x4@lotus.in' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(owner.inviteStaffMember({ role: 'receptionist', name: 'X', email: salon.owner.email })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Another salon cannot read or revoke this salon's members.
    await expect(rt.caller(other.owner).merchants.revokeStaffMember({ memberId: pro.memberId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('walks every signed-in procedure as each role: 403 for all not on the role’s allow list', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    for (const role of STAFF_ROLES) {
      const caller = rt.caller(
        memberActor(role, role === 'professional' ? pro.memberId : desk.memberId, role === 'professional' ? asha : null),
      ) as any;
      const anonymous = rt.caller(null) as any;
      let checked = 0;
      for (const [path, proc] of Object.entries(procedures)) {
        if (proc._def.type === 'subscription' || STAFF_PROCEDURES[role].has(path)) continue;
        const [ns, name] = path.split('.');
        const needsSignIn = await anonymous[ns][name]({}).then(
          () => false,
          (e: { code?: string }) => e.code === 'UNAUTHORIZED',
        );
        if (!needsSignIn) continue;
        const outcome = await caller[ns][name]({}).then(
          () => 'ok',
          (e: { code?: string }) => e.code,
        );
        expect([path, outcome]).toEqual([path, 'FORBIDDEN']);
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
    }
  });

  it('answers 403 on /api before the body for an owner-only operation', async () => {
    for (const token of [pro.token, desk.token]) {
      expect((await api('/merchants/setStaffPay', token, { staffId: 'not-a-uuid', serviceRate: 'x' })).status).toBe(403);
      expect((await api('/merchants/getReports', token, { from: '2026-01-01', to: '2026-01-31' })).status).toBe(403);
      expect((await api('/users/getWallet', token)).status).toBe(403);
    }
    // A member's profile is their own name and e-mail, never the salon owner's.
    for (const [token, email] of [
      [pro.token, 'asha.pro@lotus.in'],
      [desk.token, 'desk@lotus.in'],
    ] as const) {
      const me = await api('/users/profile', token);
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe(email);
    }
    expect((await api('/merchants/getPayStatement', desk.token, { staffId: asha, from: '2026-01-01', to: '2026-01-31' })).status).toBe(403);
  });

  it('a professional sees only their own calendar, bookings and statement', async () => {
    const customer = await createCustomer(rt);
    const mine = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: asha,
      startsAt: minutesAgo(10),
      status: 'upcoming',
      price: 500,
    });
    const theirs = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: ravi,
      startsAt: minutesAgo(10),
      status: 'upcoming',
      price: 500,
    });
    const me = rt.caller(memberActor('professional', pro.memberId, asha)).merchants;
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const cal = await me.getCalendar({ date: today, days: 1 });
    expect(cal.professionals.map((p) => p._id)).toEqual([asha]);
    expect(cal.bookings.map((b) => b._id)).toContain(mine);
    expect(cal.bookings.map((b) => b._id)).not.toContain(theirs);
    await expect(me.getCalendar({ date: today, days: 7, staffId: ravi })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.updateBookingStatus({ bookingId: theirs, status: 'confirmed' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.updateBookingStatus({ bookingId: mine, status: 'cancelled', cancellationReason: 'no' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await me.updateBookingStatus({ bookingId: mine, status: 'confirmed' })).booking.status).toBe('confirmed');
    await expect(me.getPayStatement({ staffId: ravi, from: today, to: today })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.getPayStatement({ staffId: otherStaff, from: today, to: today })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await me.getPayStatement({ staffId: asha, from: today, to: today })).staffId).toBe(asha);
  });

  it('revoking a member ends their sessions at once', async () => {
    expect((await api('/merchants/myMembership', desk.token)).status).toBe(200);
    await rt.caller(salon.owner).merchants.revokeStaffMember({ memberId: desk.memberId });
    expect((await api('/merchants/myMembership', desk.token)).status).toBe(401);
    expect((await api('/merchants/auth/login', null, { email: 'desk@lotus.in', password: 'Staff@1234' })).status).toBe(401);
  });
});

describe(`staff pay (${DB_KIND})`, () => {
  it('refuses hostile rates and another salon’s staff', async () => {
    const owner = rt.caller(salon.owner).merchants;
    await expect(owner.setStaffPay({ staffId: asha, serviceRate: 101, productRate: 0, baseMonthly: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(owner.setStaffPay({ staffId: asha, serviceRate: -1, productRate: 0, baseMonthly: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(owner.setStaffPay({ staffId: asha, serviceRate: 'ten' as never, productRate: 0, baseMonthly: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(owner.setStaffPay({ staffId: otherStaff, serviceRate: 10, productRate: 0, baseMonthly: 0 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(owner.getPayStatement({ staffId: otherStaff, from: '2026-01-01', to: '2026-01-31' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(owner.getPayStatement({ staffId: asha, from: '2026-02-01', to: '2026-01-31' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('prorates the monthly base by days', () => {
    expect(baseForPeriod(30000, '2026-04-01', '2026-04-30')).toBe(30000);
    expect(baseForPeriod(31000, '2026-03-01', '2026-03-10')).toBe(10000);
    expect(baseForPeriod(30000, '2026-04-16', '2026-05-31')).toBe(45000);
  });

  it('a statement is recomputed from the checkout rows: services per category rate, products, tips, base', async () => {
    const owner = rt.caller(salon.owner).merchants;
    const colour = await createService(rt, salon.id, { name: 'Global colour', price: 2360, category: 'Hair colour' });
    const cut = await createService(rt, salon.id, { name: 'Haircut', price: 590 });
    const colourCategory = (
      await rt.deps.db.selectFrom('services').select('category_id').where('id', '=', colour).executeTakeFirstOrThrow()
    ).category_id!;
    const { product } = await owner.createProduct({ name: 'Serum', hsn: '3305', price: 1180, gstRate: 18, lowStockAt: 1, openingStock: 5 });
    const { pay } = await owner.setStaffPay({
      staffId: asha,
      serviceRate: 10,
      productRate: 5,
      baseMonthly: 31000,
      categoryRates: [{ categoryId: colourCategory, rate: 20 }],
    });
    expect(pay).toMatchObject({
      serviceRate: 10,
      productRate: 5,
      baseMonthly: 31000,
      categoryRates: [{ categoryId: colourCategory, rate: 20 }],
    });

    const customer = await createCustomer(rt);
    const bookingId = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: asha,
      startsAt: minutesAgo(200),
      status: 'confirmed',
      price: 500,
    });
    await owner.checkoutVisit({
      bookingId,
      services: [
        { serviceId: colour, staffId: asha },
        { serviceId: cut, staffId: asha },
      ],
      products: [{ productId: product._id, quantity: 1 }],
      discount: { amount: 100, reason: 'Regular client' },
      tips: [{ staffId: asha, amount: 150 }],
      payments: [{ method: 'cash', amount: 500 + 2360 + 590 + 1180 - 100 + 150 }],
    });
    // Ravi's service in another bill is not Asha's.
    await owner.checkoutVisit({
      walkIn: { name: 'Walk-in' },
      services: [{ serviceId: cut, staffId: ravi }],
      payments: [{ method: 'upi', amount: 590 }],
    });

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const st = await owner.getPayStatement({ staffId: asha, from: today, to: today });
    const rows = await rt.deps.db
      .selectFrom('checkout_lines as l')
      .innerJoin('checkouts as c', 'c.id', 'l.checkout_id')
      .leftJoin('services as v', 'v.id', 'l.service_id')
      .select(['l.kind', 'l.taxable', 'v.category_id'])
      .where('c.merchant_id', '=', salon.id)
      .where('l.staff_id', '=', asha)
      .execute();
    expect(rows.length).toBe(4);
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const rateOf = (r: (typeof rows)[number]) => (r.kind === 'product' ? 5 : r.category_id === colourCategory ? 20 : 10);
    const services = rows.filter((r) => r.kind === 'service');
    const products = rows.filter((r) => r.kind === 'product');
    const sum = (xs: number[]) => r2(xs.reduce((a, b) => a + b, 0));
    expect(st.totals.services).toBe(sum(services.map((r) => Number(r.taxable))));
    expect(st.totals.serviceCommission).toBe(sum(services.map((r) => r2((Number(r.taxable) * rateOf(r)) / 100))));
    expect(st.totals.products).toBe(sum(products.map((r) => Number(r.taxable))));
    expect(st.totals.productCommission).toBe(sum(products.map((r) => r2((Number(r.taxable) * 5) / 100))));
    expect(st.totals.tips).toBe(150);
    const days = Number(today.slice(8, 10)) ? 1 : 1;
    const dim = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
    expect(st.totals.base).toBe(r2((31000 * days) / dim));
    expect(st.totals.total).toBe(r2(st.totals.serviceCommission + st.totals.productCommission + 150 + st.totals.base));
    expect(st.lines.filter((l) => l.rate === 20).map((l) => l.name)).toEqual(['Global colour']);
    // The professional reads the same statement of their own.
    const mine = await rt
      .caller(memberActor('professional', '00000000-0000-4000-8000-000000000000', asha))
      .merchants.getPayStatement({ staffId: asha, from: today, to: today });
    expect(mine.totals).toEqual(st.totals);
  });
});
