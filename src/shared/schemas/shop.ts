import { z } from 'zod';
import { AMENITIES, canonicalAmenity, GENDERS_SERVED, orList, SHOP_TYPES } from '../constants.js';
import { WEEKDAYS } from '../hours.js';
import { REBOOK_MAX_WEEKS, REBOOK_MIN_WEEKS } from '../rebooking.js';
import { isValidTimeZone } from '../slots.js';
import { dateSchema, emailSchema, INDIAN_MOBILE_RE, idSchema, parseTimeToMinutes } from '../validation.js';
import { jsonValue } from './jsonValue.js';

/*
 * Shop management wire schemas: categories, services, amenities, pricing charts, settings and
 * shop profile, images and publishing. Staff, reviews and coupons have their own files.
 */

// ---------------------------------------------------------------- shared building blocks

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A merchant acts on its own shop: the id may be left out; an admin must name the shop. */
export const merchantIdField = z.preprocess(blankToUndefined, idSchema.optional());

/** Form inputs send numbers as text; blank text is "missing", not 0. */
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v);

/** Rupees: a finite number with at most 2 decimals. */
export function moneySchema(label: string, opts: { min?: number; positive?: boolean; max?: number } = {}) {
  const max = opts.max ?? 10_000_000;
  let s = z.number({ error: `${label} is required.` }).finite(`${label} must be a number.`);
  s = opts.positive ? s.gt(0, `${label} must be above 0.`) : s.min(opts.min ?? 0, `${label} cannot be negative.`);
  return z.preprocess(numberFromText, s.max(max, `${label} is too large.`).multipleOf(0.01, `${label} can have at most 2 decimals.`));
}

export function intSchema(label: string, min: number, max: number, message?: string) {
  const msg = message ?? `${label} must be a whole number from ${min} to ${max}.`;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: message ?? `${label} is required.` })
      .int(msg)
      .min(min, msg)
      .max(max, msg),
  );
}

/** 'HH:mm' or 'h:mm AM/PM' in, 'HH:mm' out (the stored format). */
export const clockTimeSchema = z.string({ error: 'Enter a time like 09:00.' }).transform((v, ctx) => {
  const m = parseTimeToMinutes(v);
  if (m === null) {
    ctx.addIssue({ code: 'custom', message: 'Enter a time like 09:00.' });
    return z.NEVER;
  }
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});

export const realDateSchema = dateSchema.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'Invalid date.');

/** 'HH:mm' strings in order; a closing time of 00:00 means midnight at the end of the day. */
export function closesAfterOpening(open: string, close: string): boolean {
  return close === '00:00' || open < close;
}

/** 'monday' or 'Monday' → 'Monday'. */
export const weekdaySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().charAt(0).toUpperCase() + v.trim().slice(1).toLowerCase() : v),
  z.enum(WEEKDAYS, { error: 'Use a weekday name, Monday to Sunday.' }),
);

/** Images the app serves (uploads, and the pictures it ships under /images/), or an absolute http(s) URL. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(1000, 'The image URL is too long.')
  .refine(
    (v) => v.startsWith('/uploads/') || (/^\/images\/[\w./-]+$/.test(v) && !v.includes('..')) || /^https?:\/\/[^\s]+$/i.test(v),
    'Use an uploaded image or an http(s) URL.',
  );

const toArray = (v: unknown) => (typeof v === 'string' ? [v] : v);

export const messageAnswer = z.object({ message: z.string() });

// ---------------------------------------------------------------- categories

export const shopCategorySchema = z.enum(SHOP_TYPES, { error: `Use one of: ${SHOP_TYPES.join(', ')}.` });

const SHOP_TYPE_BY_LOWER = new Map(SHOP_TYPES.map((t) => [t.toLowerCase(), t]));
/** Browser storage may hold 'Salon' or 'beautyparlour'; the catalogue spells them one way. */
const canonicalShopType = (v: unknown) => (typeof v === 'string' ? (SHOP_TYPE_BY_LOWER.get(v.trim().toLowerCase()) ?? v) : v);

export const catalogueCategoryWire = z.object({
  _id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  /** The spec's shape: a list whose first element is the shop type. */
  shopCategory: z.array(z.string()),
  sortOrder: z.number(),
});
export type CatalogueCategoryWire = z.infer<typeof catalogueCategoryWire>;

