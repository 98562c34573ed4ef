import { defaultNotificationPreferences, defaultOpeningHours, type NotificationPreference } from '../../../shared/hours.js';
import { servicePrice } from '../../../shared/policy.js';
import { type CouponWire, couponStatus } from '../../../shared/schemas/coupons.js';
import type { PublicReviewWire, ReviewWire } from '../../../shared/schemas/reviews.js';
import type {
  CatalogueCategoryWire,
  SelectedCategoryWire,
  ServiceWire,
  ShopImageWire,
  ShopProfileWire,
} from '../../../shared/schemas/shop.js';
import type { StaffWire } from '../../../shared/schemas/staff.js';
import type { ServiceRow } from '../../db/repositories/shopCatalogue.js';
import type { ShopImageRow } from '../../db/repositories/shopImages.js';
import type { ShopRow } from '../../db/repositories/shopProfile.js';
import type { ReviewRow } from '../../db/repositories/shopReviews.js';
import type { StaffRow } from '../../db/repositories/shopStaff.js';
import type { Coupon } from '../../db/types.js';
import { iso, publicName } from '../wire.js';

/*
 * Rows → wire DTOs for shop management, in one place: the spec's field names and `_id` strings.
 */

type CategoryRow = { id: string; name: string; icon: string | null; image: string | null; shop_category: string; sort_order: number };

export function toCatalogueCategoryWire(c: CategoryRow): CatalogueCategoryWire {
  return { _id: c.id, name: c.name, icon: c.icon, image: c.image, shopCategory: [c.shop_category], sortOrder: c.sort_order };
}

export function toServiceWire(s: ServiceRow): ServiceWire {
  const price = Number(s.price);
  const discountValue = Number(s.discount_value);
  return {
    _id: s.id,
    merchantId: s.merchant_id,
    name: s.name,
    category: s.category_id,
    selectedCategoryId: s.category_id,
    categoryName: s.category_name,
    description: s.description,
    duration: s.duration_min,
    price,
    discountType: s.discount_type,
    discountValue,
    isDiscountActive: s.discount_active,
    finalPrice: servicePrice({ price, discountType: s.discount_type, discountValue, discountActive: s.discount_active }),
    active: s.active,
    rebookWeeks: s.rebook_weeks,
    image: s.image,
    createdAt: iso(s.created_at),
    updatedAt: iso(s.updated_at),
  };
}

export function toSelectedCategoryWire(c: CategoryRow, services: ServiceRow[]): SelectedCategoryWire {
  const mine = services.filter((s) => s.category_id === c.id).map(toServiceWire);
  return { ...toCatalogueCategoryWire(c), count: mine.length, services: mine };
}

/** Whole rupees, as the staff screens show earnings. */
export const wholeRupees = (n: number) => Math.round(n);

export function toStaffWire(s: StaffRow, totals?: { bookings: number; completedLines: number }): StaffWire {
  const rate = Number(s.rate);
  return {
    _id: s.id,
    merchantId: s.merchant_id,
    name: s.name,
    email: s.email,
    phone: s.phone,
    role: s.role,
    rate,
    status: s.status,
    avatar: s.avatar_url,
    specialization: s.specializations,
    experience: s.experience_years,
    workingHours: Array.isArray(s.working_hours) ? s.working_hours : [],
    daysOff: s.days_off ?? [],
    totalBookings: totals?.bookings ?? 0,
    totalEarnings: wholeRupees(rate * (totals?.completedLines ?? 0)),
    createdAt: iso(s.created_at),
  };
}

export function toReviewWire(r: ReviewRow): ReviewWire {
  const userName = `${r.first_name} ${r.last_name}`.trim() || 'Customer';
  return {
    _id: r.id,
    bookingId: r.booking_id,
    merchantId: r.merchant_id,
    salonName: r.shop_name,
    customerId: { _id: r.user_id, firstName: r.first_name, lastName: r.last_name, avatar: r.avatar_url },
    userName,
    comment: r.comment,
    rating: r.rating,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    response: r.response_text != null ? { text: r.response_text, responseDate: iso(r.response_at ?? r.updated_at) } : null,
  };
}

export function toPublicReviewWire(r: ReviewRow): PublicReviewWire {
  return {
    _id: r.id,
    merchantId: r.merchant_id,
    salonName: r.shop_name,
    userName: publicName(r.first_name, r.last_name),
    comment: r.comment,
    rating: r.rating,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    response: r.response_text != null ? { text: r.response_text, responseDate: iso(r.response_at ?? r.updated_at) } : null,
  };
}

export function toCouponWire(c: Coupon, today: string): CouponWire {
  const wire = {
    _id: c.id,
    merchantId: c.merchant_id,
    code: c.code,
    description: c.description,
    discountType: c.discount_type,
    discountValue: Number(c.discount_value),
    minAmount: Number(c.min_amount),
    maxDiscount: c.max_discount == null ? null : Number(c.max_discount),
    validFrom: c.valid_from,
    validUntil: c.valid_until,
    expiryDate: c.valid_until,
    usageLimit: c.usage_limit,
    usedCount: c.used_count,
    active: c.active,
    createdAt: iso(c.created_at),
    buyOneGetOne: c.buy_one_get_one,
    weekendOnly: c.weekend_only,
    firstBookingOnly: c.first_booking_only,
    serviceCategory: c.service_category,
  };
  return { ...wire, status: couponStatus(wire, today) };
}

export function toShopImageWire(i: ShopImageRow): ShopImageWire {
  return { _id: i.id, url: i.url, isCover: i.is_cover, createdAt: iso(i.created_at) };
}

/** Stored preferences may be partial or from an older list; every known one is answered, defaults filling gaps. */
export function notificationSettingsOf(stored: unknown): NotificationPreference[] {
  const enabled = new Map<string, boolean>();
  if (Array.isArray(stored)) {
    for (const p of stored) {
      if (p && typeof p === 'object' && typeof p.id === 'string' && typeof p.enabled === 'boolean') enabled.set(p.id, p.enabled);
    }
  }
  return defaultNotificationPreferences().map((p) => ({ ...p, enabled: enabled.get(p.id) ?? p.enabled }));
}

export function toShopProfileWire(m: ShopRow, images: ShopImageRow[]): ShopProfileWire {
  const hasCoords = m.latitude != null && m.longitude != null;
  const hours = Array.isArray(m.opening_hours) && m.opening_hours.length ? m.opening_hours : defaultOpeningHours();
  return {
    _id: m.id,
    shop_Name: m.shop_name,
    shop_Owner: m.shop_owner,
    email: m.account_email,
    official_Email: m.email,
    phone: m.phone,
    Shop_Address: m.address,
    City: m.city,
    State: m.state,
    Country: m.country,
    postalCode: m.postal_code,
    description: m.description,
    openingHours: hours.map((d) => ({ name: d.name, enabled: d.enabled, openTime: d.openTime, closeTime: d.closeTime })),
    notificationSettings: notificationSettingsOf(m.notification_settings),
    location: hasCoords ? { type: 'Point', coordinates: [m.longitude!, m.latitude!] } : null,
    latitude: m.latitude,
    longitude: m.longitude,
    timeZone: m.time_zone,
    amenities: m.amenities,
    gender: m.gender_served,
    shop_type: m.shop_types,
    pricingCharts: Array.isArray(m.pricing_charts) ? m.pricing_charts : [],
    shop_Images: images.map(toShopImageWire),
    isPublished: m.is_published,
    publishStatus: m.publish_status,
    publishNote: m.publish_note,
    rating: Number(m.rating_avg),
    reviewCount: m.review_count,
  };
}
