import type { Selectable } from 'kysely';
import { round2 } from '../../../shared/money.js';
import type { OfferTerms } from '../../../shared/offers.js';
import type { MerchantCardWire, TestimonialWire } from '../../../shared/schemas/discovery.js';
import type { Place } from '../../adapters/geocoding/index.js';
import type { CardRow, OfferRow } from '../../db/repositories/discovery.js';
import type { TestimonialsTable } from '../../db/types.js';
import { iso } from '../wire.js';

/* The one place discovery rows become wire shapes. */

/** Services listed on a card; serviceCount tells the rest ('+N more'). */
export const CARD_SERVICES = 6;
export const CARD_IMAGES = 5;

export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function pointOf(lat: number | null, lng: number | null) {
  return lat == null || lng == null ? null : { type: 'Point' as const, coordinates: [lng, lat] as [number, number] };
}

export function toCardWire(row: CardRow): MerchantCardWire {
  const shopImages = row.images.map((i) => ({ _id: i.id, url: i.url, isCover: i.is_cover }));
  const reviewCount = Number(row.review_count);
  return {
    _id: row.id,
    shop_Name: row.shop_name,
    Shop_Address: row.address,
    City: row.city,
    State: row.state,
    shop_type: row.shop_types ?? [],
    image: (shopImages.find((i) => i.isCover) ?? shopImages[0])?.url ?? null,
    shop_Images: shopImages,
    rating: oneDecimal(Number(row.rating_avg)),
    reviewCount,
    review: reviewCount,
    distanceInKm: row.distance_m == null ? null : oneDecimal(Number(row.distance_m) / 1000),
    // A search's headline price: the cheapest matching service's, else the salon's cheapest (issue 43.4).
    lowestPrice: (row.match_price ?? row.min_price) == null ? null : round2(Number(row.match_price ?? row.min_price)),
    services: row.services.map((s) => ({
      _id: s.id,
      name: s.name,
      price: round2(Number(s.price)),
      finalPrice: round2(Number(s.final_price)),
      matched: s.matched,
    })),
    serviceCount: Number(row.service_count),
    location: pointOf(row.latitude, row.longitude),
    amenities: row.amenities ?? [],
    gender: row.gender_served,
    isSponsored: row.is_sponsored,
    promotionMessage: row.promotion_message,
    recommendedScore: Math.round(Number(row.score) * 10_000) / 10_000,
  };
}

export function toTestimonialWire(r: Selectable<TestimonialsTable>): TestimonialWire {
  return {
    _id: r.id,
    title: r.title,
    content: r.content,
    name: r.name,
    createdAt: iso(r.created_at),
    avatar: r.avatar,
    rating: r.rating,
  };
}

export function toGeoPlaceWire(p: Place) {
  return { display_name: p.displayName, name: p.name, lat: p.lat, lon: p.lon, city: p.city, state: p.state, type: p.kind };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2025-12-30' → '30th Dec 2025' (the offer card's wording). */
export function offerDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const suffix = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
  return `${d}${suffix} ${MONTHS[m - 1]} ${y}`;
}

/** A coupon row's terms, for the shared offer words (shared/offers.ts). */
export function offerTermsOf(c: OfferRow): OfferTerms {
  return {
    discountType: c.discount_type,
    discountValue: Number(c.discount_value),
    minAmount: Number(c.min_amount),
    maxDiscount: c.max_discount == null ? null : Number(c.max_discount),
    buyOneGetOne: c.buy_one_get_one,
    weekendOnly: c.weekend_only,
    firstBookingOnly: c.first_booking_only,
    serviceCategory: c.service_category,
  };
}
