import { randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, OpeningHoursDay, WorkingHoursDay } from '../db/types.js';
import { refreshMerchantStats } from '../db/repositories/merchantStats.js';
import { hashPassword } from '../services/auth/passwords.js';
import { defaultNotificationPreferences } from '../../shared/hours.js';
import { round2 } from '../../shared/money.js';
import { longDate } from '../../shared/dates.js';
import { bookingCommission, commissionSplit, servicePrice } from '../../shared/policy.js';
import { addDays, canPerformAll, instantToZoned, salonWindow, staffWindow, zonedTimeToInstant } from '../../shared/slots.js';
import { formatMinutes12h } from '../../shared/validation.js';
import { CATEGORIES, SERVICE_MENU, categoryImage, type CategoryDef } from './catalogue.js';
import {
  CANCEL_REASONS,
  CUSTOMERS,
  MERCHANT_SLUG,
  OWNER_RESPONSES,
  REVIEW_TEXTS,
  SALONS,
  TESTIMONIALS,
  type CustomerDef,
  type SalonDef,
} from './salons.js';

export const DEMO_PASSWORD = 'Demo@1234';

const TIME_ZONE = 'Asia/Kolkata';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past bookings reach back this many days; upcoming ones this many days ahead. */
const HISTORY_DAYS = 60;
const UPCOMING_DAYS = 7;
/** An upcoming booking today starts at least this long after "now", so it stays cancellable for a while. */
const LEAD_MINUTES = 90;

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