export const DISCOUNT_TYPES = ['flat', 'percentage'] as const;

export const serviceWire = z.object({
  _id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  /** The category id (the spec's form field name). */
  category: z.string().nullable(),
  selectedCategoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  description: z.string(),
  duration: z.number(),
  price: z.number(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.number(),
  isDiscountActive: z.boolean(),
  /** What a customer pays: the price after the discount, when it is switched on. */
  finalPrice: z.number(),
  active: z.boolean(),
  /** "Remind to rebook after N weeks" (1–52); null: no rebooking reminder (docs/channels.md). */
  rebookWeeks: z.number().nullable(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceWire = z.infer<typeof serviceWire>;

export const selectedCategoryWire = catalogueCategoryWire.extend({
  /** Number of services in this category. */
  count: z.number(),
  services: z.array(serviceWire),
});
export type SelectedCategoryWire = z.infer<typeof selectedCategoryWire>;

export const merchantSelectedCategoriesInput = z.object({ merchantId: merchantIdField });
export const merchantSelectedCategoriesAnswer = z.object({ selectedCategories: z.array(selectedCategoryWire) });

/** `shopCategory` is required: the shop types to list (an empty list lists every type; null or '' is refused). */
export const specificCategoryInput = z.object({
  shopCategory: z.preprocess(
    (v) => (v === null || v === '' || v === undefined ? v : toArray(v)),
    z
      .array(z.preprocess(canonicalShopType, shopCategorySchema), { error: 'shopCategory: required (a list of shop types; [] for all)' })
      .max(10),
  ),
});
export const specificCategoryAnswer = z.object({ data: z.array(catalogueCategoryWire) });

const categoryIdList = (emptyMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : toArray(v)),
    z.array(idSchema, { error: emptyMessage }).min(1, emptyMessage).max(50, 'Choose at most 50 categories at a time.'),
  );

export const selectCategoriesInput = z.object({
  merchantId: merchantIdField,
  selectedCategories: categoryIdList('No new categories selected.'),
});
export const selectCategoriesAnswer = z.object({ message: z.string(), selectedCategories: z.array(selectedCategoryWire) });

export const deleteSelectedCategoriesInput = z.object({
  merchantId: merchantIdField,
  selectedCategories: categoryIdList('Choose a category to delete.'),
});

const categoryNameSchema = z
  .string({ error: 'Category name is required.' })
  .trim()
  .min(1, 'Category name is required.')
  .max(80, 'Category name is too long.');
const catalogueShopCategory = z.preprocess((v) => canonicalShopType(Array.isArray(v) ? v[0] : v), shopCategorySchema);
const optionalAsset = z.preprocess(blankToUndefined, z.string().trim().max(1000, 'Too long.').nullable().optional());

export const createCategoryInput = z.object({
  name: categoryNameSchema,
  shopCategory: catalogueShopCategory,
  image: optionalAsset,
  icon: optionalAsset,
  sortOrder: intSchema('Sort order', 0, 10_000).optional(),
});
export const updateCategoryInput = z.object({
  id: idSchema,
  name: categoryNameSchema.optional(),
  shopCategory: catalogueShopCategory.optional(),
  image: z.string().trim().max(1000, 'Too long.').nullable().optional(),
  icon: z.string().trim().max(1000, 'Too long.').nullable().optional(),
  sortOrder: intSchema('Sort order', 0, 10_000).optional(),
});
export const categoryIdInput = z.object({ id: idSchema });
export const categoryAnswer = z.object({ category: catalogueCategoryWire });

// ---------------------------------------------------------------- services

export const SERVICE_MIN_DURATION = 5;
export const SERVICE_MAX_DURATION = 720;

/** The Add/Edit Service form (merchant doc, Service form) with every rule of the spec. */
export const serviceFormSchema = z
  .object({
    _id: z.preprocess(blankToUndefined, idSchema.optional()),
    name: z.string({ error: 'Service name is required.' }).trim().min(1, 'Service name is required.').max(120, 'Service name is too long.'),
    /** The category id; on create it may come as selectedCategoryId instead. */
    category: z.preprocess(blankToUndefined, idSchema.optional()),
    description: z
      .string({ error: 'Description is required.' })
      .trim()
      .min(1, 'Description is required.')
      .max(1000, 'Description is too long.'),
    duration: intSchema(
      'Duration',
      SERVICE_MIN_DURATION,
      SERVICE_MAX_DURATION,
      `Duration must be a whole number of minutes from ${SERVICE_MIN_DURATION} to ${SERVICE_MAX_DURATION}.`,
    ),
    price: moneySchema('Price', { positive: true, max: 1_000_000 }),
    discountType: z.preprocess(blankToUndefined, z.enum(DISCOUNT_TYPES, { error: 'Choose a flat or percentage discount.' }).optional()),
    discountValue: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), moneySchema('Discount')),
    isDiscountActive: jsonValue(z.boolean()).default(false),
    active: jsonValue(z.boolean()).default(true),
    /** "Remind to rebook after N weeks": 1–52, null for off; left out: unchanged (off for a new service). */
    rebookWeeks: jsonValue(
      z
        .number({ error: `rebookWeeks: a whole number of weeks from ${REBOOK_MIN_WEEKS} to ${REBOOK_MAX_WEEKS}, or null for off` })
        .int(`rebookWeeks: a whole number of weeks from ${REBOOK_MIN_WEEKS} to ${REBOOK_MAX_WEEKS}`)
        .min(REBOOK_MIN_WEEKS, `rebookWeeks: at least ${REBOOK_MIN_WEEKS} week`)
        .max(REBOOK_MAX_WEEKS, `rebookWeeks: at most ${REBOOK_MAX_WEEKS} weeks`),
    )
      .nullable()
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.discountValue > 0 && !s.discountType) {
      ctx.addIssue({ code: 'custom', path: ['discountType'], message: 'Choose a flat or percentage discount.' });
    }
    if (s.discountType === 'percentage' && s.discountValue > 100) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Discount percentage cannot exceed 100%.' });
    }
    if (s.discountType === 'flat' && s.discountValue > s.price) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Flat discount cannot exceed price.' });
    }
  });
