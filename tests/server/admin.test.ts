import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMerchantStats } from '../../src/server/db/repositories/merchantStats.js';
import type { Actor } from '../../src/server/deps.js';
import { registeredJobKinds } from '../../src/server/jobs/registry.js';
import { appRouter } from '../../src/server/routers/index.js';
import { csvField, toCsv } from '../../src/server/services/admin/csv.js';
import { getDashboard } from '../../src/server/services/admin/reports.js';
import { resolveActor } from '../../src/server/trpc/context.js';
import { JOB_KIND_LABELS, JOB_KINDS } from '../../src/shared/jobKinds.js';
import { pendingCompleteSalon } from '../helpers/adminFixtures.js';
import { createDiscoverySalon } from '../helpers/discoveryFixtures.js';
import { createCustomer, createSalon, createStaff, insertBookingRow } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let admin: Actor;
let customer: Actor;
let merchant: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await makeAccount(rt, 'admin');
  customer = await makeAccount(rt, 'customer');
  merchant = await makeAccount(rt, 'merchant');
});
afterAll(async () => {
  await rt.close();
});

const db = () => rt.deps.db;
const asAdmin = () => rt.caller(admin).admin;

async function auditRows(action: string, entityId?: string) {
  let q = db().selectFrom('audit_log').selectAll().where('action', '=', action);
  if (entityId) q = q.where('entity_id', '=', entityId);
  return q.execute();
}

// ------------------------------------------------------------------------------------------
describe('every admin procedure refuses non-admins', () => {
  // The admin namespace, and admin-only procedures of other namespaces (push broadcasts, blogs...).
  const adminPaths = Object.entries(
    (appRouter._def as unknown as { procedures: Record<string, { _def: { meta?: { adminOnly?: boolean } } }> }).procedures,
  )
    .filter(([p, proc]) => p.startsWith('admin.') || proc._def.meta?.adminOnly)
    .map(([p]) => p);

  const call = (actor: Actor | null, path: string) => {
    let target: unknown = rt.caller(actor);
    for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
    return (target as (input: unknown) => Promise<unknown>)({});
  };

  it('finds the admin procedures', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(29);
    expect(adminPaths).toContain('admin.approveSalon');
    expect(adminPaths).toContain('admin.blockUser');
    expect(adminPaths).toContain('notification.createSubscribeUserNotifications');
  });

  it('answers 403 to customers and merchants and 401 to anonymous callers', async () => {
    for (const path of adminPaths) {
      for (const actor of [customer, merchant]) {
        const err = await call(actor, path).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, `${path} as ${actor.role}`).toBeInstanceOf(TRPCError);
        expect((err as TRPCError).code, `${path} as ${actor.role}`).toBe('FORBIDDEN');
      }
      const anon = await call(null, path).then(
        () => null,
        (e: unknown) => e,
      );
      expect((anon as TRPCError).code, `${path} anonymous`).toBe('UNAUTHORIZED');
    }
  });

  it('lets an admin through (the dashboard answers)', async () => {
    const d = await asAdmin().dashboard({});
    expect(d.totals.customers).toBeGreaterThanOrEqual(1);
    expect(d.trend).toHaveLength(30);
  });
});

