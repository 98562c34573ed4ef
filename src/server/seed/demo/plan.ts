import { randomUUID } from 'node:crypto';
import { round2 } from '../../../shared/money.js';
import { addDays, canPerformAll, salonWindow, staffWindow, zonedTimeToInstant } from '../../../shared/slots.js';
import {
  type DemoBuild,
  demoSalonOf,
  HISTORY_DAYS,
  LEAD_MINUTES,
  MINUTE,
  PAST_UNSETTLED,
  type PlannedBooking,
  type SeedCustomer,
  type SeedSalon,
  type SeedService,
  salonBySlug,
  TIME_ZONE,
  UPCOMING_DAYS,
} from './kit.js';

/**
 * Which bookings the demo has: who booked which salon, professional, services and time, and
 * with which outcome, each placed where its professional is free. Sorted by start, with the
 * coupons a few regulars used. No rows yet (bookings.ts writes them).
 */
export function planBookings(build: DemoBuild, salons: SeedSalon[], customers: SeedCustomer[]): PlannedBooking[] {
  const { rng, today, nowMinutes } = build;
  const priya = customers[0];
  const merchantSalon = demoSalonOf(salons);
  const bySlug = (slug: string) => salonBySlug(salons, slug);
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
      salon.staff.filter(
        (m) =>
          m.status === 'Active' &&
          canPerformAll(
            m.specializations,
            services.map((s) => ({ name: s.name, categoryName: s.categoryName })),
          ),
      ),
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

  // Yesterday left bookings for the demo salon's desk: a customer checked in and never completed
  // (the job runner completes it on start, two hours after its end being long past, and tells the
  // salon so), and PAST_UNSETTLED nobody checked in (no-shows to mark, or a late check-in to complete). Past
  // days are free whatever the hour.
  book(merchantSalon, pickCustomer(merchantSalon), 'confirmed', around(-1, -3, -1));
  for (let i = 0; i < PAST_UNSETTLED; i++) book(merchantSalon, pickCustomer(merchantSalon), 'upcoming', around(-1, -3, -1));

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
  return byTime;
}