export type ServiceForm = z.output<typeof serviceFormSchema>;
/** The screen's form: the category is picked in the form itself, so there it is required. */
export const serviceScreenForm = serviceFormSchema.superRefine((s, ctx) => {
  if (!s.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Category is required.' });
});

export const createServiceInput = z
  .object({
    merchantId: merchantIdField,
    selectedCategoryId: z.preprocess(blankToUndefined, idSchema.optional()),
    service: serviceFormSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.service.category && !v.selectedCategoryId) {
      ctx.addIssue({ code: 'custom', path: ['service', 'category'], message: 'Category is required.' });
    }
  });

export const updateServiceInput = z
  .object({
    merchantId: merchantIdField,
    selectedCategoryId: z.preprocess(blankToUndefined, idSchema.optional()),
    serviceId: z.preprocess(blankToUndefined, idSchema.optional()),
    service: serviceFormSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.serviceId && !v.service._id) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'Choose the service to update.' });
    if (v.serviceId && v.service._id && v.serviceId !== v.service._id) {
      ctx.addIssue({ code: 'custom', path: ['service', '_id'], message: 'Does not match serviceId.' });
    }
  });

export const deleteServiceInput = z.object({
  merchantId: merchantIdField,
  selectedCategoryId: z.preprocess(blankToUndefined, idSchema.optional()),
  serviceId: idSchema,
});

export const serviceAnswer = z.object({ service: serviceWire });
export const servicesAnswer = z.object({ services: z.array(serviceWire) });
export const merchantScopeInput = z.object({ merchantId: merchantIdField });
export const serviceByIdInput = z.object({ id: idSchema });

/** The bulk price/duration/on-off editor behind PUT merchants/services. */
export const merchantServicesUpdateInput = z.object({
  merchantId: merchantIdField,
  services: z
    .array(
      z.object({
        _id: idSchema,
        price: moneySchema('Price', { positive: true, max: 1_000_000 }).optional(),
        duration: intSchema(
          'Duration',
          SERVICE_MIN_DURATION,
          SERVICE_MAX_DURATION,
          `Duration must be a whole number of minutes from ${SERVICE_MIN_DURATION} to ${SERVICE_MAX_DURATION}.`,
        ).optional(),
        active: jsonValue(z.boolean()).optional(),
      }),
      { error: 'List the services to update.' },
    )
    .min(1, 'List the services to update.')
    .max(500, 'Update at most 500 services at a time.'),
});

