import { randomBytes } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { sql } from 'kysely';
import type { Runtime } from '../../src/server/bootstrap.js';
import type { Db } from '../../src/server/db/index.js';
import type { Actor } from '../../src/server/deps.js';
import { WEEKDAYS } from '../../src/shared/hours.js';
import type { PlanId } from '../../src/shared/plans.js';
import { addDays, instantToZoned, zonedTimeToInstant } from '../../src/shared/slots.js';
import { makeAccount } from './runtime.js';

/*
 * Test data written straight into the database, so booking tests do not depend on the
 * salon-management procedures. Every helper returns plain ids or Actors.
 */

export interface OpeningDay {
  name: string;
  enabled: boolean;
  openTime: string;
  closeTime: string;
}

export interface WorkingDay {
  day: string;
  enabled: boolean;
  start: string;
  end: string;
}

/** Open every day from `open` to `close` ('HH:mm'), except the named closed days. */
export function openingHours(open = '09:00', close = '18:00', closed: string[] = []): OpeningDay[] {
  return WEEKDAYS.map((name) => ({ name, enabled: !closed.includes(name), openTime: open, closeTime: close }));
}

/** Works every day from `start` to `end`, except the named days. */
export function workingHours(start: string, end: string, off: string[] = []): WorkingDay[] {
  return WEEKDAYS.map((day) => ({ day, enabled: !off.includes(day), start, end }));
}

/** The salon-local date `days` from today. */
export function localDate(days: number, timeZone = 'Asia/Kolkata', now = new Date()): string {
  return addDays(instantToZoned(now, timeZone).date, days);
}

export interface SalonFixture {
  id: string;
  owner: Actor;
}

export async function createSalon(
  rt: Runtime,
  opts: {
    timeZone?: string;
    openingHours?: OpeningDay[];
    published?: boolean;
    name?: string;
    address?: string;
    coverImage?: string;
    plan?: PlanId | null;
  } = {},
): Promise<SalonFixture> {
  const owner = await makeAccount(rt, 'merchant');
  await rt.deps.db
    .updateTable('merchants')
    .set({
      shop_name: opts.name ?? `Salon ${randomBytes(3).toString('hex')}`,
      address: opts.address ?? '12 FC Road',
      city: 'Pune',
      state: 'Maharashtra',
      time_zone: opts.timeZone ?? 'Asia/Kolkata',
      opening_hours: JSON.stringify(opts.openingHours ?? openingHours()),
      is_published: opts.published ?? true,
      publish_status: (opts.published ?? true) ? 'approved' : 'draft',
    })
    .where('id', '=', owner.id)
    .execute();
  // A paying salon on the top plan unless a test says otherwise (plan: null is the Free tier), so
  // tests of other rules do not run into plan limits.
  const plan = opts.plan === undefined ? 'enterprise' : opts.plan;
  if (plan) await givePlan(rt, owner.id, plan);
  if (opts.coverImage) {
    await rt.deps.db.insertInto('shop_images').values({ merchant_id: owner.id, url: opts.coverImage, is_cover: true }).execute();
  }
  return { id: owner.id, owner };
}

/** An active paid plan for this month, as if paid (no invoice, no card). */
export async function givePlan(
  rt: Runtime,
  merchantId: string,
  plan: PlanId,
  opts: { periodStart?: string; periodEnd?: string } = {},
): Promise<void> {
  const start = opts.periodStart ?? localDate(0);
  const end = opts.periodEnd ?? localDate(30);
  await rt.deps.db
    .insertInto('subscriptions')
    .values({ merchant_id: merchantId, plan, status: 'active', current_period_start: start, current_period_end: end })
    .onConflict((oc) =>
      oc
        .column('merchant_id')
        .doUpdateSet({ plan, status: 'active', current_period_start: start, current_period_end: end, scheduled_plan: null }),
    )
    .execute();
}

