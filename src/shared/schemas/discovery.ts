import { z } from 'zod';
import { AMENITIES, GENDERS_SERVED, PLACE_KINDS } from '../constants.js';
import { SOCIAL_NETWORKS } from '../social.js';
import { dateSchema, idSchema } from '../validation.js';
import { offerRuleFields } from './coupons.js';
import { pagingWire } from './paging.js';
import { toQueryNumber } from './query.js';
import { amenitySchema } from './shop.js';

/*
 * Discovery wire schemas: home-page sections, search, salon details, categories, locations,
 * testimonials, newsletter and geocoding. GET inputs are flat and accept text (query strings)
 * as well as numbers (the tRPC client).
 */

// ---------------------------------------------------------------- filter vocabulary

import { SORT_OPTIONS } from '../constants.js';

export { SORT_OPTIONS, type SortOption } from '../constants.js';

/** Salon-local minutes of the home page's time windows: 9AM-12PM, 12PM-5PM, 5PM-9PM. */
export const TIME_WINDOWS = {
  morning: { start: 9 * 60, end: 12 * 60 },
  afternoon: { start: 12 * 60, end: 17 * 60 },
  evening: { start: 17 * 60, end: 21 * 60 },
} as const;
export type TimeWindow = keyof typeof TIME_WINDOWS;

/** The availability filter's day ranges (a custom day travels as date). */
export const AVAILABILITY_RANGES = ['today', 'tomorrow', 'week', 'next_week'] as const;
export type AvailabilityRange = (typeof AVAILABILITY_RANGES)[number];

/** Price tiers on a salon's lowest service price, in rupees: [min, max) with max null = no cap. */
export const PRICE_TIERS = {
  $: { min: 0, max: 500 },
  $$: { min: 500, max: 1500 },
  $$$: { min: 1500, max: 3000 },
  $$$$: { min: 3000, max: null },
} as const;
export type PriceTier = keyof typeof PRICE_TIERS;

export const GENDER_FILTERS = ['any', ...GENDERS_SERVED] as const;
/** Stylist experience bands of the filter panel (spec point 9), in years. */
export const EXPERIENCE_FILTERS = ['all', 'junior', 'senior', 'master'] as const;
export const EXPERIENCE_YEARS: Record<Exclude<(typeof EXPERIENCE_FILTERS)[number], 'all'>, { min: number; max: number | null }> = {
  junior: { min: 1, max: 3 },
  senior: { min: 4, max: 7 },
  master: { min: 8, max: null },
};

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
/** Radius around a place named in `location` when no maxDistance is sent. */
export const CITY_RADIUS_KM = 15;
export const LOCALITY_RADIUS_KM = 3;

// ---------------------------------------------------------------- input helpers

const blank = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const numeric = (v: unknown) => toQueryNumber(blank(v));

function numberParam(min: number, max: number, opts: { int?: boolean } = {}) {
  const msg = `Use a number from ${min} to ${max}.`;
  let n = z.number({ error: msg }).min(min, msg).max(max, msg);
  if (opts.int) n = n.int('Use a whole number.');
  return z.preprocess((v) => toQueryNumber(blank(v), opts.int), n.optional());
}

const textParam = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim()) : blank(v)),
    z.string().max(max, `Use at most ${max} characters`).optional(),
  );

/** A case-insensitive choice; '' and 'any' mean "no filter" where `anyMeansNone`. */
function choiceParam<const T extends readonly string[]>(values: T, anyMeansNone = false) {
  return z.preprocess((v) => {
    const b = typeof v === 'string' ? blank(v.trim().toLowerCase()) : blank(v);
    return anyMeansNone && (b === 'any' || b === 'any time' || b === 'all') ? undefined : b;
  }, z.enum(values, { error: `Use one of: ${values.join(', ')}.` }).optional());
}

