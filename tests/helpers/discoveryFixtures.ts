import type { Runtime } from '../../src/server/bootstrap.js';
import { refreshMerchantStats } from '../../src/server/db/repositories/merchantStats.js';
import type { Actor } from '../../src/server/deps.js';
import { createCategory, createSalon, createService, type OpeningDay, openingHours, type SalonFixture } from './fixtures.js';

/*
 * Salons with what discovery filters and sorts on: place, amenities, gender, figures, images,
 * services in categories. Written straight into the database on top of fixtures.ts.
 */

export interface DiscoverySalonSpec {
  name: string;
  published?: boolean;
  city: string;
  state: string;
  address: string;
  lat: number | null;
  lng: number | null;
  amenities?: string[];
  gender?: 'unisex' | 'male' | 'female';
  rating?: number;
  reviews?: number;
  bookings?: number;
  sponsored?: string | null;
  openingHours?: OpeningDay[];
  cover?: string;
  /** name, price, category, duration */
  services: { name: string; price: number; category?: string; duration?: number }[];
}

export interface DiscoverySalon extends SalonFixture {
  name: string;
  serviceIds: Record<string, string>;
}

export async function createDiscoverySalon(rt: Runtime, spec: DiscoverySalonSpec): Promise<DiscoverySalon> {
  const salon = await createSalon(rt, {
    name: spec.name,
    published: spec.published ?? true,
    address: spec.address,
    openingHours: spec.openingHours ?? openingHours(),
    coverImage: spec.cover,
  });
  const serviceIds: Record<string, string> = {};
  for (const s of spec.services) {
    serviceIds[s.name] = await createService(rt, salon.id, {
      name: s.name,
      price: s.price,
      category: s.category,
      duration: s.duration ?? 30,
    });
  }
  const db = rt.deps.db;
  await refreshMerchantStats(db, salon.id);
  // The figures are set after the refresh: these tests rank on them, not on review rows.
  await db
    .updateTable('merchants')
    .set({
      city: spec.city,
      state: spec.state,
      latitude: spec.lat,
      longitude: spec.lng,
      amenities: spec.amenities ?? [],
      gender_served: spec.gender ?? 'unisex',
      rating_avg: spec.rating ?? 0,
      review_count: spec.reviews ?? 0,
      booking_count: spec.bookings ?? 0,
      is_sponsored: !!spec.sponsored,
      promotion_message: spec.sponsored ?? null,
    })
    .where('id', '=', salon.id)
    .execute();
  return { ...salon, name: spec.name, serviceIds };
}

export async function categoryId(rt: Runtime, name: string): Promise<string> {
  return createCategory(rt, name);
}

/** A booking with the named services, made `createdDaysAgo` days ago (trending counts those of the last 7). */
export async function insertNamedBooking(
  rt: Runtime,
  b: {
    user: Actor;
    merchantId: string;
    staffId: string;
    services: string[];
    startsAt: Date;
    minutes?: number;
    status?: 'upcoming' | 'completed' | 'cancelled';
    createdDaysAgo?: number;
    bookingDate: string;
  },
): Promise<string> {
  const minutes = b.minutes ?? 30;
  const row = await rt.deps.db
    .insertInto('bookings')
    .values({
      user_id: b.user.id,
      merchant_id: b.merchantId,
      staff_id: b.staffId,
      starts_at: b.startsAt,
      ends_at: new Date(b.startsAt.getTime() + minutes * 60_000),
      booking_date: b.bookingDate,
      booking_time: '10:00 AM',
      status: b.status ?? 'upcoming',
      subtotal: 500,
      total_price: 500,
      total_duration: minutes,
      created_at: new Date(Date.now() - (b.createdDaysAgo ?? 0) * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rt.deps.db
    .insertInto('booking_services')
    .values(
      b.services.map((name, position) => ({
        booking_id: row.id,
        position,
        service_id: null,
        service_name: name,
        duration_min: minutes,
        price: 500,
      })),
    )
    .execute();
  return row.id;
}
