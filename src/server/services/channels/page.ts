import { servicePrice } from '../../../shared/policy.js';
import { addDays, instantToZoned } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { findLinkPageSalon, resolveSlug } from '../../db/repositories/channels.js';
import { getAvailableSlots } from '../bookings/availability.js';

/*
 * What the salon's link page (/s/{slug}) carries in its HTML before any script runs: the salon,
 * its services and team, and its next free times, so a phone on a slow network shows something to
 * book at once and a link preview (WhatsApp, Instagram) has the salon's name and picture.
 */

/** How many free times the page lists, and over how many days it looks for them. */
const FREE_TIMES = 6;
const LOOK_AHEAD_DAYS = 7;

export interface LinkPage {
  merchantId: string;
  slug: string;
  name: string;
  description: string;
  place: string;
  phone: string | null;
  cover: string | null;
  services: { id: string; name: string; duration: number; price: number }[];
  team: { name: string; role: string }[];
  /** For the first service: the salon-local dates and times it can next be booked at. */
  nextFree: { service: string; times: { date: string; time: string }[] } | null;
}

export type LinkPageAnswer = { redirectTo: string } | { page: LinkPage } | null;

/** The page of a link: null when no published salon has it, a redirect for an old slug. */
export async function linkPage(db: Executor, slug: string, now = new Date()): Promise<LinkPageAnswer> {
  const found = await resolveSlug(db, slug);
  if (!found || !found.is_published) return null;
  if (found.current_slug !== slug) return { redirectTo: found.current_slug };
  const salon = await findLinkPageSalon(db, found.merchant_id);
  if (!salon) return null;
  const services = salon.services.map((s) => ({
    id: s.id,
    name: s.name,
    duration: s.duration_min,
    price: servicePrice({
      price: Number(s.price),
      discountType: s.discount_type,
      discountValue: Number(s.discount_value),
      discountActive: s.discount_active,
    }),
  }));
  return {
    page: {
      merchantId: salon.id,
      slug,
      name: salon.shop_name,
      description: salon.description,
      place: [salon.address, salon.city, salon.state].filter(Boolean).join(', '),
      phone: salon.phone,
      cover: salon.cover,
      services,
      team: salon.staff.map((s) => ({ name: s.name, role: s.role })),
      nextFree: services[0] ? await nextFreeTimes(db, salon.id, salon.time_zone, services[0], now) : null,
    },
  };
}

async function nextFreeTimes(db: Executor, merchantId: string, timeZone: string, service: { id: string; name: string }, now: Date) {
  const today = instantToZoned(now, timeZone).date;
  const times: { date: string; time: string }[] = [];
  for (let d = 0; d < LOOK_AHEAD_DAYS && times.length < FREE_TIMES; d++) {
    const date = addDays(today, d);
    const { data } = await getAvailableSlots(db, null, { merchantId, date, serviceIds: [service.id] }, { now });
    for (const slot of data.slots.slice(0, FREE_TIMES - times.length)) times.push({ date, time: slot.time });
  }
  return { service: service.name, times };
}
