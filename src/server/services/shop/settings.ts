import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { bookingReference } from '../../../shared/bookingReference.js';
import { gstinStateProblem } from '../../../shared/gstin.js';
import type {
  amenitiesInput,
  businessProfileFields,
  pricingChartsInput,
  updateBusinessHoursInput,
  updateNotificationSettingsInput,
} from '../../../shared/schemas/shop.js';
import { HOURS_CHANGE_REASON, type HoursClash } from '../../../shared/schemas/shop.js';
import type { SalonDayHours } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { lockOpeningHours } from '../../db/repositories/hoursCover.js';
import { refreshMerchantStats } from '../../db/repositories/merchantStats.js';
import { listShopImages } from '../../db/repositories/shopImages.js';
import { findShop, lockMerchantGstin, updateMerchant } from '../../db/repositories/shopProfile.js';
import type { Booking, MerchantsTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { cancelBookingsBySalon } from '../bookings/merchant.js';
import { displayDate } from '../bookings/notify.js';
import { shopOf } from '../scope.js';
import { waitlistTimeFreed } from '../waitlist/freed.js';
import { salonHoursClashes } from './hoursCover.js';
import { notificationSettingsOf, toShopProfileWire } from './wire.js';

export async function shopProfileOf(db: Executor, merchantId: string) {
  const [shop, images] = await Promise.all([findShop(db, merchantId), listShopImages(db, merchantId)]);
  if (!shop) throw notFound('Salon');
  return toShopProfileWire(shop, images);
}

/** Settings & Profile load: the path names the shop, which must be the caller's own (admins: any). */
export async function getMerchantSettings(deps: AppDeps, actor: Actor, id: string) {
  if (actor.role !== 'admin' && id !== actor.id) throw forbidden('id: you can only open your own shop settings');
  return { merchant: await shopProfileOf(deps.db, id) };
}

export async function getShop(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  return { shop: await shopProfileOf(deps.db, await shopOf(deps.db, actor, merchantId)) };
}

type ProfileFields = z.output<typeof businessProfileFields>;

/** The profile fields sent, as columns; coordinates come as a pair (latitude/longitude or GeoJSON). */
function profileColumns(p: ProfileFields): Updateable<MerchantsTable> {
  let latitude = p.latitude;
  let longitude = p.longitude;
  if (p.location) [longitude, latitude] = p.location.coordinates;
  if ((latitude === undefined) !== (longitude === undefined)) {
    const missing = latitude === undefined ? 'latitude' : 'longitude';
    throw badRequest(`${missing}: send latitude and longitude together`, missing);
  }
  const cols: Updateable<MerchantsTable> = {};
  if (p.shop_Name !== undefined) cols.shop_name = p.shop_Name;
  if (p.shop_Owner !== undefined) cols.shop_owner = p.shop_Owner;
  if (p.official_Email !== undefined) cols.email = p.official_Email;
  if (p.phone !== undefined) cols.phone = p.phone;
  if (p.Shop_Address !== undefined) cols.address = p.Shop_Address;
  if (p.City !== undefined) cols.city = p.City;
  if (p.State !== undefined) cols.state = p.State;
  if (p.Country !== undefined) cols.country = p.Country;
  if (p.postalCode !== undefined) cols.postal_code = p.postalCode;
  if (p.description !== undefined) cols.description = p.description;
  if (p.gender !== undefined) cols.gender_served = p.gender;
  if (p.shop_type !== undefined) cols.shop_types = [...new Set(p.shop_type)];
  if (p.timeZone !== undefined) cols.time_zone = p.timeZone;
  if (latitude !== undefined && longitude !== undefined) {
    cols.latitude = latitude;
    cols.longitude = longitude;
  }
  return cols;
}

/**
 * Where the address is, when the merchant moved the shop (or never placed it) without sending
 * coordinates: the most precise place the geocoder knows, trying the whole address, then each
 * part of it (a locality) in the city, then the city. Null when nothing matches or the geocoder
 * fails; the merchant can always send exact coordinates.
 */
async function locate(
  deps: AppDeps,
  address: string,
  city: string,
  state: string,
): Promise<{ latitude: number; longitude: number } | null> {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const queries = [
    [address, city, state].filter(Boolean).join(', '),
    ...parts.reverse().map((p) => [p, city].filter(Boolean).join(', ')),
    [city, state].filter(Boolean).join(', '),
  ];
  try {
    for (const q of [...new Set(queries)]) {
      if (!q) continue;
      const [hit] = await deps.adapters.geocoder.search(q, 1);
      if (hit) return { latitude: hit.lat, longitude: hit.lon };
    }
  } catch {
    return null;
  }
  return null;
}

async function saveProfile(deps: AppDeps, actor: Actor, input: ProfileFields & { merchantId?: string }) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const cols = profileColumns(input);
  if (cols.latitude === undefined) {
    const shop = await findShop(deps.db, merchantId);
    if (!shop) throw notFound('Salon');
    const next = { address: cols.address ?? shop.address, city: cols.city ?? shop.city, state: cols.state ?? shop.state };
    const moved = next.address !== shop.address || next.city !== shop.city || next.state !== shop.state;
    if (moved || shop.latitude == null) {
      const point = await locate(deps, next.address, next.city, next.state);
      if (point) Object.assign(cols, point);
    }
  }
  return deps.db.transaction().execute(async (trx) => {
    if (cols.state !== undefined) {
      // The salon's GSTIN names its state: a move to another state needs the new registration first.
      const { gstin } = await lockMerchantGstin(trx, merchantId);
      const clash = gstin ? gstinStateProblem(gstin, cols.state) : null;
      if (clash) throw badRequest(`State: ${clash}; change or remove the GSTIN under GST details first`, 'State');
    }
    if (Object.keys(cols).length) await updateMerchant(trx, merchantId, cols);
    return shopProfileOf(trx, merchantId);
  });
}