/** Every row the demo inserts, table by table, in insertion order. */
export interface DemoData {
  accounts: Rows<'accounts'>;
  categories: Rows<'categories'>;
  merchants: Rows<'merchants'>;
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

const TABLE_ORDER: (keyof DemoData)[] = [
  'accounts',
  'categories',
  'merchants',
  'merchant_categories',
  'services',
  'staff',
  'shop_images',
  'coupons',
  'bookings',
  'booking_services',
  'commission_ledger',
  'reviews',
  'manual_bookings',
  'testimonials',
  'notifications',
];

/**
 * Loads the demo marketplace in one transaction. The password is hashed once (argon2 is the
 * slow part) and rows go in as multi-row inserts, so first start on PGlite stays quick.
 */
export async function loadDemoData(db: Db, now: Date = new Date()): Promise<void> {
  const data = buildDemoData(await hashPassword(DEMO_PASSWORD), now);
  await db.transaction().execute(async (trx) => {
    for (const table of TABLE_ORDER) await insertAll(trx, table, data[table]);
    await refreshMerchantStats(trx);
  });
}

const CHUNK = 250;

async function insertAll<T extends keyof DemoData>(trx: Transaction<Database>, table: T, rows: DemoData[T]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot relate a generic table name to its row type; DemoData fixes the pairing.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
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
type Rng = ReturnType<typeof createRng>;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const earliest = (...dates: Date[]) => new Date(Math.min(...dates.map((d) => d.getTime())));

const displayDate = (date: string) => longDate(date);

function phoneFrom(rng: Rng): string {
  return `${rng.pick(['9', '8', '7'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
}

function emailLocal(name: string): string {
  return name
    .replace(/^Dr\.\s*/, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .join('.');
}

interface SeedService {
  id: string;
  name: string;
  categoryName: string;
  duration: number;
  /** What a booking charges: the list price after the service's own active discount. */
  price: number;
  active: boolean;
  gender?: 'male' | 'female';
}

interface SeedStaff {
  id: string;
  name: string;
  status: string;
  workingHours: WorkingHoursDay[];
  daysOff: string[];
  specializations: string[];
}

interface SeedSalon {
  def: SalonDef;
  id: string;
  hours: OpeningHoursDay[];
  services: SeedService[];
  staff: SeedStaff[];
  /** staff id → local date → booked [start, end) minutes. */
  busy: Map<string, Map<string, [number, number][]>>;
}

interface SeedCustomer {
  id: string;
  def: CustomerDef;
  name: string;
}

interface PlannedBooking {
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

/**
 * Builds the demo rows: pure apart from the generated ids, and relative to `now`, so the data
 * always looks recent and the same day gives the same data.
 */
export function buildDemoData(passwordHash: string, now: Date): DemoData {
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
    reviews: [],
    manual_bookings: [],
    testimonials: [],
    notifications: [],
  };

  // Accounts ---------------------------------------------------------------------------------
  data.accounts.push({
    id: randomUUID(),
    email: 'admin@demo.in',
    password_hash: passwordHash,
    role: 'admin',
    first_name: 'Asha',
    last_name: 'Verma',
    phone: '9000012345',
    avatar_url: null,
    created_at: ago(now, 400 * DAY),
    email_verified_at: ago(now, 400 * DAY),
    phone_verified_at: ago(now, 400 * DAY),
  });
  const customers: SeedCustomer[] = CUSTOMERS.map((def, i) => {
    const id = randomUUID();
    const joined = ago(now, (i === 0 ? 180 : rng.int(75, 360)) * DAY + rng.int(0, 86_399) * 1000);
    data.accounts.push({
      id,
      email: i === 0 ? 'customer@demo.in' : `${def.first}.${def.last}@demo.in`.toLowerCase(),
      password_hash: passwordHash,
      role: 'customer',
      first_name: def.first,
      last_name: def.last,
      phone: def.phone,
      avatar_url: `/images/demo/customers/${i + 1}.svg`,
      created_at: joined,
      // The demo's people proved their addresses and numbers when they joined: WhatsApp sign-in works.
      email_verified_at: joined,
      phone_verified_at: joined,
    });
    return { id, def, name: `${def.first} ${def.last}` };
  });
  const priya = customers[0];

  // Category catalogue ---------------------------------------------------------------------
  const categoryIds = new Map<CategoryDef, string>();
  const sortOrder = new Map<string, number>();
  for (const c of CATEGORIES) {
    const id = randomUUID();
    categoryIds.set(c, id);
    const order = sortOrder.get(c.shopCategory) ?? 0;
    sortOrder.set(c.shopCategory, order + 1);
    data.categories.push({ id, name: c.name, shop_category: c.shopCategory, icon: c.icon, image: categoryImage(c.name), sort_order: order });
  }

  // Salons, their menus, teams and pictures ----------------------------------------------------
  let staffAvatar = 0;
  const salons: SeedSalon[] = SALONS.map((def) => {
    const id = randomUUID();
    const published = def.published !== false;
    const joined = ago(now, rng.int(120, 540) * DAY);
    data.accounts.push({
      id,
      email: def.owner.email,
      password_hash: passwordHash,
      role: 'merchant',
      first_name: def.owner.first,
      last_name: def.owner.last,
      phone: def.phone,
      avatar_url: null,
      created_at: joined,
      email_verified_at: joined,
      phone_verified_at: joined,
    });
    data.merchants.push({
      id,
      shop_name: def.name,
      shop_owner: `${def.owner.first} ${def.owner.last}`,
      address: def.address,
      city: def.city,
      state: def.state,
      country: 'India',
      postal_code: def.postalCode,
      latitude: def.lat,
      longitude: def.lng,
      shop_types: def.shopTypes,
      description: def.description,
      phone: def.phone,
      email: `hello.${def.slug.replace(/-/g, '')}@demo.in`,
      opening_hours: JSON.stringify(def.hours),
      time_zone: TIME_ZONE,
      is_published: published,
      publish_status: published ? 'approved' : 'draft',
      amenities: def.amenities,
      gender_served: def.gender,
      is_sponsored: !!def.promotion,
      promotion_message: def.promotion ?? null,
      notification_settings: JSON.stringify(defaultNotificationPreferences()),
      created_at: new Date(joined.getTime() + 2 * HOUR),
    });

    const services: SeedService[] = [];
    const menus = def.categories.map((name) => {
      const cat = def.shopTypes
        .map((type) => CATEGORIES.find((c) => c.name === name && c.shopCategory === type))
        .find((c) => c !== undefined);
      if (!cat) throw new Error(`seed: category ${name} does not fit ${def.name}`);
      data.merchant_categories.push({ merchant_id: id, category_id: categoryIds.get(cat)!, created_at: joined });
      // The catalogue lists each category's staples first (every salon that cuts hair offers a
      // haircut); the rest of the menu varies from salon to salon.
      const offered = SERVICE_MENU[name].filter((t) => !t.gender || def.gender === 'unisex' || t.gender === def.gender);
      const staples = name === 'Haircut & Styling' ? 2 : 1;
      const menu = [...offered.slice(0, staples), ...rng.shuffle(offered.slice(staples))];
      return { cat, menu };
    });
    for (let round = 0; services.length < def.serviceCount && menus.some((m) => m.menu.length > round); round++) {
      for (const { cat, menu } of menus) {
        const t = menu[round];
        if (!t || services.length >= def.serviceCount) continue;
        const price = Math.min(4999, Math.max(199, Math.round((t.basePrice * def.priceTier) / 50) * 50 - 1));
        services.push({ id: randomUUID(), name: t.name, categoryName: cat.name, duration: t.duration, price, active: true, gender: t.gender });
        data.services.push({
          id: services[services.length - 1].id,
          merchant_id: id,
          category_id: categoryIds.get(cat)!,
          name: t.name,
          description: t.description,
          duration_min: t.duration,
          price,
          discount_type: null,
          discount_value: 0,
          discount_active: false,
          active: true,
          image: categoryImage(cat.name),
          created_at: joined,
        });
      }
    }
    // A paused service shows the Inactive badge on the bigger menus.
    if (services.length >= 11) {
      services[services.length - 1].active = false;
      data.services[data.services.length - 1].active = false;
    }
    const discounted = rng.shuffle(services.filter((s) => s.active)).slice(0, def.slug === MERCHANT_SLUG ? 2 : rng.int(0, 2));
    discounted.forEach((s, i) => {
      const row = data.services.find((r) => r.id === s.id)!;
      if (i % 2 === 0) {
        row.discount_type = 'percentage';
        row.discount_value = rng.pick([10, 15, 20, 25]);
      } else {
        row.discount_type = 'flat';
        row.discount_value = Math.min(rng.pick([100, 150, 200, 250]), Math.floor(s.price / 2));
      }
      row.discount_active = true;
      s.price = servicePrice({ price: s.price, discountType: row.discount_type, discountValue: row.discount_value!, discountActive: true });
    });

    const staff: SeedStaff[] = def.staff.map((m, i) => {
      const workingHours: WorkingHoursDay[] = m.shift
        ? def.hours.map((d) => ({
            day: d.name,
            enabled: d.enabled && d.name !== m.shift!.dayOff,
            start: hhmm(toMinutes(d.openTime) + (m.shift!.startLate ?? 0)),
            end: d.closeTime,
          }))
        : [];
      const specializations = m.does === 'all' ? [] : services.filter((s) => m.does.includes(s.categoryName)).map((s) => s.name);
      // Two people have a one-off day off this week, so the slot picker has something to skip.
      const daysOff = (def.slug === MERCHANT_SLUG && i === 1) || (def.slug === 'blush-studio' && i === 1) ? [addDays(today, 3)] : [];
      const member: SeedStaff = {
        id: randomUUID(),
        name: m.name,
        status: m.status ?? 'Active',
        workingHours,
        daysOff,
        specializations,
      };
      data.staff.push({
        id: member.id,
        merchant_id: id,
        name: m.name,
        email: `${emailLocal(m.name)}@demo.in`,
        phone: phoneFrom(rng),
        role: m.role,
        rate: Math.round((100 + m.years * 25 + (m.role === 'Manager' ? 100 : 0)) / 50) * 50,
        status: member.status as 'Active' | 'On Leave',
        avatar_url: `/images/demo/staff/${++staffAvatar}.svg`,
        specializations,
        experience_years: m.years,
        working_hours: JSON.stringify(workingHours),
        days_off: daysOff,
        created_at: joined,
      });
      return member;
    });

    for (let n = 1; n <= def.images; n++) {
      data.shop_images.push({ merchant_id: id, url: `/images/demo/salons/${def.slug}-${n}.svg`, is_cover: n === 1, created_at: joined });
    }
    return { def, id, hours: def.hours, services, staff, busy: new Map() };
  });
  const merchantSalon = salons.find((s) => s.def.slug === MERCHANT_SLUG)!;
  const bySlug = (slug: string) => salons.find((s) => s.def.slug === slug)!;

  // Coupons -----------------------------------------------------------------------------------
  const couponIds = new Map<string, string>();
  const coupon = (row: Insertable<Database['coupons']>) => {
    const id = randomUUID();
    couponIds.set(row.code, id);
    data.coupons.push({ ...row, id, created_at: row.valid_from ? zonedTimeToInstant(row.valid_from, 9 * 60, TIME_ZONE) : now });
  };
  // The chat assistant states the live platform offers; these three are the spec's, with the rules
  // their words promise (soonest to end first, the order the offers are listed in).
  coupon({ code: 'GLOW20', merchant_id: null, description: '20% off facials', discount_type: 'percentage', discount_value: 20, min_amount: 0, max_discount: 500, service_category: 'Facial', valid_from: addDays(today, -30), valid_until: addDays(today, 75) });
  coupon({ code: 'NEWUSER', merchant_id: null, description: '₹200 off first booking', discount_type: 'flat', discount_value: 200, min_amount: 499, max_discount: null, first_booking_only: true, valid_from: addDays(today, -90), valid_until: addDays(today, 90) });
  // Buy 1 get 1: the cheaper service is free, so it takes at most half of a two-service booking.
  coupon({ code: 'WEEKEND', merchant_id: null, description: 'Buy 1 get 1', discount_type: 'percentage', discount_value: 50, min_amount: 0, max_discount: 1500, weekend_only: true, buy_one_get_one: true, valid_from: addDays(today, -14), valid_until: addDays(today, 120) });
  coupon({ code: 'GLOWPUNE15', merchant_id: merchantSalon.id, description: '15% off every service at Glow & Grace Salon', discount_type: 'percentage', discount_value: 15, min_amount: 0, max_discount: 750, valid_from: addDays(today, -45), valid_until: addDays(today, 60), usage_limit: 100 });
  coupon({ code: 'SUKOON300', merchant_id: bySlug('sukoon-spa-wellness').id, description: 'Flat ₹300 off spa treatments above ₹1,999', discount_type: 'flat', discount_value: 300, min_amount: 1999, max_discount: null, valid_from: addDays(today, -20), valid_until: addDays(today, 70) });
  coupon({ code: 'DIWALI25', merchant_id: merchantSalon.id, description: 'Festive 25% off (expired)', discount_type: 'percentage', discount_value: 25, min_amount: 999, max_discount: 1000, valid_from: addDays(today, -120), valid_until: addDays(today, -35), usage_limit: 50 });
  const couponDiscount = (code: string, subtotal: number) => {
    const c = data.coupons.find((r) => r.code === code)!;
    if (subtotal < Number(c.min_amount ?? 0)) return 0;
    const raw = c.discount_type === 'percentage' ? (subtotal * c.discount_value) / 100 : c.discount_value;
    return round2(Math.min(raw, c.max_discount ?? Infinity, subtotal));
  };

  // Bookings ------------------------------------------------------------------------------------
  const planned: PlannedBooking[] = [];

  const chooseServices = (salon: SeedSalon, customer: SeedCustomer, preferred?: string): SeedService[] => {
    const menu = salon.services.filter((s) => s.active && (!s.gender || s.gender === customer.def.gender));
    const first = (preferred && menu.find((s) => s.name === preferred)) || rng.pick(menu);
    if (!rng.chance(0.3)) return [first];
    const second = rng.pick(menu.filter((s) => s !== first && s.duration + first.duration <= 150));
    return second ? [first, second] : [first];
  };

  /** Finds a staff member and start time at or after `prefer` (salon-local minutes) on `date`. */
  const place = (salon: SeedSalon, date: string, services: SeedService[], prefer: number, notBefore = 0) => {
    const open = salonWindow(salon.hours, date);
    if (!open) return null;
    const duration = services.reduce((n, s) => n + s.duration, 0);
    const team = rng.shuffle(
      salon.staff.filter((m) => m.status === 'Active' && canPerformAll(m.specializations, services.map((s) => ({ name: s.name, categoryName: s.categoryName })))),
    );
    for (const member of team) {
      const window = staffWindow(open, { workingHours: member.workingHours, daysOff: member.daysOff }, date);
      if (!window) continue;
      const lo = Math.ceil(Math.max(window.start, notBefore) / 15) * 15;
      const starts: number[] = [];
      for (let m = Math.max(lo, Math.ceil(prefer / 15) * 15); m + duration <= window.end; m += 15) starts.push(m);
      for (let m = lo; m < prefer && m + duration <= window.end; m += 15) starts.push(m);
      const day = salon.busy.get(member.id)?.get(date) ?? [];
      const start = starts.find((m) => day.every(([s, e]) => m + duration <= s || m >= e));
      if (start === undefined) continue;
      day.push([start, start + duration]);
      if (!salon.busy.has(member.id)) salon.busy.set(member.id, new Map());
      salon.busy.get(member.id)!.set(date, day);
      return { staff: member, minutes: start, duration };
    }
    return null;
  };

  const randomStart = (salon: SeedSalon, date: string) => {
    const open = salonWindow(salon.hours, date);
    if (!open) return 0;
    // Late afternoons and evenings fill up first, as in any city salon.
    const span = open.end - open.start - 60;
    const bias = rng.chance(0.45) ? 0.55 + rng.next() * 0.45 : rng.next();
    return open.start + Math.floor((span * bias) / 15) * 15;
  };

  const book = (
    salon: SeedSalon,
    customer: SeedCustomer,
    status: PlannedBooking['status'],
    dayOffsets: number[],
    extra: { service?: string; review?: 'yes' | 'no'; rating?: number } = {},
  ): void => {
    for (const offset of dayOffsets) {
      const date = addDays(today, offset);
      let services = chooseServices(salon, customer, extra.service);
      const notBefore = offset === 0 ? nowMinutes + LEAD_MINUTES : 0;
      let spot = place(salon, date, services, Math.max(randomStart(salon, date), notBefore), notBefore);
      if (!spot && services.length > 1) {
        services = services.slice(0, 1);
        spot = place(salon, date, services, Math.max(randomStart(salon, date), notBefore), notBefore);
      }
      if (!spot) continue;
      const startsAt = zonedTimeToInstant(date, spot.minutes, TIME_ZONE);
      planned.push({
        id: randomUUID(),
        salon,
        customer,
        staff: spot.staff,
        services,
        date,
        minutes: spot.minutes,
        startsAt,
        endsAt: new Date(startsAt.getTime() + spot.duration * MINUTE),
        status,
        subtotal: round2(services.reduce((n, s) => n + s.price, 0)),
        review: extra.review,
        rating: extra.rating,
      });
      return;
    }
  };
  /** Offsets to try: the wanted day first, then its neighbours within [min, max]. */
  const around = (offset: number, min: number, max: number) =>
    [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7].map((d) => offset + d).filter((d) => d >= min && d <= max);

  // The demo customer's own history: something to review, something reviewed, plans ahead.
  book(merchantSalon, priya, 'completed', around(-41, -HISTORY_DAYS, -1), { service: "Women's Haircut", review: 'yes', rating: 5 });
  book(bySlug('the-mane-room'), priya, 'completed', around(-54, -HISTORY_DAYS, -1), { review: 'yes', rating: 5 });
  book(bySlug('sukoon-spa-wellness'), priya, 'completed', around(-26, -HISTORY_DAYS, -1), { review: 'yes', rating: 4 });
  book(merchantSalon, priya, 'completed', around(-12, -HISTORY_DAYS, -1), { review: 'no' });
  book(bySlug('studio-nakhra'), priya, 'completed', around(-5, -HISTORY_DAYS, -1), { review: 'no' });
  book(bySlug('blush-studio'), priya, 'cancelled', around(-19, -HISTORY_DAYS, -1));
  book(merchantSalon, priya, 'upcoming', around(2, 1, UPCOMING_DAYS));
  book(bySlug('sukoon-spa-wellness'), priya, 'upcoming', around(5, 1, UPCOMING_DAYS));
  book(bySlug('studio-nakhra'), priya, 'upcoming', around(6, 1, UPCOMING_DAYS));

  const others = customers.slice(1);
  const pickCustomer = (salon: SeedSalon, except: SeedCustomer[] = []) => {
    const fit = others.filter((c) => (salon.def.gender === 'unisex' || c.def.gender === salon.def.gender) && !except.includes(c));
    const local = fit.filter((c) => c.def.city === salon.def.city);
    return local.length && rng.chance(0.7) ? rng.pick(local) : rng.pick(fit);
  };
  for (const salon of salons) {
    if (salon.def.published === false) continue;
    const already = planned.filter((b) => b.salon === salon && b.status === 'completed').length;
    for (let i = already; i < salon.def.completedBookings; i++) {
      // The first few fall in the last week so "trending this week" and dashboards have data.
      const offset = i < already + 3 ? -rng.int(1, 6) : -rng.int(1, HISTORY_DAYS);
      book(salon, pickCustomer(salon), 'completed', around(offset, -HISTORY_DAYS, -1));
    }
    const cancelled = rng.int(1, 3);
    for (let i = 0; i < cancelled; i++) book(salon, pickCustomer(salon), 'cancelled', around(-rng.int(1, 45), -HISTORY_DAYS, -1));
    const upcoming = salon === merchantSalon ? 6 : rng.int(0, 2);
    const booked: SeedCustomer[] = [];
    for (let i = 0; i < upcoming; i++) {
      const offset = salon === merchantSalon ? i : rng.int(0, UPCOMING_DAYS);
      const customer = pickCustomer(salon, booked);
      booked.push(customer);
      book(salon, customer, 'upcoming', around(offset, 0, UPCOMING_DAYS));
    }
  }

  // Yesterday left two bookings for the demo salon's desk to settle: a customer checked in but not
  // yet completed, and one never checked in (a no-show to mark). Past days are free whatever the hour.
  book(merchantSalon, pickCustomer(merchantSalon), 'confirmed', around(-1, -3, -1));
  book(merchantSalon, pickCustomer(merchantSalon), 'upcoming', around(-1, -3, -1));

  // A few regulars used coupons on past visits.
  const byTime = [...planned].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const name of ['Rohan Mehta', 'Kavya Reddy', 'Aditya Joshi', 'Neha Gupta']) {
    const first = byTime.find((b) => b.customer.name === name && b.status === 'completed');
    if (first && first.subtotal >= 499) first.couponCode = 'NEWUSER';
  }
  byTime
    .filter((b) => b.salon === merchantSalon && b.status === 'completed' && !b.couponCode && b.customer !== priya)
    .slice(-2)
    .forEach((b) => (b.couponCode = 'GLOWPUNE15'));

  const customerNotice = (b: PlannedBooking, title: string, message: string, at: Date, read: boolean) =>
    data.notifications.push({ account_id: b.customer.id, type: 'booking', title, message, link: '/bookings', is_read: read, created_at: at });
  const salonNotice = (b: PlannedBooking, title: string, message: string, at: Date, read: boolean, type: 'booking' | 'system' = 'booking') =>
    data.notifications.push({ account_id: b.salon.id, type, title, message, link: '/merchant/appointments', is_read: read, created_at: at });

  const usedCoupons = new Map<string, number>();
  for (const b of byTime) {
    const when = `${displayDate(b.date)} at ${formatMinutes12h(b.minutes)}`;
    const discount = b.couponCode ? couponDiscount(b.couponCode, b.subtotal) : 0;
    if (discount > 0) usedCoupons.set(b.couponCode!, (usedCoupons.get(b.couponCode!) ?? 0) + 1);
    const total = round2(b.subtotal - discount);
    const row: Insertable<Database['bookings']> = {
      id: b.id,
      user_id: b.customer.id,
      merchant_id: b.salon.id,
      staff_id: b.staff.id,
      starts_at: b.startsAt,
      ends_at: b.endsAt,
      booking_date: b.date,
      booking_time: formatMinutes12h(b.minutes),
      status: b.status,
      subtotal: b.subtotal,
      discount_amount: discount,
      total_price: total,
      total_duration: Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / MINUTE),
      coupon_id: discount > 0 ? couponIds.get(b.couponCode!)! : null,
    };
    if (b.status === 'confirmed') {
      row.created_at = ago(b.startsAt, rng.int(6, 72) * HOUR);
      Object.assign(row, { updated_at: ago(b.startsAt, 5 * MINUTE), scanned: true, scanned_at: ago(b.startsAt, 5 * MINUTE) });
    } else if (b.status === 'upcoming') {
      row.created_at = earliest(ago(now, rng.int(20, 72 * 60) * MINUTE), ago(b.startsAt, 3 * HOUR));
      row.updated_at = row.created_at;
      if (b.salon === merchantSalon) {
        salonNotice(b, 'New booking', `${b.customer.name} booked ${b.services.map((s) => s.name).join(' + ')} on ${when}.`, row.created_at as Date, rng.chance(0.4));
      }
    } else if (b.status === 'completed') {
      const completedAt = new Date(b.endsAt.getTime() + rng.int(5, 20) * MINUTE);
      // The booking carries the contract's figures, the ledger its balanced split (src/shared/policy.ts).
      const shares = bookingCommission(total);
      const split = commissionSplit(total);
      Object.assign(row, {
        created_at: ago(b.startsAt, rng.int(6, 240) * HOUR),
        updated_at: completedAt,
        scanned: true,
        scanned_at: ago(b.startsAt, rng.int(0, 10) * MINUTE),
        payment_received: true,
        completed_at: completedAt,
        commission: shares.commission,
        merchant_earning: shares.merchantEarning,
      });
      data.commission_ledger.push({
        booking_id: b.id,
        merchant_id: b.salon.id,
        gross_amount: total,
        commission: split.commission,
        merchant_earning: split.merchantEarning,
        created_at: completedAt,
      });
    } else {
      const bySalon = b.customer !== priya && rng.chance(0.2);
      const cancelledAt = ago(b.startsAt, rng.int(3, 48) * HOUR);
      Object.assign(row, {
        created_at: ago(cancelledAt, rng.int(1, 5) * DAY),
        updated_at: cancelledAt,
        cancelled_by: bySalon ? 'merchant' : 'customer',
        cancellation_reason: rng.pick(bySalon ? CANCEL_REASONS.merchant : CANCEL_REASONS.customer),
        cancelled_at: cancelledAt,
        refund_percent: 100,
      });
      if (b.customer === priya) {
        customerNotice(b, 'Booking cancelled', `Your booking at ${b.salon.def.name} on ${when} was cancelled. Refund: 100%.`, cancelledAt, true);
      }
      if (b.salon === merchantSalon && !bySalon && now.getTime() - cancelledAt.getTime() < 14 * DAY) {
        salonNotice(b, 'Booking cancelled', `${b.customer.name} cancelled the booking on ${when}.`, cancelledAt, true);
      }
    }
    data.bookings.push(row);
    b.services.forEach((s, position) =>
      data.booking_services.push({ booking_id: b.id, position, service_id: s.id, service_name: s.name, duration_min: s.duration, price: s.price }),
    );
    if (b.customer === priya && b.status === 'upcoming') {
      customerNotice(b, 'Booking confirmed', `Your booking at ${b.salon.def.name} on ${when} is confirmed.`, row.created_at as Date, false);
    }
    if (b.customer === priya && b.status === 'completed' && (b.review === 'no' || now.getTime() - b.startsAt.getTime() < 30 * DAY)) {
      customerNotice(b, 'Booking completed', `Thanks for visiting ${b.salon.def.name}. How was it? Leave a review from your bookings.`, row.completed_at as Date, b.review === 'yes');
    }
  }
  for (const c of data.coupons) c.used_count = usedCoupons.get(c.code) ?? 0;

  // Reviews: each tied to its own completed booking --------------------------------------------
  const RATINGS = [5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2];
  for (const salon of salons) {
    const done = byTime.filter((b) => b.salon === salon && b.status === 'completed');
    const chosen = [
      ...done.filter((b) => b.review === 'yes'),
      ...rng.shuffle(done.filter((b) => !b.review)),
    ].slice(0, Math.max(salon.def.reviews, done.filter((b) => b.review === 'yes').length));
    for (const b of chosen) {
      const completedAt = new Date(b.endsAt.getTime() + 20 * MINUTE);
      const createdAt = new Date(
        Math.max(
          completedAt.getTime() + 10 * MINUTE,
          earliest(new Date(completedAt.getTime() + rng.int(2, 40) * HOUR), ago(now, rng.int(30, 240) * MINUTE)).getTime(),
        ),
      );
      const rating = b.rating ?? rng.pick(RATINGS);
      const fill = (text: string) =>
        text
          .replace(/\{service\}/g, b.services[0].name)
          .replace(/\{staff\}/g, b.staff.name.replace(/^Dr\.\s*/, '').split(' ')[0])
          .replace(/\{city\}/g, salon.def.city)
          .replace(/\{name\}/g, b.customer.def.first)
          .replace(/\{phone\}/g, salon.def.phone);
      const tone = rating >= 4 ? 'high' : rating === 3 ? 'mid' : 'low';
      const respondedAt = new Date(createdAt.getTime() + rng.int(2, 30) * HOUR);
      const responds = respondedAt < now && rng.chance(tone === 'high' ? 0.45 : 0.9);
      data.reviews.push({
        booking_id: b.id,
        user_id: b.customer.id,
        merchant_id: salon.id,
        rating,
        comment: fill(rng.pick(REVIEW_TEXTS[rating])),
        response_text: responds ? fill(rng.pick(OWNER_RESPONSES[tone])) : null,
        response_at: responds ? respondedAt : null,
        created_at: createdAt,
        updated_at: responds ? respondedAt : createdAt,
      });
      if (salon === merchantSalon && now.getTime() - createdAt.getTime() < 10 * DAY) {
        salonNotice(b, `New ${rating}-star review`, `${b.customer.name} reviewed their ${b.services[0].name} with ${b.staff.name}.`, createdAt, responds, 'system');
      }
    }
  }

  // Walk-ins the salon noted by hand ------------------------------------------------------------
  const walkIns = [
    { name: 'Sakshi Kulkarni', mobile: '9765432109', email: 'sakshi.k@demo.in', status: 'confirmed' as const },
    { name: 'Omkar Pawar', mobile: '9881234567', email: 'omkar.pawar@demo.in', status: 'confirmed' as const },
    { name: 'Ruchi Agarwal', mobile: '9702345678', email: 'ruchi.agarwal@demo.in', status: 'completed' as const },
    { name: 'Harsh Vardhan', mobile: '8806543210', email: 'harsh.vardhan@demo.in', status: 'confirmed' as const },
  ];
  walkIns.forEach((w, i) =>
    data.manual_bookings.push({ merchant_id: merchantSalon.id, ...w, created_at: ago(now, (i * 2 + 1) * DAY + rng.int(60, 480) * MINUTE) }),
  );

  TESTIMONIALS.forEach((t, i) =>
    data.testimonials.push({ ...t, avatar: `/images/demo/testimonials/${i + 1}.svg`, created_at: ago(now, (60 - i * 9) * DAY) }),
  );

  return data;
}

/** Every picture the demo rows point at, for the image generator and the seed test. */
export function demoImagePaths(data: DemoData): string[] {
  const paths = new Set<string>();
  const add = (p: string | null | undefined) => p && p.startsWith('/images/demo/') && paths.add(p);
  data.accounts.forEach((r) => add(r.avatar_url));
  data.categories.forEach((r) => add(r.image));
  data.services.forEach((r) => add(r.image));
  data.staff.forEach((r) => add(r.avatar_url));
  data.shop_images.forEach((r) => add(r.url));
  data.testimonials.forEach((r) => add(r.avatar));
  return [...paths].sort();
}