/** A comma-separated list (query string) or an array (JSON body). */
const listParam = (max: number) =>
  z.preprocess((v) => {
    const items = typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : blank(v);
    if (!Array.isArray(items)) return items;
    const clean = items.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '' && s != null);
    return clean.length ? clean : undefined;
  }, z.array(z.string().max(100)).max(max, `List at most ${max} values`).optional());

/** '500-1500', '500-', '-1500' or a tier '$'..'$$$$' → a rupee range [min, max). */
export function parsePriceFilter(raw: string): { min: number | null; max: number | null } | null {
  const v = raw.trim();
  if (v in PRICE_TIERS) {
    const t = PRICE_TIERS[v as PriceTier];
    return { min: t.min, max: t.max };
  }
  const m = /^(\d+(?:\.\d{1,2})?)?\s*-\s*(\d+(?:\.\d{1,2})?)?$/.exec(v);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const min = m[1] === undefined ? null : Number(m[1]);
  const max = m[2] === undefined ? null : Number(m[2]);
  if (min !== null && max !== null && min > max) return null;
  // A typed range is inclusive of its upper end; tiers are not.
  return { min, max: max === null ? null : max + 0.001 };
}

// ---------------------------------------------------------------- search

export const searchFiltersShape = {
  service: textParam(100).describe('Text matched against service names, category names and salon names.'),
  location: textParam(120).describe(
    `A city or locality. A known place filters to ${CITY_RADIUS_KM} km around a city (or salons filed under it) or ` +
      `${LOCALITY_RADIUS_KM} km around a locality (or salons naming it in their address); maxDistance replaces that ` +
      'radius. Unknown text is matched against city, address and state.',
  ),
  date: z
    .preprocess(blank, dateSchema.optional())
    .describe('YYYY-MM-DD, salon-local. With or without time: only salons with a free slot then.'),
  availability: choiceParam(AVAILABILITY_RANGES, true).describe(
    'today, tomorrow, week (today to Sunday) or next_week (Monday to Sunday after this week), in India time: only salons ' +
      'with a free slot on one of those days (within time when sent). date, when sent, wins.',
  ),
  time: choiceParam(Object.keys(TIME_WINDOWS) as TimeWindow[], true).describe(
    'morning (9AM-12PM), afternoon (12PM-5PM) or evening (5PM-9PM); without date it means today. A salon qualifies when ' +
      "an active staff member is free, within the window, for the salon's shortest active service.",
  ),
  prices: z
    .preprocess(
      (v) => (typeof v === 'string' ? blank(v.trim()) : blank(v)),
      z
        .string()
        .refine((v) => parsePriceFilter(v) !== null, 'Use a range like 500-1500 or a tier $, $$, $$$ or $$$$.')
        .optional(),
    )
    .describe(
      "On the salon's lowest service price (the card's 'From ₹'): 'min-max' in rupees (500-1500, 500-, -1500) or a tier: " +
        '$ under 500, $$ 500-1499, $$$ 1500-2999, $$$$ 3000 and up.',
    ),
  ratings: numberParam(0, 5).describe('Minimum average rating.'),
  maxDistance: numberParam(0.1, 1000).describe(
    'Kilometres from lat/lng, or from the place named in location. Not sent: no limit around lat/lng.',
  ),
  sortBy: choiceParam(SORT_OPTIONS).describe(
    'recommended (default: 0.7 × rating + 0.3 × reviews / 1000), rating, popular (completed bookings), price_asc, price_desc ' +
      '(lowest price, salons without prices last), distance (from location, else lat/lng; recommended without either).',
  ),
  lat: numberParam(-90, 90).describe("The customer's latitude; distances are measured from it."),
  lng: numberParam(-180, 180).describe("The customer's longitude."),
  page: numberParam(1, 10_000, { int: true }).describe('From 1 (default 1).'),
  limit: numberParam(1, MAX_PAGE_SIZE, { int: true }).describe(`Page size, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.`),
  gender: choiceParam(GENDER_FILTERS, true).describe('male or female also list unisex salons; unisex only those; any: no filter.'),
  experience: choiceParam(EXPERIENCE_FILTERS).describe(
    'Salons with an active professional of this experience: junior 1-3 years, senior 4-7, master 8+; all: no filter.',
  ),
  amenities: listParam(AMENITIES.length)
    .transform((list, ctx) => {
      if (!list) return undefined;
      const out: string[] = [];
      for (const a of list) {
        const amenity = amenitySchema.safeParse(a);
        if (!amenity.success) {
          ctx.addIssue({ code: 'custom', message: `Choose amenities from: ${AMENITIES.join(', ')}.` });
          return z.NEVER;
        }
        out.push(amenity.data);
      }
      return [...new Set(out)];
    })
    .describe(`Comma-separated; a salon must offer every one. From: ${AMENITIES.join(', ')}.`),
  categories: listParam(30).describe('Comma-separated category names or ids; a salon offering a service in any of them matches.'),
};