export async function createCategory(rt: Runtime, name: string): Promise<string> {
  const row = await rt.deps.db
    .insertInto('categories')
    .values({ name: `${name}`, shop_category: 'salon' })
    .onConflict((oc) => oc.columns(['name', 'shop_category']).doUpdateSet({ name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createService(
  rt: Runtime,
  merchantId: string,
  opts: {
    name?: string;
    duration?: number;
    price?: number;
    category?: string;
    discountType?: 'flat' | 'percentage';
    discountValue?: number;
    discountActive?: boolean;
    active?: boolean;
  } = {},
): Promise<string> {
  const row = await rt.deps.db
    .insertInto('services')
    .values({
      merchant_id: merchantId,
      name: opts.name ?? 'Haircut',
      duration_min: opts.duration ?? 30,
      price: opts.price ?? 500,
      category_id: opts.category ? await createCategory(rt, opts.category) : null,
      discount_type: opts.discountType ?? null,
      discount_value: opts.discountValue ?? 0,
      discount_active: opts.discountActive ?? false,
      active: opts.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createStaff(
  rt: Runtime,
  merchantId: string,
  opts: {
    name?: string;
    workingHours?: WorkingDay[];
    daysOff?: string[];
    specializations?: string[];
    status?: 'Active' | 'Inactive' | 'On Leave';
    role?: 'Manager' | 'Stylist' | 'Receptionist' | 'Other';
  } = {},
): Promise<string> {
  const row = await rt.deps.db
    .insertInto('staff')
    .values({
      merchant_id: merchantId,
      name: opts.name ?? `Stylist ${randomBytes(2).toString('hex')}`,
      role: opts.role ?? 'Stylist',
      status: opts.status ?? 'Active',
      working_hours: JSON.stringify(opts.workingHours ?? []),
      days_off: opts.daysOff ?? [],
      specializations: opts.specializations ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createCustomer(rt: Runtime, opts: { firstName?: string; email?: string } = {}): Promise<Actor> {
  return makeAccount(rt, 'customer', opts);
}

export async function createCoupon(
  rt: Runtime,
  opts: {
    code?: string;
    merchantId?: string | null;
    type?: 'flat' | 'percentage';
    value?: number;
    minAmount?: number;
    maxDiscount?: number | null;
    validFrom?: string | null;
    validUntil?: string | null;
    usageLimit?: number | null;
    usedCount?: number;
    active?: boolean;
  } = {},
): Promise<string> {
  const code = opts.code ?? `T${randomBytes(4).toString('hex').toUpperCase()}`;
  await rt.deps.db
    .insertInto('coupons')
    .values({
      code,
      merchant_id: opts.merchantId ?? null,
      discount_type: opts.type ?? 'percentage',
      discount_value: opts.value ?? 10,
      min_amount: opts.minAmount ?? 0,
      max_discount: opts.maxDiscount ?? null,
      valid_from: opts.validFrom ?? null,
      valid_until: opts.validUntil ?? null,
      usage_limit: opts.usageLimit ?? null,
      used_count: opts.usedCount ?? 0,
      active: opts.active ?? true,
    })
    .execute();
  return code;
}

/** A booking row written directly (e.g. one that already holds a slot, or one in the past). */
export async function insertBookingRow(
  rt: Runtime,
  b: {
    userId: string;
    merchantId: string;
    staffId: string;
    startsAt: Date;
    minutes?: number;
    status?: 'pending' | 'upcoming' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
    price?: number;
    bookingDate?: string;
    bookingTime?: string;
    /** Prepaid from the wallet (the whole price); otherwise to be paid at the salon. */
    prepaid?: boolean;
  },
): Promise<string> {
  const minutes = b.minutes ?? 30;
  const price = b.price ?? 500;
  const row = await rt.deps.db
    .insertInto('bookings')
    .values({
      user_id: b.userId,
      merchant_id: b.merchantId,
      staff_id: b.staffId,
      starts_at: b.startsAt,
      ends_at: new Date(b.startsAt.getTime() + minutes * 60_000),
      booking_date: b.bookingDate ?? b.startsAt.toISOString().slice(0, 10),
      booking_time: b.bookingTime ?? '10:00 AM',
      status: b.status ?? 'upcoming',
      subtotal: price,
      total_price: price,
      total_duration: minutes,
      ...(b.prepaid ? { payment_method: 'wallet' as const, amount_paid: price, payment_received: true } : {}),
      // A pending booking is one held for its online payment (bookings_hold_check): held for the usual 10 minutes.
      ...(b.status === 'pending' ? { hold_expires_at: new Date(Date.now() + 10 * 60_000) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rt.deps.db
    .insertInto('booking_services')
    .values({ booking_id: row.id, position: 0, service_id: null, service_name: 'Haircut', duration_min: minutes, price })
    .execute();
  return row.id;
}

/**
 * A Kysely instance over the same database that counts the queries sent through it: one per
 * statement executed (a statement's subqueries pass through transformQuery too, so that would
 * count them as queries of their own).
 */
export function countingDb(db: Db): { db: Db; count: () => number; reset: () => void } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      n++;
      return args.result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    count: () => n,
    reset: () => {
      n = 0;
    },
  };
}

/**
 * Moves a booking's appointment to have begun `minutesAgo` minutes ago (same length): the desk
 * completes a booking only once it has started.
 */
export async function startBookingNow(rt: Runtime, bookingId: string, minutesAgo = 5): Promise<void> {
  await rt.deps.db
    .updateTable('bookings')
    .set({
      starts_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
      ends_at: sql<Date>`now() - make_interval(mins => ${minutesAgo}) + make_interval(mins => total_duration)`,
    })
    .where('id', '=', bookingId)
    .execute();
}

/**
 * Pins the server's clock (AppDeps.now) to India time `time` ('HH:mm') on the India day `days`
 * from today, so time-of-day rules (the TRAI quiet hours, the message day) do not depend on when
 * the test runs. Returns the instant.
 */
export function pinIndiaClock(rt: Runtime, time: string, days = 0): Date {
  const [h, m] = time.split(':').map(Number);
  const at = zonedTimeToInstant(localDate(days), h * 60 + m, 'Asia/Kolkata');
  rt.deps.now = () => new Date(at);
  return at;
}