export async function updateBusinessProfile(deps: AppDeps, actor: Actor, input: ProfileFields & { merchantId?: string }) {
  const merchant = await saveProfile(deps, actor, input);
  return { success: true as const, message: 'Business profile updated successfully.', merchant };
}

export async function updateShop(deps: AppDeps, actor: Actor, input: ProfileFields & { merchantId?: string }) {
  const shop = await saveProfile(deps, actor, input);
  return { success: true as const, message: 'Shop profile updated successfully.', shop };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The 409's message: how many, and each (customer, date, time, #reference) as the calendar's block refusal names them. */
function uncoveredMessage(clashes: HoursClash[]): string {
  const listed = clashes
    .slice(0, 10)
    .map((c) => `${c.customerName || 'a customer'} on ${displayDate(c.bookingDate)} at ${c.bookingTime} (${bookingReference(c.bookingId)})`)
    .join('; ');
  const more = clashes.length > 10 ? `; and ${clashes.length - 10} more` : '';
  return (
    `openingHours: ${plural(clashes.length, 'upcoming booking')} ${clashes.length === 1 ? 'falls' : 'fall'} outside the new opening hours: ${listed}${more}. ` +
    'Save again with decision "keep" (the bookings stay) or "cancel" (each is cancelled with a full refund and the customer told).'
  );
}

/**
 * The opening hours drive availability: slots are only offered inside them. The salon's row is
 * locked (FOR UPDATE) while the upcoming bookings the new hours leave uncovered are found and the
 * hours saved; a booking being placed meanwhile holds the hours it was judged by (FOR KEY SHARE)
 * and is refused if they changed, so none slips in unlisted. Uncovered bookings and no decision:
 * 409 listing them (`data.clashes`), nothing saved. `keep`: saved, they stay. `cancel`: saved, and
 * each is cancelled by the salon in the same transaction (full refund, the customer told).
 */
export async function updateBusinessHours(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof updateBusinessHoursInput>,
  opts: { now?: Date } = {},
) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const now = opts.now ?? new Date();
  const decision = input.decision ?? null;
  const result = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOpeningHours(trx, merchantId);
    if (!current) throw notFound('Salon');
    const before = Array.isArray(current.opening_hours) ? (current.opening_hours as SalonDayHours[]) : [];
    const clashes = await salonHoursClashes(trx, merchantId, before, input.openingHours, now);
    const seen = input.bookingIds ? new Set(input.bookingIds) : null;
    const unseen = seen ? clashes.filter((c) => !seen.has(c.bookingId)) : [];
    if (clashes.length && (!decision || unseen.length)) {
      throw new AppError(
        'CONFLICT',
        unseen.length && decision
          ? `openingHours: ${plural(unseen.length, 'more booking')} outside the new hours since you looked. ${uncoveredMessage(clashes)}`
          : uncoveredMessage(clashes),
        'openingHours',
        { clashes },
      );
    }
    await updateMerchant(trx, merchantId, { opening_hours: JSON.stringify(input.openingHours) });
    // Longer hours may fit someone waiting: every waiting day is matched again.
    await waitlistTimeFreed(trx, merchantId, null, now);
    if (decision !== 'cancel' || !clashes.length) return { clashes, cancelled: [] as Booking[] };
    const reason = input.cancellationReason ?? HOURS_CHANGE_REASON;
    const cancelled = await cancelBookingsBySalon(
      trx,
      actor,
      { id: merchantId, name: current.shop_name },
      clashes.map((c) => ({ id: c.bookingId, status: c.status })),
      reason,
      now,
    );
    if (cancelled.length) await refreshMerchantStats(trx, merchantId);
    return { clashes, cancelled };
  });
  if (result.cancelled.length) publishDeskChange(deps.db, merchantId, [...new Set(result.cancelled.map((b) => b.booking_date))]);
  const n = result.clashes.length;
  const message = !n
    ? 'Business hours updated successfully.'
    : decision === 'cancel'
      ? `Business hours updated. ${plural(result.cancelled.length, 'booking')} cancelled with a full refund; the customers have been told.`
      : `Business hours updated. ${plural(n, 'booking')} outside the new hours ${n === 1 ? 'was' : 'were'} kept.`;
  return {
    success: true as const,
    message,
    openingHours: input.openingHours,
    clashes: result.clashes,
    decision: n ? decision : null,
    cancelled: result.cancelled.length,
  };
}