export const searchInput = z.object(searchFiltersShape);
export type SearchInput = z.output<typeof searchInput>;

export const merchantCardWire = z.object({
  _id: z.string(),
  shop_Name: z.string(),
  Shop_Address: z.string(),
  City: z.string(),
  State: z.string(),
  shop_type: z.array(z.string()),
  /** Cover image, else the first image, else null. */
  image: z.string().nullable(),
  shop_Images: z.array(z.object({ _id: z.string(), url: z.string(), isCover: z.boolean() })),
  rating: z.number(),
  reviewCount: z.number(),
  /** Same as reviewCount: the sponsored card reads `review`. */
  review: z.number(),
  distanceInKm: z.number().nullable(),
  lowestPrice: z.number().nullable(),
  /** The services shown on the card: those matching the searched service first, then the cheapest. */
  services: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** The list price. */
      price: z.number(),
      /** What the customer pays: the list price less the service's active discount. */
      finalPrice: z.number(),
      /** The name matches the searched service. */
      matched: z.boolean(),
    }),
  ),
  serviceCount: z.number(),
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  amenities: z.array(z.string()),
  gender: z.string(),
  isSponsored: z.boolean(),
  promotionMessage: z.string().nullable(),
  recommendedScore: z.number(),
});
export type MerchantCardWire = z.infer<typeof merchantCardWire>;

export const searchAnswer = z.object({ data: z.object({ merchants: z.array(merchantCardWire), total: z.number(), paging: pagingWire }) });
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const merchantsAnswer = z.object({
  data: z.object({ merchants: z.array(merchantCardWire), total: z.number(), paging: pagingWire }),
});
export type MerchantsAnswer = z.infer<typeof merchantsAnswer>;

/** merchants/getMerchants pages by 20 (the older list's size), the other home lists by DEFAULT_PAGE_SIZE. */
export const MERCHANTS_LIST_SIZE = 20;

export const getMerchantsInput = z.object({
  lat: searchFiltersShape.lat,
  lng: searchFiltersShape.lng,
  page: searchFiltersShape.page,
  limit: numberParam(1, MAX_PAGE_SIZE, { int: true }).describe(`Page size, default ${MERCHANTS_LIST_SIZE}, at most ${MAX_PAGE_SIZE}.`),
});

export const nearbyInput = z.object({
  lat: searchFiltersShape.lat,
  lng: searchFiltersShape.lng,
  city: textParam(120),
  page: searchFiltersShape.page,
  limit: searchFiltersShape.limit,
});

export const recommendedInput = z.object({ page: searchFiltersShape.page, limit: searchFiltersShape.limit });
export const sponsoredInput = z.object({
  lat: searchFiltersShape.lat,
  lng: searchFiltersShape.lng,
  page: searchFiltersShape.page,
  limit: searchFiltersShape.limit,
});
export const sponsoredAnswer = z.object({
  data: z.object({ sponsoredShops: z.array(merchantCardWire), total: z.number(), paging: pagingWire }),
});
export type SponsoredAnswer = z.infer<typeof sponsoredAnswer>;

// ---------------------------------------------------------------- salon details

