/*
 * The product's enumerations and small text rules, each declared once. No zod and no other
 * imports: the server's database types, the shared zod schemas, the client's state and the home
 * route's first chunk all import from here.
 */

/** Who an account is. */
export const ROLES = ['customer', 'merchant', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who a push broadcast goes to: everyone, or the accounts of one role. */
export const PUSH_AUDIENCES = ['all', ...ROLES] as const;
export type PushAudience = (typeof PUSH_AUDIENCES)[number];

/** A customer's booking, as the wire and the policy rules know it. */
export const BOOKING_STATUSES = ['pending', 'upcoming', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * What the bookings.status column may hold (check constraint of migration
 * 202611260008_booking_money_rules): a booking's status, or 'blocked' for an occurrence of blocked
 * time (migration 202611252210_calendar_blocks), which only repositories/calendar.ts reads or writes.
 */
export const BOOKING_ROW_STATUSES = [...BOOKING_STATUSES, 'blocked'] as const;
export type BookingRowStatus = (typeof BOOKING_ROW_STATUSES)[number];

/** Statuses that hold a staff member's time (the exclusion constraint covers exactly these). */
export const ACTIVE_BOOKING_STATUSES = ['pending', 'upcoming', 'confirmed'] as const satisfies readonly BookingStatus[];

/** The kinds of shop a merchant registers as, and the catalogue's categories are grouped by. */
export const SHOP_TYPES = ['salon', 'spa', 'beautyParlour', 'tattoo', 'wellness'] as const;
export type ShopType = (typeof SHOP_TYPES)[number];

/** How a shop type reads on every screen. */
export const SHOP_TYPE_LABELS: Record<ShopType, string> = {
  salon: 'Salon',
  spa: 'Spa',
  beautyParlour: 'Beauty parlour',
  tattoo: 'Tattoo studio',
  wellness: 'Wellness centre',
};

/** A shop type's label; an unknown value (old browser storage, a renamed type) reads as itself. */
export function shopTypeLabel(type: string): string {
  return (SHOP_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** The amenities a salon may list and customers filter by (customer doc point 9). */
export const AMENITIES = [
  'Free WiFi',
  'Parking',
  'Card Payment',
  'Wheelchair Access',
  'Child Friendly',
  'Refreshments',
  'Product Store',
  'Online Booking',
] as const;
export type Amenity = (typeof AMENITIES)[number];

const AMENITY_BY_LOWER = new Map<string, Amenity>(AMENITIES.map((a) => [a.toLowerCase(), a]));
/** The list's spelling of an amenity typed in any case ('free wifi' → 'Free WiFi'); undefined if unknown. */
export function canonicalAmenity(text: string): Amenity | undefined {
  return AMENITY_BY_LOWER.get(text.trim().toLowerCase());
}

/** Escapes LIKE's wildcards (and its escape character, backslash) so `text` matches only itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE / ILIKE pattern matching any value that contains `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE / ILIKE pattern matching any value that starts with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** How a salon search can be ordered (the results page's Sort, `merchants.search`'s sortBy). */
export const SORT_OPTIONS = ['recommended', 'rating', 'popular', 'price_asc', 'price_desc', 'distance'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** How a message reaches someone: the outbox's channels (push: the browser's notifications). */
export const OUTBOX_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** The channels a salon messages its customers through (templates, one-off and bulk messages). */
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const satisfies readonly OutboxChannel[];
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The channels a marketing campaign goes out on. */
export const CAMPAIGN_CHANNELS = ['email', 'sms'] as const satisfies readonly MessageChannel[];
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** A salon's plan tiers, cheapest first: Free, then the paid plans (shared/plans.ts says what each gives). */
export const TIER_IDS = ['free', 'basic', 'professional', 'enterprise'] as const;
export type TierId = (typeof TIER_IDS)[number];

/** The paid plans, cheapest first. */
export const PLAN_IDS = ['basic', 'professional', 'enterprise'] as const satisfies readonly TierId[];
export type PlanId = (typeof PLAN_IDS)[number];

/** Whom a salon serves (its gender_served). */
export const GENDERS_SERVED = ['unisex', 'male', 'female'] as const;
export type GenderServed = (typeof GENDERS_SERVED)[number];

/** What a place of the gazetteer and the admin's locations is: a city, or a locality within one. */
export const PLACE_KINDS = ['city', 'locality'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The values of a list as a refusal names them: 'email, sms or whatsapp'. */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}
