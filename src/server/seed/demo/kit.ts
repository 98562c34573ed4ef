/*
 * What the parts of the demo data share (see ../demo.ts, which runs them in order): the rows being
 * built, the repeatable random choices, the clock, and the plans each part hands to the next.
 */

import type { Insertable } from 'kysely';
import type { GenderServed } from '../../../shared/constants.js';
import { longDate } from '../../../shared/dates.js';
import { instantToZoned } from '../../../shared/slots.js';
import type { Database, OpeningHoursDay, WorkingHoursDay } from '../../db/types.js';
import { type CustomerDef, MERCHANT_SLUG, type SalonDef } from '../salons.js';

export const TIME_ZONE = 'Asia/Kolkata';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Past bookings reach back this many days; upcoming ones this many days ahead. */
export const HISTORY_DAYS = 60;
export const UPCOMING_DAYS = 7;
/** An upcoming booking today starts at least this long after "now", so it stays cancellable for a while. */
export const LEAD_MINUTES = 90;
/**
 * The demo salon's bookings from yesterday that nobody checked in, left for its desk to settle
 * (the browser tests take them: the desk's the first two, the calendar's the last, checkout's two more).
 */
export const PAST_UNSETTLED = 5;

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

/** Every row the demo inserts, table by table, in insertion order. */
export interface DemoData {
  accounts: Rows<'accounts'>;
  categories: Rows<'categories'>;
  merchants: Rows<'merchants'>;
  salon_slugs: Rows<'salon_slugs'>;
  salon_links: Rows<'salon_links'>;
  merchant_categories: Rows<'merchant_categories'>;
  services: Rows<'services'>;
  staff: Rows<'staff'>;
  shop_images: Rows<'shop_images'>;
  coupons: Rows<'coupons'>;
  bookings: Rows<'bookings'>;
  booking_services: Rows<'booking_services'>;
  commission_ledger: Rows<'commission_ledger'>;
  reviews: Rows<'reviews'>;
  manual_bookings: Rows<'manual_bookings'>;
  testimonials: Rows<'testimonials'>;
  notifications: Rows<'notifications'>;
}

/** mulberry32: small, fast and good enough to make demo choices repeatable. */
function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, shuffle, chance };
}
export type Rng = ReturnType<typeof createRng>;

/**
 * One build of the demo data: the rows so far, the random choices (one sequence: each part draws
 * from it in turn, so the parts must run in the same order to give the same data) and the clock.
 */
export interface DemoBuild {
  data: DemoData;
  rng: Rng;
  now: Date;
  /** The platform-local date and minute of `now`. */
  today: string;
  nowMinutes: number;
  passwordHash: string;
}

export function startDemoBuild(passwordHash: string, now: Date): DemoBuild {
  const rng = createRng(20_261_122);
  const today = instantToZoned(now, TIME_ZONE).date;
  const nowMinutes = instantToZoned(now, TIME_ZONE).minutes;
  const data: DemoData = {
    accounts: [],
    categories: [],
    merchants: [],
    merchant_categories: [],
    services: [],
    staff: [],
    shop_images: [],
    coupons: [],
    bookings: [],
    booking_services: [],
    commission_ledger: [],
    salon_slugs: [],
    salon_links: [],
    reviews: [],
    manual_bookings: [],
    testimonials: [],
    notifications: [],
  };
  return { data, rng, now, today, nowMinutes, passwordHash };
}

export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export const toMinutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
export const earliest = (...dates: Date[]) => new Date(Math.min(...dates.map((d) => d.getTime())));

export const displayDate = (date: string) => longDate(date);

export interface SeedService {
  id: string;
  name: string;
  categoryName: string;
  duration: number;
  /** What a booking charges: the list price after the service's own active discount. */
  price: number;
  active: boolean;
  gender?: Exclude<GenderServed, 'unisex'>;
}

export interface SeedStaff {
  id: string;
  name: string;
  status: string;
  workingHours: WorkingHoursDay[];
  daysOff: string[];
  specializations: string[];
}

export interface SeedSalon {
  def: SalonDef;
  id: string;
  hours: OpeningHoursDay[];
  services: SeedService[];
  staff: SeedStaff[];
  /** staff id → local date → booked [start, end) minutes. */
  busy: Map<string, Map<string, [number, number][]>>;
}

export interface SeedCustomer {
  id: string;
  def: CustomerDef;
  name: string;
}

export interface PlannedBooking {
  id: string;
  salon: SeedSalon;
  customer: SeedCustomer;
  staff: SeedStaff;
  services: SeedService[];
  date: string;
  minutes: number;
  startsAt: Date;
  endsAt: Date;
  status: 'completed' | 'cancelled' | 'upcoming' | 'confirmed';
  subtotal: number;
  couponCode?: string;
  review?: 'yes' | 'no';
  rating?: number;
}

/** The salon merchant@demo.in owns: the one the demo's desk, dashboard and offers revolve around. */
export const demoSalonOf = (salons: SeedSalon[]) => salons.find((s) => s.def.slug === MERCHANT_SLUG)!;
export const salonBySlug = (salons: SeedSalon[], slug: string) => salons.find((s) => s.def.slug === slug)!;

/** In-app notifications about a booking, for its customer and for its salon. */
export function bookingNotices(data: DemoData) {
  return {
    customerNotice: (b: PlannedBooking, title: string, message: string, at: Date, read: boolean) =>
      data.notifications.push({
        account_id: b.customer.id,
        type: 'booking',
        title,
        message,
        link: '/bookings',
        is_read: read,
        created_at: at,
      }),
    salonNotice: (b: PlannedBooking, title: string, message: string, at: Date, read: boolean, type: 'booking' | 'system' = 'booking') =>
      data.notifications.push({
        account_id: b.salon.id,
        type,
        title,
        message,
        link: '/merchant/appointments',
        is_read: read,
        created_at: at,
      }),
  };
}