// ---------------------------------------------------------------- amenities and pricing charts

/**
 * One amenity of the list the app offers (AMENITIES): the document shows the enum; a listed name in
 * another case ('free wifi') is taken as the list spells it, anything else is a 400 naming the field.
 */
export const amenitySchema = z.preprocess(
  (v) => (typeof v === 'string' ? (canonicalAmenity(v) ?? v) : v),
  z.enum(AMENITIES, { error: `Choose amenities from: ${AMENITIES.join(', ')}.` }),
);

export const amenitiesInput = z.object({
  merchantId: merchantIdField,
  amenities: z
    .array(amenitySchema, { error: 'List the amenities.' })
    .max(AMENITIES.length)
    .transform((list) => [...new Set(list)]),
});
export const amenitiesAnswer = z.object({ amenities: z.array(z.string()) });

export const pricingChartSchema = z.object({
  title: z.string({ error: 'Chart title is required.' }).trim().min(1, 'Chart title is required.').max(80, 'Chart title is too long.'),
  items: z
    .array(
      z.object({
        name: z.string({ error: 'Item name is required.' }).trim().min(1, 'Item name is required.').max(120, 'Item name is too long.'),
        price: moneySchema('Price', { max: 1_000_000 }),
        note: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Note is too long.').optional()),
      }),
    )
    .max(100, 'A chart has at most 100 items.'),
});
export const pricingChartsInput = z.object({
  merchantId: merchantIdField,
  pricingCharts: z.array(pricingChartSchema, { error: 'List the pricing charts.' }).max(20, 'At most 20 pricing charts.'),
});
export const pricingChartWire = z.object({
  title: z.string(),
  items: z.array(z.object({ name: z.string(), price: z.number(), note: z.string().optional() })),
});
export const pricingChartsAnswer = z.object({ pricingCharts: z.array(pricingChartWire) });

// ---------------------------------------------------------------- settings and shop profile

export const openingDaySchema = z.object({
  name: weekdaySchema,
  enabled: z.boolean({ error: 'Say whether the shop is open that day.' }),
  openTime: clockTimeSchema,
  closeTime: clockTimeSchema,
});

