import { profileCompletion } from '../../../shared/profileCompletion.js';
import type { AdminSalonWire, AdminUserWire } from '../../../shared/schemas/admin.js';
import type { FeaturedLocationRow } from '../../db/repositories/admin/locations.js';
import type { AdminSalonRow } from '../../db/repositories/admin/salons.js';
import type { FeedbackRow } from '../../db/repositories/admin/support.js';
import type { AdminUserRow } from '../../db/repositories/admin/users.js';
import type { ShopRow } from '../../db/repositories/shopProfile.js';
import { iso } from '../wire.js';

/* The one place admin rows become their wire shapes. */

export const isoOrNull = (d: Date | string | null | undefined) => (d == null ? null : iso(d));
export const pageOf = (page: number, limit: number) => ({ limit, offset: (page - 1) * limit });

export function toAdminUserWire(r: AdminUserRow): AdminUserWire {
  return {
    _id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    role: r.role,
    isBlocked: r.is_blocked,
    blockedReason: r.blocked_reason,
    shop_Name: r.shop_name ?? null,
    lastLoginAt: isoOrNull(r.last_login_at),
    createdAt: iso(r.created_at),
    bookingCount: Number(r.booking_count),
  };
}

type CompletionInput = Pick<
  ShopRow,
  'shop_name' | 'shop_owner' | 'address' | 'city' | 'state' | 'latitude' | 'longitude' | 'phone' | 'email' | 'description' | 'opening_hours'
>;

/** The merchant's own 14 checks (src/shared/profileCompletion.ts) over a row and its counts. */
export function completionOfRow(
  m: CompletionInput,
  counts: { categoryCount: number; activeServiceCount: number; activeStaffCount: number; hasCoverImage: boolean },
) {
  return profileCompletion({
    shopName: m.shop_name,
    shopOwner: m.shop_owner,
    address: m.address,
    city: m.city,
    state: m.state,
    latitude: m.latitude,
    longitude: m.longitude,
    phone: m.phone,
    officialEmail: m.email,
    description: m.description,
    openingHours: Array.isArray(m.opening_hours) ? m.opening_hours : [],
    ...counts,
  });
}

export function toAdminSalonWire(r: AdminSalonRow): AdminSalonWire {
  const { percent } = completionOfRow(r, {
    categoryCount: Number(r.category_count),
    activeServiceCount: Number(r.service_count),
    activeStaffCount: Number(r.staff_count),
    hasCoverImage: r.has_cover === true,
  });
  return {
    _id: r.id,
    shop_Name: r.shop_name,
    shop_Owner: r.shop_owner,
    email: r.account_email,
    phone: r.phone,
    City: r.city,
    State: r.state,
    publishStatus: r.publish_status,
    isPublished: r.is_published,
    publishNote: r.publish_note,
    publishRequestedAt: isoOrNull(r.publish_requested_at),
    isSponsored: r.is_sponsored,
    promotionMessage: r.promotion_message,
    completionPercent: percent,
    rating: Number(r.rating_avg),
    reviewCount: r.review_count,
    bookingCount: Number(r.total_bookings),
    upcomingBookingCount: Number(r.upcoming_bookings),
    ownerBlocked: r.owner_blocked,
    createdAt: iso(r.created_at),
  };
}

export function toFeedbackWire(r: FeedbackRow) {
  return {
    _id: r.id,
    kind: r.kind,
    type: r.type,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    category: r.category,
    priority: r.priority,
    status: r.status,
    reply: r.reply,
    repliedAt: isoOrNull(r.replied_at),
    bookingId: r.booking_id,
    userId: r.account_id,
    merchantId: r.merchant_id,
    createdAt: iso(r.created_at),
  };
}

export function toFeaturedLocationWire(r: FeaturedLocationRow) {
  return { _id: r.id, name: r.name, city: r.city, state: r.state, kind: r.kind, lat: r.lat, lng: r.lng, sortOrder: r.sort_order };
}