// ------------------------------------------------------------------------------------------
describe('publish requests', () => {
  const inSearch = async (name: string) => {
    const r = await rt.caller(null).merchants.search({ service: 'Keratin', location: 'Pune' });
    return r.data.merchants.some((m) => m.shop_Name === name);
  };

  it('approve publishes a complete pending salon: it appears in merchants.search, the owner is told, the action is audited', async () => {
    const salon = await pendingCompleteSalon(rt, 'Approve Me Salon');
    expect(await inSearch('Approve Me Salon')).toBe(false);
    const completion = await asAdmin().salonCompletion({ id: salon.id });
    expect(completion.checks).toHaveLength(14);
    expect(completion.percent).toBe(100);

    const pending = await asAdmin().listSalons({ publishStatus: 'pending' });
    expect(pending.salons.map((s) => s._id)).toContain(salon.id);
    expect(pending.salons.find((s) => s._id === salon.id)?.completionPercent).toBe(100);

    const r = await asAdmin().approveSalon({ merchantId: salon.id });
    expect(r.salon).toMatchObject({ publishStatus: 'approved', isPublished: true });
    expect(await inSearch('Approve Me Salon')).toBe(true);

    const note = await db().selectFrom('notifications').selectAll().where('account_id', '=', salon.id).execute();
    expect(note.map((n) => n.title)).toContain('Your salon is live');
    const mail = await db().selectFrom('outbox_messages').selectAll().where('recipient', '=', 'owner@salon.in').execute();
    expect(mail.some((m) => m.subject === 'Approve Me Salon is now live on GlowBook')).toBe(true);
    expect(await auditRows('salon.approve', salon.id)).toHaveLength(1);
  });

  it('refuses to approve an incomplete profile (400 naming what is missing) or a salon that is not pending (409)', async () => {
    const incomplete = await createSalon(rt, { published: false });
    await db().updateTable('merchants').set({ publish_status: 'pending' }).where('id', '=', incomplete.id).execute();
    await expect(asAdmin().approveSalon({ merchantId: incomplete.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Cover image'),
    });
    const draft = await createSalon(rt, { published: false });
    await expect(asAdmin().approveSalon({ merchantId: draft.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(asAdmin().approveSalon({ merchantId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await auditRows('salon.approve', incomplete.id)).toHaveLength(0);
  });

  it('reject needs a reason and records it as the publish note', async () => {
    const salon = await pendingCompleteSalon(rt, 'Reject Me Salon');
    await expect(asAdmin().rejectSalon({ merchantId: salon.id, reason: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('reason'),
    });
    const r = await asAdmin().rejectSalon({ merchantId: salon.id, reason: 'Photos do not show the salon' });
    expect(r.salon).toMatchObject({ publishStatus: 'rejected', isPublished: false, publishNote: 'Photos do not show the salon' });
    expect(await auditRows('salon.reject', salon.id)).toHaveLength(1);
    expect(await inSearch('Reject Me Salon')).toBe(false);
  });

  it('sponsor marks a published salon with a promotion message; unpublish takes it out of search', async () => {
    const salon = await pendingCompleteSalon(rt, 'Sponsor Me Salon');
    await expect(asAdmin().sponsorSalon({ merchantId: salon.id, sponsored: true })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await asAdmin().approveSalon({ merchantId: salon.id });
    const s = await asAdmin().sponsorSalon({ merchantId: salon.id, sponsored: true, promotionMessage: '20% off keratin this week' });
    expect(s.salon).toMatchObject({ isSponsored: true, promotionMessage: '20% off keratin this week' });
    expect(await auditRows('salon.sponsor', salon.id)).toHaveLength(1);

    const u = await asAdmin().unpublishSalon({ merchantId: salon.id, reason: 'Repeated customer complaints' });
    expect(u.salon).toMatchObject({ publishStatus: 'unpublished', isPublished: false, isSponsored: false });
    expect(await inSearch('Sponsor Me Salon')).toBe(false);
    expect(await auditRows('salon.unpublish', salon.id)).toHaveLength(1);
    await expect(asAdmin().unpublishSalon({ merchantId: salon.id, reason: 'again please' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('Salon Management’s Bookings counts every booking of the salon, as the merchant dashboard’s Total Bookings does', async () => {
    const salon = await createSalon(rt, { name: 'Counted Bookings Salon' });
    // Out of the way of the report and booking-list tests' cities and dates.
    await db().updateTable('merchants').set({ city: 'Nashik' }).where('id', '=', salon.id).execute();
    const staffId = await createStaff(rt, salon.id);
    const cust = await createCustomer(rt);
    let hour = 8;
    for (const status of ['upcoming', 'confirmed', 'completed', 'completed', 'cancelled', 'pending'] as const) {
      await insertBookingRow(rt, {
        userId: cust.id,
        merchantId: salon.id,
        staffId,
        startsAt: new Date(`2030-01-15T${String(hour++).padStart(2, '0')}:00:00+05:30`),
        status,
      });
    }
    // merchants.booking_count (what search ranks by) counts the two completed ones only.
    await refreshMerchantStats(db(), salon.id);
    const dashboard = await rt.caller(salon.owner).merchants.getDashboard({ merchantId: salon.id });
    expect(dashboard.stats.totalBookings).toBe(6);
    const listed = await asAdmin().listSalons({ search: 'Counted Bookings Salon' });
    expect(listed.salons).toHaveLength(1);
    expect(listed.salons[0].bookingCount).toBe(dashboard.stats.totalBookings);
    // A decision answers the salon as the list shows it.
    const unpublished = await asAdmin().unpublishSalon({ merchantId: salon.id, reason: 'Counting check' });
    expect(unpublished.salon.bookingCount).toBe(6);
  });

  it('counts the bookings still to serve for the unpublish dialog; unpublishing keeps them booked and cancellable', async () => {
    const salon = await createSalon(rt, { name: 'Strand Check Salon' });
    await db().updateTable('merchants').set({ city: 'Kolhapur' }).where('id', '=', salon.id).execute();
    const elsewhere = await createSalon(rt, { name: 'Strand Check Elsewhere' });
    await db().updateTable('merchants').set({ city: 'Kolhapur' }).where('id', '=', elsewhere.id).execute();
    const staffId = await createStaff(rt, salon.id);
    const otherStaff = await createStaff(rt, elsewhere.id);
    const cust = await createCustomer(rt);
    const row = (
      status: 'pending' | 'upcoming' | 'confirmed' | 'completed' | 'cancelled',
      startsAt: Date,
      merchantId = salon.id,
      staff = staffId,
    ) =>
      insertBookingRow(rt, {
        userId: cust.id,
        merchantId,
        staffId: staff,
        startsAt,
        status,
        bookingDate: startsAt.toISOString().slice(0, 10),
        bookingTime: '10:00 AM',
      });
    const soon = (days: number, hour: number) => new Date(Date.now() + days * 86_400_000 + hour * 3_600_000);
    // Still to serve: one pending, one upcoming, one confirmed, all in the future.
    const kept = await row('upcoming', soon(3, 0));
    await row('pending', soon(4, 0));
    await row('confirmed', soon(5, 0));
    // Not counted: done, cancelled, already started (an upcoming one in the past), another salon's.
    await row('completed', soon(6, 0));
    await row('cancelled', soon(7, 0));
    await row('upcoming', soon(-2, 0));
    await row('upcoming', soon(3, 1), elsewhere.id, otherStaff);

    const listed = await asAdmin().listSalons({ search: 'Strand Check' });
    const count = (id: string) => listed.salons.find((s) => s._id === id)?.upcomingBookingCount;
    expect(count(salon.id)).toBe(3);
    expect(count(elsewhere.id)).toBe(1);
    const none = await createSalon(rt, { name: 'Strand Check Empty' });
    expect((await asAdmin().listSalons({ search: 'Strand Check Empty' })).salons[0]).toMatchObject({
      _id: none.id,
      upcomingBookingCount: 0,
      bookingCount: 0,
    });

    const u = await asAdmin().unpublishSalon({ merchantId: salon.id, reason: 'Licence expired' });
    expect(u.salon).toMatchObject({ isPublished: false, upcomingBookingCount: 3 });
    // The bookings stay as they were; the owner is told to serve them; the audit records how many.
    const statuses = await db()
      .selectFrom('bookings')
      .select(['status'])
      .where('merchant_id', '=', salon.id)
      .orderBy('starts_at')
      .execute();
    expect(statuses.map((b) => b.status)).toEqual(['upcoming', 'upcoming', 'pending', 'confirmed', 'completed', 'cancelled']);
    const note = await db()
      .selectFrom('notifications')
      .select(['message'])
      .where('account_id', '=', salon.id)
      .where('title', '=', 'Your salon has been unpublished')
      .executeTakeFirstOrThrow();
    expect(note.message).toBe(
      'Strand Check Salon is no longer listed: Licence expired. Your 3 upcoming bookings stay booked; please serve them as planned.',
    );
    const [audit] = await auditRows('salon.unpublish', salon.id);
    expect(audit.details).toMatchObject({ reason: 'Licence expired', upcomingBookings: 3 });
    // The customer still sees the booking and can cancel it.
    const mine = await rt.caller(cust).users.getAllBookings({});
    expect(mine.data.bookings.find((b) => b._id === kept)?.status).toBe('upcoming');
    await rt.caller(cust).users.cancelBooking({ bookingId: kept });
    expect((await asAdmin().listSalons({ search: 'Strand Check Salon' })).salons[0].upcomingBookingCount).toBe(2);
  });
});

// ------------------------------------------------------------------------------------------
describe('users', () => {
  const register = (email: string) =>
    rt.caller().users.registerUser({ firstName: 'Ravi', lastName: 'Kumar', email, phone: '9123456780', password: 'secret123' });

  it('block signs the account out everywhere and refuses sign-in; unblock lets it sign in again', async () => {
    const reg = await register('blockme@example.in');
    expect((await resolveActor(rt.deps, reg.token)).actor?.id).toBe(reg.user._id);

    const r = await asAdmin().blockUser({ userId: reg.user._id, reason: 'Fake bookings' });
    expect(r.user).toMatchObject({ isBlocked: true, blockedReason: 'Fake bookings' });
    const after = await resolveActor(rt.deps, reg.token);
    expect(after.actor).toBeNull();
    expect(after.authError).toBeTruthy();
    await expect(rt.caller().users.loginEmail({ email: 'blockme@example.in', password: 'secret123' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await auditRows('user.block', reg.user._id)).toHaveLength(1);

    await asAdmin().unblockUser({ userId: reg.user._id });
    expect(await auditRows('user.unblock', reg.user._id)).toHaveLength(1);
    const login = await rt.caller().users.loginEmail({ email: 'blockme@example.in', password: 'secret123' });
    expect((await resolveActor(rt.deps, login.token)).actor?.id).toBe(reg.user._id);
    // The token from before the block stays dead.
    expect((await resolveActor(rt.deps, reg.token)).actor).toBeNull();
  });

  it('an admin cannot block their own account', async () => {
    await expect(asAdmin().blockUser({ userId: admin.id, reason: 'oops' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('promotes a customer to admin (old token ends) and refuses to promote a salon owner', async () => {
    const reg = await register('promote@example.in');
    const r = await asAdmin().promoteUser({ userId: reg.user._id });
    expect(r.user.role).toBe('admin');
    expect((await resolveActor(rt.deps, reg.token)).actor).toBeNull();
    const login = await rt.caller().users.loginEmail({ email: 'promote@example.in', password: 'secret123' });
    expect(login.userType).toBe('admin');
    expect(await auditRows('user.promote', reg.user._id)).toHaveLength(1);
    await expect(asAdmin().promoteUser({ userId: reg.user._id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(asAdmin().promoteUser({ userId: merchant.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lists users with search and role filter', async () => {
    await register('findable-ravi@example.in');
    const r = await asAdmin().listUsers({ search: 'findable-ravi', role: 'customer' });
    expect(r.total).toBe(1);
    expect(r.users[0]).toMatchObject({ email: 'findable-ravi@example.in', role: 'customer', isBlocked: false });
    const merchants = await asAdmin().listUsers({ role: 'merchant', limit: 200 });
    expect(merchants.users.every((u) => u.role === 'merchant')).toBe(true);
    expect(merchants.users.find((u) => u._id === merchant.id)?.shop_Name).toBeTruthy();
  });
});

// ------------------------------------------------------------------------------------------
describe('reports, dashboard and payments', () => {
  // Dates far from today, so other tests' bookings never fall in these periods.
  let pune: string;
  let mumbai: string;

  beforeAll(async () => {
    const a = await createSalon(rt, { name: 'Report Pune' });
    const b = await createSalon(rt, { name: 'Report Mumbai' });
    await db().updateTable('merchants').set({ city: 'Mumbai, "West"' }).where('id', '=', b.id).execute();
    pune = a.id;
    mumbai = b.id;
    const sa = await createStaff(rt, a.id);
    const sb = await createStaff(rt, b.id);
    const cust = await createCustomer(rt);
    const book = async (
      merchantId: string,
      staffId: string,
      date: string,
      hour: number,
      price: number,
      status: 'upcoming' | 'completed' | 'cancelled',
    ) => {
      const id = await insertBookingRow(rt, {
        userId: cust.id,
        merchantId,
        staffId,
        startsAt: new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+05:30`),
        bookingDate: date,
        price,
        status,
      });
      if (status === 'completed') {
        const commission = Math.round(price * 10) / 100;
        await db()
          .updateTable('bookings')
          .set({ commission, merchant_earning: price - commission })
          .where('id', '=', id)
          .execute();
        await db()
          .insertInto('commission_ledger')
          .values({ booking_id: id, merchant_id: merchantId, gross_amount: price, commission, merchant_earning: price - commission })
          .execute();
      }
    };
    await book(pune, sa, '2031-03-01', 10, 1000, 'completed');
    await book(pune, sa, '2031-03-01', 12, 550.5, 'upcoming');
    await book(pune, sa, '2031-03-02', 10, 800, 'cancelled');
    await book(mumbai, sb, '2031-03-02', 11, 2000, 'completed');
    await book(mumbai, sb, '2031-04-05', 11, 300, 'completed');
    let n = 0;
    const invoice = async (merchantId: string, issuedAt: string, base: number, status: 'paid' | 'failed' = 'paid') => {
      const gst = Math.round(base * 18) / 100;
      return db()
        .insertInto('invoices')
        .values({
          number: `GB/TEST/${++n}`,
          merchant_id: merchantId,
          plan: 'professional',
          description: 'Professional plan',
          period_start: issuedAt.slice(0, 10),
          period_end: '2031-12-31',
          base_amount: base,
          cgst: 0,
          sgst: 0,
          igst: gst,
          total: base + gst,
          place_of_supply: 'Maharashtra',
          gateway: 'test',
          payment_reference: `test_${n}`,
          status,
          issued_at: new Date(issuedAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    };
    await invoice(pune, '2031-03-10T10:00:00+05:30', 999);
    await invoice(pune, '2031-03-15T10:00:00+05:30', 999, 'failed');
    // Ten past midnight on 1 April in India, still 31 March in UTC: April's revenue.
    await invoice(mumbai, '2031-04-01T00:10:00+05:30', 2499);
    // A month without bookings still gets its row.
    const may = await invoice(pune, '2031-05-02T10:00:00+05:30', 1499);
    // A credit note of 499 against it on 20 May: May's subscription revenue is 1000, net.
    await db()
      .insertInto('credit_notes')
      .values({
        number: 'CN/TEST/1',
        invoice_id: may.id,
        merchant_id: pune,
        reason: 'cancellation',
        description: 'Partly cancelled',
        base_amount: 499,
        cgst: 0,
        sgst: 0,
        igst: 89.82,
        total: 588.82,
        place_of_supply: 'Maharashtra',
        supplier_gstin: '29AAAAA0000A1Z5',
        supplier_state: 'Karnataka',
        recipient_gstin: null,
        recipient_name: 'Pune salon',
        sac: '998599',
        issued_at: new Date('2031-05-20T10:00:00+05:30'),
      })
      .execute();
  });

  it('groups by day, month and city with the right sums, subscription revenue alongside', async () => {
    const days = await asAdmin().reports({ groupBy: 'day', from: '2031-03-01', to: '2031-03-31' });
    expect(days.rows).toEqual([
      { key: '2031-03-01', bookings: 2, completed: 1, cancelled: 0, gbv: 1550.5, commission: 100, subscriptions: 0 },
      { key: '2031-03-02', bookings: 2, completed: 1, cancelled: 1, gbv: 2000, commission: 200, subscriptions: 0 },
      { key: '2031-03-10', bookings: 0, completed: 0, cancelled: 0, gbv: 0, commission: 0, subscriptions: 999 },
    ]);
    expect(days.totals).toEqual({ bookings: 4, completed: 2, cancelled: 1, gbv: 3550.5, commission: 300, subscriptions: 999 });
    expect(days.city).toBeNull();

    const months = await asAdmin().reports({ groupBy: 'month', from: '2031-03-01', to: '2031-05-31' });
    expect(months.rows.map((r) => [r.key, r.bookings, r.gbv, r.commission, r.subscriptions])).toEqual([
      ['2031-03', 4, 3550.5, 300, 999],
      ['2031-04', 1, 300, 30, 2499],
      ['2031-05', 0, 0, 0, 1000],
    ]);

    const cities = await asAdmin().reports({ groupBy: 'city', from: '2031-03-01', to: '2031-04-30' });
    expect(cities.rows).toEqual([
      { key: 'Mumbai, "West"', bookings: 2, completed: 2, cancelled: 0, gbv: 2300, commission: 230, subscriptions: 2499 },
      { key: 'Pune', bookings: 3, completed: 1, cancelled: 1, gbv: 1550.5, commission: 100, subscriptions: 999 },
    ]);
    expect(cities.cities).toEqual(expect.arrayContaining(['Mumbai, "West"', 'Pune']));
  });

  it('filters by city: one city by month, in any spelling', async () => {
    const pune = await asAdmin().reports({ groupBy: 'month', city: ' pUNE ', from: '2031-03-01', to: '2031-05-31' });
    expect(pune.city).toBe('Pune');
    expect(pune.rows).toEqual([
      { key: '2031-03', bookings: 3, completed: 1, cancelled: 1, gbv: 1550.5, commission: 100, subscriptions: 999 },
      { key: '2031-05', bookings: 0, completed: 0, cancelled: 0, gbv: 0, commission: 0, subscriptions: 1000 },
    ]);
    expect(pune.totals).toEqual({ bookings: 3, completed: 1, cancelled: 1, gbv: 1550.5, commission: 100, subscriptions: 1999 });

    const byCity = await asAdmin().reports({ groupBy: 'city', city: 'Mumbai, "West"', from: '2031-03-01', to: '2031-05-31' });
    expect(byCity.rows.map((r) => r.key)).toEqual(['Mumbai, "West"']);

    const nowhere = await asAdmin().reports({ groupBy: 'month', city: 'Atlantis', from: '2031-03-01', to: '2031-05-31' });
    expect(nowhere.rows).toEqual([]);
    expect(nowhere.city).toBe('Atlantis');
  });

  it('refuses a period that ends before it starts', async () => {
    await expect(asAdmin().reports({ groupBy: 'day', from: '2031-03-05', to: '2031-03-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('to'),
    });
  });

  it('exports the report as escaped CSV, with subscription revenue', async () => {
    const r = await asAdmin().reportsCsv({ groupBy: 'city', from: '2031-03-01', to: '2031-04-30' });
    expect(r.filename).toBe('glowbook-report-city-2031-03-01-to-2031-04-30.csv');
    expect(r.csv.split('\r\n')).toEqual([
      'City,Bookings,Completed,Cancelled,GBV (INR),Commission (INR),Subscriptions excl. GST (INR)',
      '"Mumbai, ""West""",2,2,0,2300.00,230.00,2499.00',
      'Pune,3,1,1,1550.50,100.00,999.00',
      'Total,5,3,1,3850.50,330.00,3498.00',
      '',
    ]);
  });

  it('exports one city by month, named in the file and the total', async () => {
    const r = await asAdmin().reportsCsv({ groupBy: 'month', city: 'pune', from: '2031-03-01', to: '2031-05-31' });
    expect(r.filename).toBe('glowbook-report-month-pune-2031-03-01-to-2031-05-31.csv');
    expect(r.csv.split('\r\n')).toEqual([
      'Month,Bookings,Completed,Cancelled,GBV (INR),Commission (INR),Subscriptions excl. GST (INR)',
      '2031-03,3,1,1,1550.50,100.00,999.00',
      '2031-05,0,0,0,0.00,0.00,1000.00',
      'Total (Pune),3,1,1,1550.50,100.00,1999.00',
      '',
    ]);
  });

  it('charts the last 30 salon-local days on the dashboard', async () => {
    const d = await getDashboard(rt.deps, { now: new Date('2031-03-02T20:00:00Z') });
    // 20:00 UTC is already 3 March in India.
    expect(d.trend.at(-1)).toEqual({ date: '2031-03-03', bookings: 0, gbv: 0, commission: 0 });
    expect(d.trend.at(-2)).toEqual({ date: '2031-03-02', bookings: 2, gbv: 2000, commission: 200 });
    expect(d.trend.at(-3)).toEqual({ date: '2031-03-01', bookings: 2, gbv: 1550.5, commission: 100 });
    expect(d.trend[0].date).toBe('2031-02-02');
    expect(d.totals.commissionEarned).toBeGreaterThanOrEqual(330);
  });

  it('lists the commission ledger with totals, by period and salon', async () => {
    const r = await asAdmin().commissions({ from: '2031-03-01', to: '2031-04-30' });
    expect(r.totals).toEqual({ entries: 3, grossAmount: 3300, commission: 330, merchantEarning: 2970 });
    const one = await asAdmin().commissions({ from: '2031-03-01', to: '2031-04-30', merchantId: pune });
    expect(one.entries).toHaveLength(1);
    expect(one.entries[0]).toMatchObject({
      merchantId: pune,
      salonName: 'Report Pune',
      grossAmount: 1000,
      commission: 100,
      bookingDate: '2031-03-01',
    });
  });

  it('lists bookings across salons with filters, and opens one', async () => {
    const r = await asAdmin().listBookings({ merchantId: mumbai, from: '2031-03-01', to: '2031-03-31' });
    expect(r.total).toBe(1);
    expect(r.bookings[0]).toMatchObject({
      bookingDate: '2031-03-02',
      status: 'completed',
      totalPrice: 2000,
      commission: 200,
      services: ['Haircut'],
    });
    const cancelled = await asAdmin().listBookings({ status: 'cancelled', city: 'pune', from: '2031-03-01' });
    expect(cancelled.bookings.map((b) => b.totalPrice)).toEqual([800]);
    const detail = await asAdmin().getBooking({ id: r.bookings[0]._id });
    expect(detail.booking).toMatchObject({ _id: r.bookings[0]._id, merchantId: mumbai, totalPrice: 2000 });
    await expect(asAdmin().getBooking({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('CSV escaping', () => {
  it('quotes commas, quotes and line breaks and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

// ------------------------------------------------------------------------------------------
describe('feedback', () => {
  const insertMessage = async (kind: 'contact' | 'ticket', accountId: string | null) =>
    (
      await db()
        .insertInto('support_messages')
        .values({ kind, account_id: accountId, name: 'Asha', email: 'asha@example.in', subject: 'Refund', message: 'Where is my refund?' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('replies by e-mail (status pending), closes, and refuses replies once closed', async () => {
    const id = await insertMessage('ticket', customer.id);
    const listed = await asAdmin().listFeedback({ kind: 'ticket', status: 'open' });
    expect(listed.messages.map((m) => m._id)).toContain(id);

    const r = await asAdmin().replyFeedback({ id, reply: 'Your refund was sent today.' });
    expect(r.message).toMatchObject({ status: 'pending', reply: 'Your refund was sent today.' });
    const mail = await db().selectFrom('outbox_messages').selectAll().where('recipient', '=', 'asha@example.in').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Re: Refund');
    expect(mail.body).toContain('Your refund was sent today.');
    const notes = await db().selectFrom('notifications').select('title').where('account_id', '=', customer.id).execute();
    expect(notes.map((n) => n.title)).toContain('We answered your message');
    expect(await auditRows('feedback.reply', id)).toHaveLength(1);

    const c = await asAdmin().closeFeedback({ id });
    expect(c.message.status).toBe('closed');
    expect(await auditRows('feedback.close', id)).toHaveLength(1);
    await expect(asAdmin().replyFeedback({ id, reply: 'One more thing' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('uses the edited template and refuses unknown placeholders', async () => {
    await expect(asAdmin().updateEmailTemplate({ key: 'support_reply', subject: 'Hi {{nope}}', body: 'x' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('{{nope}}'),
    });
    await asAdmin().updateEmailTemplate({ key: 'support_reply', subject: 'Answer: {{subject}}', body: 'Dear {{name}}, {{reply}}' });
    expect(await auditRows('email.template.update', 'support_reply')).toHaveLength(1);
    const id = await insertMessage('contact', null);
    await asAdmin().replyFeedback({ id, reply: 'Thanks for writing.' });
    const mail = await db().selectFrom('outbox_messages').selectAll().where('subject', '=', 'Answer: Refund').executeTakeFirstOrThrow();
    expect(mail.body).toBe('Dear Asha, Thanks for writing.');
    const templates = await asAdmin().emailTemplates({});
    expect(templates.templates.find((t) => t.key === 'support_reply')?.placeholders).toEqual(['name', 'subject', 'message', 'reply']);
  });
});

// ------------------------------------------------------------------------------------------
describe('broadcast, security, outbox, system, audit, featured locations', () => {
  it('broadcasts one in-app notification to each unblocked account of the audience', async () => {
    const blocked = await makeAccount(rt, 'customer');
    await asAdmin().blockUser({ userId: blocked.id, reason: 'spam account' });
    const expected = await db()
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'customer')
      .where('is_blocked', '=', false)
      .executeTakeFirstOrThrow();
    const r = await asAdmin().broadcast({ title: 'Diwali offers', message: 'Book now', audience: 'customers' });
    expect(r.recipients).toBe(Number(expected.n));
    const got = async (id: string) =>
      (await db().selectFrom('notifications').select('id').where('account_id', '=', id).where('title', '=', 'Diwali offers').execute())
        .length;
    expect(await got(customer.id)).toBe(1);
    expect(await got(merchant.id)).toBe(0);
    expect(await got(blocked.id)).toBe(0);
    const past = await asAdmin().listBroadcasts({});
    expect(past.broadcasts[0]).toMatchObject({
      title: 'Diwali offers',
      audience: 'customers',
      recipients: r.recipients,
      sentBy: admin.email,
    });
  });

  it('shows failed sign-ins and the accounts the throttle refuses', async () => {
    await rt.caller().users.registerUser({ firstName: 'T', lastName: 'R', email: 'throttled@example.in', password: 'secret123' });
    for (let i = 0; i < 5; i++) {
      await expect(
        rt.caller(null, { ip: '198.51.100.9' }).users.loginEmail({ email: 'throttled@example.in', password: 'wrongpass1' }),
      ).rejects.toThrow();
    }
    const s = await asAdmin().security({});
    expect(s.failedSignIns).toContainEqual(expect.objectContaining({ email: 'throttled@example.in', ip: '198.51.100.9', count: 5 }));
    // Refused from that IP only: nobody elsewhere can lock the owner out.
    const t = s.throttledAccounts.find((a) => a.email === 'throttled@example.in');
    expect(t).toMatchObject({ ip: '198.51.100.9', failures: 5 });
    expect(Date.parse(t!.until)).toBeGreaterThan(Date.parse(t!.lastAt));
    expect(s.throttledIps).toEqual([]);
  });

  it('hides one-time codes in the outbox', async () => {
    await rt.caller().users.forgotPassword({ email: 'throttled@example.in' });
    const r = await asAdmin().outbox({ channel: 'email', search: 'throttled@example.in' });
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0].body).not.toMatch(/\d{6}/);
  });

  it('reports database kind and version, node version and applied migrations', async () => {
    const s = await asAdmin().system({});
    expect(s.database.kind).toBe(DB_KIND === 'pg' ? 'postgres' : 'pglite');
    expect(s.database.version).toContain('PostgreSQL');
    expect(s.node).toBe(process.version);
    expect(s.migrations.map((m) => m.name)).toContain('2026112240_admin');
  });

  it('gives every kind of background job the server runs a name on the System screen', () => {
    // Test files share the registry (isolate: false); the test_ kinds another file added are not the server's.
    const kinds = registeredJobKinds().filter((k) => !k.startsWith('test_'));
    expect(kinds).toEqual(expect.arrayContaining(['deliver_message', 'booking_reminder', 'push_broadcast_fanout', 'campaign_send']));
    expect(kinds.filter((k) => !(JOB_KIND_LABELS as Record<string, string | undefined>)[k])).toEqual([]);
    // The registry has a handler for every kind there is, and for nothing else (tests add only test_ kinds).
    expect([...kinds].sort()).toEqual([...JOB_KINDS].sort());
  });

  it('pages the audit log, newest first, with the acting admin', async () => {
    const r = await asAdmin().audit({ limit: 5 });
    expect(r.entries.length).toBeGreaterThan(0);
    expect(r.total).toBeGreaterThanOrEqual(r.entries.length);
    expect(r.entries[0].actor?._id).toBe(admin.id);
    const blocks = await asAdmin().audit({ action: 'user.block' });
    expect(blocks.entries.every((e) => e.action === 'user.block')).toBe(true);
    // The affected user is named: the blocked account, and a salon's owner with the salon's name.
    const blocked = blocks.entries.find((e) => e.subject?.email === 'blockme@example.in');
    expect(blocked?.subject).toMatchObject({ _id: blocked?.entityId, email: 'blockme@example.in', shopName: null });
    expect(blocked?.subject?.name).toBeTruthy();
    const approvals = (await asAdmin().audit({ action: 'salon.approve', limit: 100 })).entries;
    const approved = approvals.find((e) => e.subject?.shopName === 'Approve Me Salon');
    expect(approved?.subject).toMatchObject({ _id: approved?.entityId, email: expect.stringContaining('@') });
    // An entry about no account (a featured location, a job) names no one.
    const other = (await asAdmin().audit({ limit: 100 })).entries.find((e) => e.entity !== 'account' && e.entity !== 'merchant');
    if (other) expect(other.subject).toBeNull();
  });

  it('featured locations come first in the public /locations list', async () => {
    const salon = await createDiscoverySalon(rt, {
      name: 'Nashik Glow',
      city: 'Nashik',
      state: 'Maharashtra',
      address: 'College Road',
      lat: 19.9975,
      lng: 73.7898,
      services: [{ name: 'Haircut', price: 300 }],
    });
    expect(salon.id).toBeTruthy();
    const added = await asAdmin().addFeaturedLocation({ name: 'Nashik', city: 'Nashik', kind: 'city', lat: 19.9975, lng: 73.7898 });
    expect(await auditRows('settings.location.add', added.location._id)).toHaveLength(1);
    const list = await rt.caller().locations.getLocations({});
    expect(list[0]).toMatchObject({ name: 'Nashik', city: 'Nashik', kind: 'city' });
    expect(list[0].count).toBeGreaterThanOrEqual(1);
    expect((await asAdmin().featuredLocations({})).locations.map((l) => l._id)).toEqual([added.location._id]);

    await asAdmin().removeFeaturedLocation({ id: added.location._id });
    expect(await auditRows('settings.location.remove', added.location._id)).toHaveLength(1);
    expect((await asAdmin().featuredLocations({})).locations).toEqual([]);
    await expect(asAdmin().removeFeaturedLocation({ id: added.location._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('accepts any locality of a known city (at the city centre when the map data lacks it), and names an unknown city', async () => {
    const [pune] = await rt.deps.adapters.geocoder.search('Pune', 1);
    const added = await asAdmin().addFeaturedLocation({ name: 'Chaitanya Nagar Lane 4', city: 'Pune', kind: 'locality' });
    expect(added.location).toMatchObject({ name: 'Chaitanya Nagar Lane 4', city: 'Pune', kind: 'locality', lat: pune.lat, lng: pune.lon });
    await asAdmin().removeFeaturedLocation({ id: added.location._id });
    await expect(asAdmin().addFeaturedLocation({ name: 'Somewhere', city: 'Qwertyville', kind: 'locality' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^city: this city was not found/),
    });
  });

  it('counts the user base', async () => {
    const r = await asAdmin().getUserBaseByAdmin({});
    expect(r.totalUsers).toBe(r.customers + r.merchants + r.admins);
    expect(r.blocked).toBeGreaterThanOrEqual(1);
  });
});