/** Seven days, each named once; stored Monday first. An open day must open before it closes. */
export const openingHoursSchema = z
  .array(openingDaySchema, { error: 'List the opening hours of all 7 days.' })
  .length(7, 'List the opening hours of all 7 days.')
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((d, i) => {
      if (seen.has(d.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${d.name} is listed twice.` });
      seen.add(d.name);
      if (d.enabled && !closesAfterOpening(d.openTime, d.closeTime)) {
        ctx.addIssue({ code: 'custom', path: [i, 'closeTime'], message: `${d.name}: the closing time must be after the opening time.` });
      }
    });
  })
  .transform((days) => WEEKDAYS.map((name) => days.find((d) => d.name === name)!));

export const NOTIFICATION_PREFERENCE_IDS = ['newBooking', 'bookingChanges', 'customerReviews', 'marketing'] as const;

export const notificationPreferenceWire = z.object({
  id: z.enum(NOTIFICATION_PREFERENCE_IDS),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});

export const shopImageWire = z.object({ _id: z.string(), url: z.string(), isCover: z.boolean(), createdAt: z.string() });
export type ShopImageWire = z.infer<typeof shopImageWire>;

/** The merchant's shop as Settings & Profile and the shop editor read it. */
export const shopProfileWire = z.object({
  _id: z.string(),
  shop_Name: z.string(),
  shop_Owner: z.string(),
  /** The sign-in e-mail of the account. */
  email: z.string(),
  official_Email: z.string().nullable(),
  phone: z.string().nullable(),
  Shop_Address: z.string(),
  City: z.string(),
  State: z.string(),
  Country: z.string(),
  postalCode: z.string().nullable(),
  description: z.string(),
  openingHours: z.array(z.object({ name: z.string(), enabled: z.boolean(), openTime: z.string(), closeTime: z.string() })),
  notificationSettings: z.array(notificationPreferenceWire),
  /** GeoJSON order: [longitude, latitude]; null until the shop has coordinates. */
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  amenities: z.array(z.string()),
  gender: z.enum(GENDERS_SERVED),
  shop_type: z.array(z.string()),
  pricingCharts: z.array(pricingChartWire),
  shop_Images: z.array(shopImageWire),
  isPublished: z.boolean(),
  publishStatus: z.enum(['draft', 'pending', 'approved', 'rejected', 'unpublished']),
  publishNote: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number(),
});
export type ShopProfileWire = z.infer<typeof shopProfileWire>;

export const merchantSettingsInput = z.object({ id: idSchema });
export const merchantSettingsAnswer = z.object({ merchant: shopProfileWire });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long.`);
const requiredText = (label: string, max: number) => optionalText(label, max).min(1, `${label} is required.`);

/** Every field optional: each section of the screen saves its own part. */
export const businessProfileFields = z.object({
  shop_Name: requiredText('Shop name', 120).optional(),
  shop_Owner: requiredText('Owner name', 100).optional(),
  official_Email: z.preprocess(blankToUndefined, emailSchema.nullable().optional()),
  phone: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(INDIAN_MOBILE_RE, 'Enter a valid 10-digit mobile number.').nullable().optional(),
  ),
  Shop_Address: requiredText('Address', 300).optional(),
  City: requiredText('City', 80).optional(),
  State: requiredText('State', 80).optional(),
  Country: requiredText('Country', 80).optional(),
  postalCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, 'Enter a 6-digit PIN code.')
      .nullable()
      .optional(),
  ),
  description: optionalText('Description', 2000).optional(),
  gender: z.enum(GENDERS_SERVED, { error: `Use ${orList(GENDERS_SERVED)}.` }).optional(),
  shop_type: z.array(z.preprocess(canonicalShopType, shopCategorySchema)).min(1, 'Choose at least one shop type.').max(5).optional(),
  timeZone: z.string().refine(isValidTimeZone, 'Unknown time zone.').optional(),
  latitude: z.preprocess(numberFromText, z.number().min(-90, 'Latitude is out of range.').max(90, 'Latitude is out of range.').optional()),
  longitude: z.preprocess(
    numberFromText,
    z.number().min(-180, 'Longitude is out of range.').max(180, 'Longitude is out of range.').optional(),
  ),
  /** GeoJSON alternative to latitude/longitude: [longitude, latitude]. */
  location: z.object({ coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]) }).optional(),
});

export const updateBusinessProfileInput = businessProfileFields.extend({ merchantId: merchantIdField });
export const updateBusinessProfileAnswer = z.object({ success: z.literal(true), message: z.string(), merchant: shopProfileWire });

export const shopAnswer = z.object({ shop: shopProfileWire });
export const updateShopAnswer = z.object({ success: z.literal(true), message: z.string(), shop: shopProfileWire });

/**
 * An active booking (pending, upcoming or confirmed, still to start) that hours as saved leave
 * uncovered. For a staff member's hours (saving is not refused: the owner reassigns or cancels it
 * from Appointments): on one of their days off (`dayOff`), or outside their working hours (or the
 * salon's, for someone who works the shop's hours) that day (`outsideHours`). For the salon's
 * opening hours (merchants/updateBusinessHours): the salon no longer opens that day
 * (`salonClosed`), or the appointment is no longer inside its hours (`outsideHours`).
 */
export const hoursClashWire = z.object({
  bookingId: z.string(),
  /** Salon-local date ('YYYY-MM-DD') and start time ('h:mm AM/PM'), as booked. */
  bookingDate: z.string(),
  bookingTime: z.string(),
  status: z.enum(['pending', 'upcoming', 'confirmed']),
  customerName: z.string(),
  /** The booked services' names, in the booking's order. */
  services: z.array(z.string()),
  reason: z.enum(['dayOff', 'outsideHours', 'salonClosed']),
});
export type HoursClash = z.infer<typeof hoursClashWire>;

/** What to do with the upcoming bookings new opening hours leave uncovered (the 409 lists them). */
export const HOURS_DECISIONS = ['keep', 'cancel'] as const;
export type HoursDecision = (typeof HOURS_DECISIONS)[number];
/** The reason a booking cancelled by an hours change carries when the salon gives none. */
export const HOURS_CHANGE_REASON = 'The salon changed its opening hours';