/** Merges the preferences sent into the stored ones; the ones not sent keep their value. */
export async function updateNotificationSettings(deps: AppDeps, actor: Actor, input: z.output<typeof updateNotificationSettingsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const shop = await findShop(trx, merchantId);
    if (!shop) throw notFound('Salon');
    const sent = new Map(input.preferences.map((p) => [p.id, p.enabled]));
    const settings = notificationSettingsOf(shop.notification_settings).map((p) => ({ ...p, enabled: sent.get(p.id) ?? p.enabled }));
    await updateMerchant(trx, merchantId, { notification_settings: JSON.stringify(settings) });
    return { success: true as const, message: 'Notification settings updated successfully.', notificationSettings: settings };
  });
}

export async function getAmenities(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await findShop(deps.db, await shopOf(deps.db, actor, merchantId));
  if (!shop) throw notFound('Salon');
  return { amenities: shop.amenities };
}

export async function updateAmenities(deps: AppDeps, actor: Actor, input: z.output<typeof amenitiesInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await updateMerchant(deps.db, merchantId, { amenities: input.amenities });
  return { amenities: input.amenities };
}

export async function getPricingCharts(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await findShop(deps.db, await shopOf(deps.db, actor, merchantId));
  if (!shop) throw notFound('Salon');
  return { pricingCharts: Array.isArray(shop.pricing_charts) ? shop.pricing_charts : [] };
}

export async function updatePricingCharts(deps: AppDeps, actor: Actor, input: z.output<typeof pricingChartsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await updateMerchant(deps.db, merchantId, { pricing_charts: JSON.stringify(input.pricingCharts) });
  return { pricingCharts: input.pricingCharts };
}