export const merchantByIdInput = z.object({ id: idSchema });

const detailServiceWire = z.object({
  _id: z.string(),
  name: z.string(),
  /** The same name under the key the booking screens read. */
  serviceName: z.string(),
  description: z.string(),
  duration: z.number(),
  price: z.number(),
  /** What the customer pays once the service's own discount is applied. */
  finalPrice: z.number(),
  discountType: z.enum(['flat', 'percentage']).nullable(),
  discountValue: z.number(),
  isDiscountActive: z.boolean(),
  image: z.string().nullable(),
  category: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type DetailServiceWire = z.infer<typeof detailServiceWire>;

export const merchantDetailWire = z.object({
  _id: z.string(),
  shop_Name: z.string(),
  shop_Owner: z.string(),
  Shop_Address: z.string(),
  City: z.string(),
  State: z.string(),
  Country: z.string(),
  shop_type: z.array(z.string()),
  description: z.string(),
  openingHours: z.array(z.object({ name: z.string(), enabled: z.boolean(), openTime: z.string(), closeTime: z.string() })),
  phone: z.string().nullable(),
  official_Email: z.string().nullable(),
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  timeZone: z.string(),
  amenities: z.array(z.string()),
  gender: z.string(),
  rating: z.number(),
  reviewCount: z.number(),
  reviews: z.array(
    z.object({
      _id: z.string(),
      userName: z.string(),
      rating: z.number(),
      comment: z.string(),
      createdAt: z.string(),
      response: z.object({ text: z.string(), responseDate: z.string() }).nullable(),
      /** Written by the signed-in customer, who may edit or delete it. */
      mine: z.boolean(),
    }),
  ),
  ratingDistribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  services: z.array(detailServiceWire),
  categories: z.array(z.object({ _id: z.string(), name: z.string(), icon: z.string().nullable(), services: z.array(detailServiceWire) })),
  stylists: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      role: z.string(),
      image: z.string().nullable(),
      specialization: z.array(z.string()),
      experience: z.number(),
      status: z.string(),
    }),
  ),
  shop_Images: z.array(z.object({ _id: z.string(), url: z.string(), isCover: z.boolean() })),
  isPublished: z.boolean(),
  isSponsored: z.boolean(),
  promotionMessage: z.string().nullable(),
  lowestPrice: z.number().nullable(),
  /** The salon's own pages on social networks, as its owner entered them (https). */
  socialLinks: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
});
export type MerchantDetailWire = z.infer<typeof merchantDetailWire>;
export const merchantByIdAnswer = z.object({ merchant: merchantDetailWire });

// ---------------------------------------------------------------- home-page sections

export const trendingServicesAnswer = z.object({
  data: z.object({
    services: z.array(
      z.object({
        _id: z.string(),
        serviceName: z.string(),
        images: z.array(z.string()),
        /** Bookings (not cancelled) made in the last 7 days. */
        bookingCount: z.number(),
        /** The lowest price among published salons offering it. */
        price: z.number(),
        duration: z.number(),
      }),
    ),
  }),
});
export type TrendingServicesAnswer = z.infer<typeof trendingServicesAnswer>;

export const specialOfferWire = z.object({
  _id: z.string(),
  code: z.string(),
  /** The offer in one line, with its cap and conditions (shared/offers.ts): 'Buy 1 Get 1 up to ₹1,500, weekends only'. */
  title: z.string(),
  /** The coupon's own description, or how the offer works when it has none. */
  description: z.string(),
  /** 'Buy 1 Get 1', '20% OFF' or '₹200 OFF'. */
  discount: z.string(),
  discountType: z.enum(['flat', 'percentage']),
  discountValue: z.number(),
  minAmount: z.number(),
  maxDiscount: z.number().nullable(),
  offerText: z.string(),
  image: z.string().nullable(),
  /** The salon's name, or 'All salons' for a platform coupon. */
  name: z.string(),
  location: z.string(),
  merchantId: z.string().nullable(),
  expiryDate: z.string().nullable(),
  ...offerRuleFields,
});
export const specialOffersAnswer = z.object({ data: z.object({ offers: z.array(specialOfferWire) }) });
export type SpecialOffersAnswer = z.infer<typeof specialOffersAnswer>;