export const updateBusinessHoursInput = z.object({
  merchantId: merchantIdField,
  openingHours: openingHoursSchema,
  /**
   * Absent: saved only when no upcoming booking falls outside the new hours (else 409 listing
   * them). `keep`: saved, the bookings stay. `cancel`: saved, and each is cancelled by the salon
   * with a full refund and the customer told, in the same transaction.
   */
  decision: z.enum(HOURS_DECISIONS, { error: 'Use keep or cancel.' }).optional(),
  /**
   * The bookings the decision was taken on (the 409's list). When sent, a booking the hours leave
   * uncovered that is not among them (made meanwhile) is a 409 again, so nothing is decided unseen.
   */
  bookingIds: z.array(idSchema).max(1000).optional(),
  /** `cancel`: the reason the customers are given; blank: "The salon changed its opening hours". */
  cancellationReason: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    optionalText('Reason', 500).optional(),
  ),
});
/** The hours clashes dialog's box: the reason the customers are given if their bookings are cancelled (blank: the standard one). */
export const hoursClashReasonForm = updateBusinessHoursInput.pick({ cancellationReason: true });
export const updateBusinessHoursAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  openingHours: shopProfileWire.shape.openingHours,
  /** The upcoming bookings the new hours leave uncovered (kept or cancelled as decided); [] when none. */
  clashes: z.array(hoursClashWire),
  decision: z.enum(HOURS_DECISIONS).nullable(),
  /** How many of them were cancelled (refunded in full, the customer told). */
  cancelled: z.number().int(),
});

export const updateNotificationSettingsInput = z.object({
  merchantId: merchantIdField,
  preferences: z
    .array(
      z.object({
        id: z.enum(NOTIFICATION_PREFERENCE_IDS, { error: `Use one of: ${NOTIFICATION_PREFERENCE_IDS.join(', ')}.` }),
        enabled: jsonValue(z.boolean({ error: 'Say whether it is on or off.' })),
      }),
      { error: 'List the notification preferences.' },
    )
    .min(1, 'List the notification preferences.')
    .max(NOTIFICATION_PREFERENCE_IDS.length),
});
export const updateNotificationSettingsAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  notificationSettings: z.array(notificationPreferenceWire),
});

// ---------------------------------------------------------------- images

export const IMAGE_KINDS = ['shop', 'staff', 'avatar'] as const;
/** Decoded size limits (merchant doc point 9): 10MB for shop photos, 5MB for avatars. */
export const IMAGE_MAX_BYTES = { shop: 10 * 1024 * 1024, staff: 5 * 1024 * 1024, avatar: 5 * 1024 * 1024 } as const;

export const uploadImageInput = z.object({
  merchantId: merchantIdField,
  kind: z.enum(IMAGE_KINDS, { error: 'Use shop, staff or avatar.' }).default('shop'),
  fileName: z.string().trim().max(255, 'The file name is too long.').optional(),
  /** A data URL (data:image/png;base64,...) or bare base64; the declared type is not trusted. */
  dataUrl: z
    .string({ error: 'Choose a file to upload.' })
    .min(1, 'Choose a file to upload.')
    .max(16_000_000, 'File must be less than 10MB.'),
  /** kind 'staff': the staff member whose avatar this becomes (else only the URL is returned). */
  staffId: z.preprocess(blankToUndefined, idSchema.optional()),
});
export const uploadAvatarInput = uploadImageInput.pick({ fileName: true, dataUrl: true });

export const uploadImageAnswer = z.object({
  url: z.string(),
  /** Names the hosted-image responses of the original client read. */
  secure_url: z.string(),
  public_id: z.string(),
  /** The new gallery entry for kind 'shop', else null. */
  image: shopImageWire.nullable(),
});

export const shopImagesAnswer = z.object({ images: z.array(shopImageWire) });
export const shopImageActionInput = z.object({ merchantId: merchantIdField, imageId: idSchema });
export const deleteShopImageAnswer = z.object({ message: z.string(), images: z.array(shopImageWire) });

// ---------------------------------------------------------------- publishing

export const completionCheckWire = z.object({ id: z.string(), label: z.string(), done: z.boolean() });
export const profileCompletionAnswer = z.object({
  percent: z.number(),
  checks: z.array(completionCheckWire),
  isPublished: z.boolean(),
  publishStatus: shopProfileWire.shape.publishStatus,
  publishNote: z.string().nullable(),
});
export const publishRequestAnswer = z.object({ message: z.string(), status: z.literal('pending') });