export const categoryListItemWire = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  icon: z.string().nullable(),
  /** Published salons offering a service in this category. */
  count: z.number(),
  shopCategory: z.array(z.string()),
  /** The most offered service names in this category. */
  services: z.array(z.string()),
});
export const categoryListAnswer = z.array(categoryListItemWire);
export type CategoryListAnswer = z.infer<typeof categoryListAnswer>;

export const locationWire = z.object({
  _id: z.string(),
  /** The locality or city. */
  name: z.string(),
  city: z.string(),
  state: z.string(),
  kind: z.enum(PLACE_KINDS),
  /** Published salons a search for this location lists. */
  count: z.number(),
  lat: z.number(),
  lng: z.number(),
});
export const locationsAnswer = z.array(locationWire);
export type LocationWire = z.infer<typeof locationWire>;

// ---------------------------------------------------------------- testimonials and newsletter

export const testimonialWire = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  name: z.string(),
  createdAt: z.string(),
  avatar: z.string().nullable(),
  rating: z.number(),
});
export type TestimonialWire = z.infer<typeof testimonialWire>;
export const testimonialsAnswer = z.array(testimonialWire);

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

const testimonialFields = {
  title: requiredText('Title', 120),
  content: requiredText('Content', 2000),
  name: requiredText('Name', 100),
  avatar: z.preprocess(blank, z.string().trim().max(1000, 'Avatar URL is too long.').nullable().optional()),
  rating: z.preprocess(
    numeric,
    z
      .number({ error: 'Rating is required.' })
      .int('Rating must be 1 to 5.')
      .min(1, 'Rating must be 1 to 5.')
      .max(5, 'Rating must be 1 to 5.'),
  ),
};
export const createTestimonialInput = z.object(testimonialFields);
export const updateTestimonialInput = z.object({
  id: idSchema,
  title: testimonialFields.title.optional(),
  content: testimonialFields.content.optional(),
  name: testimonialFields.name.optional(),
  avatar: testimonialFields.avatar,
  rating: z.preprocess(numeric, testimonialFields.rating.optional()),
});
export const testimonialByIdInput = z.object({ id: idSchema });
export const testimonialAnswer = z.object({ testimonial: testimonialWire });
export const messageOnlyAnswer = z.object({ message: z.string() });

export const NEWSLETTER_THANKS = 'Thank you for subscribing!';
export const newsletterInput = z.object({
  email: z
    .string({ error: 'Please enter your email' })
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'Please enter a valid email')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email')
    .transform((v) => v.toLowerCase()),
});

// ---------------------------------------------------------------- geocoding

export const geoSearchInput = z.object({
  q: z
    .string({ error: 'Type at least 3 characters.' })
    .trim()
    .min(3, 'Type at least 3 characters.')
    .max(120, 'Use at most 120 characters.'),
  limit: numberParam(1, 20, { int: true }),
});
export const geoPlaceWire = z.object({
  display_name: z.string(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  state: z.string(),
  type: z.enum(PLACE_KINDS),
});
export const geoSearchAnswer = z.array(geoPlaceWire);
export const geoReverseInput = z.object({
  lat: z.preprocess(
    numeric,
    z
      .number({ error: 'Send a latitude from -90 to 90.' })
      .min(-90, 'Send a latitude from -90 to 90.')
      .max(90, 'Send a latitude from -90 to 90.'),
  ),
  lon: z.preprocess(
    numeric,
    z
      .number({ error: 'Send a longitude from -180 to 180.' })
      .min(-180, 'Send a longitude from -180 to 180.')
      .max(180, 'Send a longitude from -180 to 180.'),
  ),
});
export const geoReverseAnswer = geoPlaceWire;
