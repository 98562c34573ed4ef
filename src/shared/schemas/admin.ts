import { z } from 'zod';
import { BOOKING_STATUSES, OUTBOX_CHANNELS, orList, PLACE_KINDS, ROLES } from '../constants.js';
import { DELIVERY_STATES } from '../delivery.js';
import { blankMeansNone, dateSchema, idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { legacyPageFields } from './paging.js';
import { queryNumber } from './query.js';

/* The admin area's wire shapes (issue 8). Every procedure under admin/* is for administrators only. */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodTypeAny>(s: T) => z.preprocess(blankToUndefined, s.optional());

export const pageField = queryNumber(
  z
    .number({ error: 'page: use a whole number' })
    .int('page: use a whole number')
    .min(1, 'page: starts at 1')
    .max(100_000, 'page: at most 100000'),
  1,
);
export const limitField = queryNumber(
  z
    .number({ error: 'limit: use a whole number' })
    .int('limit: use a whole number')
    .min(1, 'limit: at least 1')
    .max(200, 'limit: at most 200'),
  20,
);
const searchField = optional(z.string().trim().max(100, 'search: at most 100 characters'));
const dateField = optional(dateSchema);

export const PUBLISH_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'unpublished'] as const;
export const FEEDBACK_KINDS = ['contact', 'ticket'] as const;
export const FEEDBACK_STATUSES = ['open', 'pending', 'closed'] as const;
export const AUDIENCES = ['all', 'customers', 'merchants'] as const;
export const REPORT_GROUPS = ['city', 'day', 'month'] as const;
export { OUTBOX_CHANNELS };

const reasonField = (what: string) =>
  z
    .string({ error: `reason: give the ${what} reason` })
    .trim()
    .min(3, `reason: give the ${what} reason (at least 3 characters)`)
    .max(500, 'reason: at most 500 characters');

/**
 * The admin's reason dialog (block, reject, unpublish, cancel an invoice): a written reason, the
 * rule every such procedure's reason shares; each procedure's own limits still apply to it.
 */
export const reasonForm = z.object({
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters.').max(500, 'reason: at most 500 characters'),
});

const pageInfo = legacyPageFields;
export const noInput = z.object({});
export const messageAnswer = z.object({ message: z.string() });

// ---------------------------------------------------------------- dashboard

export const dashboardAnswer = z.object({
  totals: z.object({
    customers: z.number(),
    merchants: z.number(),
    publishedSalons: z.number(),
    bookings: z.number(),
    /** Rupees booked, cancelled bookings excluded. */
    grossBookingValue: z.number(),
    /** Rupees the platform earned on completed bookings (commission ledger). */
    commissionEarned: z.number(),
    pendingPublishRequests: z.number(),
  }),
  /** The last 30 salon-local days (Asia/Kolkata), oldest first, every day present. */
  trend: z.array(z.object({ date: z.string(), bookings: z.number(), gbv: z.number(), commission: z.number() })),
  topCities: z.array(z.object({ city: z.string(), salons: z.number(), bookings: z.number(), gbv: z.number() })),
});
export type AdminDashboard = z.infer<typeof dashboardAnswer>;

export const userBaseAnswer = z.object({
  totalUsers: z.number(),
  customers: z.number(),
  merchants: z.number(),
  admins: z.number(),
  blocked: z.number(),
  newLast30Days: z.number(),
});

// ---------------------------------------------------------------- users

export const usersInput = z.object({
  search: searchField,
  role: optional(z.enum(ROLES, { error: 'role: choose customer, merchant or admin' })),
  blocked: optional(z.enum(['true', 'false'], { error: 'blocked: true or false' })),
  page: pageField,
  limit: limitField,
});

export const adminUserWire = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isBlocked: z.boolean(),
  blockedReason: z.string().nullable(),
  shop_Name: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  bookingCount: z.number(),
});
export type AdminUserWire = z.infer<typeof adminUserWire>;
export const usersAnswer = z.object({ users: z.array(adminUserWire), ...pageInfo });

export const blockUserInput = z.object({ userId: idSchema, reason: reasonField('blocking') });
export const userTargetInput = z.object({ userId: idSchema });
export const userAnswer = z.object({ user: adminUserWire });

// ---------------------------------------------------------------- bookings

export const adminBookingsInput = z.object({
  status: optional(z.enum(BOOKING_STATUSES, { error: 'status: choose pending, upcoming, confirmed, completed, cancelled or no_show' })),
  merchantId: optional(idSchema),
  city: optional(z.string().trim().max(100)),
  from: dateField,
  to: dateField,
  search: searchField,
  page: pageField,
  limit: limitField,
});

export const adminBookingRowWire = z.object({
  _id: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  totalPrice: z.number(),
  commission: z.number().nullable(),
  services: z.array(z.string()),
  salon: z.object({ _id: z.string(), name: z.string(), city: z.string() }),
  /** `_id` is null for a salon's desk booking that the person has not confirmed (no account yet). */
  customer: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  createdAt: z.string(),
});
export const adminBookingsAnswer = z.object({ bookings: z.array(adminBookingRowWire), ...pageInfo });
export const adminBookingByIdInput = z.object({ id: idSchema });

// ---------------------------------------------------------------- salons

export const salonsInput = z.object({
  publishStatus: optional(z.enum(PUBLISH_STATUSES, { error: 'publishStatus: choose draft, pending, approved, rejected or unpublished' })),
  search: searchField,
  sponsored: optional(z.enum(['true', 'false'], { error: 'sponsored: true or false' })),
  page: pageField,
  limit: limitField,
});

export const adminSalonWire = z.object({
  _id: z.string(),
  shop_Name: z.string(),
  shop_Owner: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  City: z.string(),
  State: z.string(),
  publishStatus: z.enum(PUBLISH_STATUSES),
  isPublished: z.boolean(),
  publishNote: z.string().nullable(),
  publishRequestedAt: z.string().nullable(),
  isSponsored: z.boolean(),
  promotionMessage: z.string().nullable(),
  completionPercent: z.number(),
  rating: z.number(),
  reviewCount: z.number(),
  bookingCount: z.number(),
  /**
   * Bookings still to be served: pending, upcoming or confirmed, starting after the answer was
   * made. Unpublishing leaves them booked (the customer can still cancel; the salon serves them).
   */
  upcomingBookingCount: z.number(),
  ownerBlocked: z.boolean(),
  createdAt: z.string(),
});
export type AdminSalonWire = z.infer<typeof adminSalonWire>;
export const salonsAnswer = z.object({ salons: z.array(adminSalonWire), ...pageInfo });

export const salonCompletionInput = z.object({ id: idSchema });
export const salonCompletionAnswer = z.object({
  _id: z.string(),
  shop_Name: z.string(),
  percent: z.number(),
  checks: z.array(z.object({ id: z.string(), label: z.string(), done: z.boolean() })),
  publishStatus: z.enum(PUBLISH_STATUSES),
  isPublished: z.boolean(),
  publishNote: z.string().nullable(),
});

export const salonTargetInput = z.object({ merchantId: idSchema });
export const salonReasonInput = z.object({ merchantId: idSchema, reason: reasonField('decision') });
export const sponsorInput = z.object({
  merchantId: idSchema,
  sponsored: jsonValue(z.boolean({ error: 'sponsored: true or false' })),
  promotionMessage: optional(z.string().trim().max(200, 'promotionMessage: at most 200 characters')),
});
export const salonAnswer = z.object({ salon: adminSalonWire });

// ---------------------------------------------------------------- feedback

export const feedbackInput = z.object({
  kind: optional(z.enum(FEEDBACK_KINDS, { error: 'kind: contact or ticket' })),
  status: optional(z.enum(FEEDBACK_STATUSES, { error: 'status: open, pending or closed' })),
  search: searchField,
  page: pageField,
  limit: limitField,
});

export const feedbackWire = z.object({
  _id: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  type: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  category: z.string().nullable(),
  priority: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** The booking a ticket is about (a no-show dispute). */
  bookingId: z.string().nullable(),
  userId: z.string().nullable(),
  merchantId: z.string().nullable(),
  createdAt: z.string(),
});
export const feedbackListAnswer = z.object({ messages: z.array(feedbackWire), ...pageInfo });
export const feedbackReplyInput = z.object({
  id: idSchema,
  reply: z
    .string({ error: 'reply: write the answer' })
    .trim()
    .min(2, 'reply: write the answer')
    .max(5000, 'reply: at most 5000 characters'),
});
export const feedbackTargetInput = z.object({ id: idSchema });
export const feedbackAnswer = z.object({ message: feedbackWire });

// ---------------------------------------------------------------- reports

export const reportsInput = z.object({
  groupBy: optional(z.enum(REPORT_GROUPS, { error: 'groupBy: city, day or month' })).default('day'),
  from: dateField,
  to: dateField,
  /** Only this city's salons (e.g. Pune by month). */
  city: optional(z.string().trim().max(100, 'city: at most 100 characters')),
});
export const reportRowWire = z.object({
  key: z.string(),
  bookings: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  gbv: z.number(),
  commission: z.number(),
  /** Paid subscription invoices, before GST. */
  subscriptions: z.number(),
});
export type ReportRow = z.infer<typeof reportRowWire>;
export const reportsAnswer = z.object({
  groupBy: z.enum(REPORT_GROUPS),
  from: z.string(),
  to: z.string(),
  /** The city filter as reports spell it, or null for every city. */
  city: z.string().nullable(),
  rows: z.array(reportRowWire),
  totals: reportRowWire.omit({ key: true }),
  /** Every city with salons, for the filter. */
  cities: z.array(z.string()),
});
export const reportsCsvAnswer = z.object({ filename: z.string(), csv: z.string() });

// ---------------------------------------------------------------- security

export const securityInput = z.object({
  hours: queryNumber(
    z
      .number({ error: 'hours: use a whole number' })
      .int('hours: use a whole number')
      .min(1, 'hours: at least 1')
      .max(720, 'hours: at most 720'),
    24,
  ),
});
export const securityAnswer = z.object({
  hours: z.number(),
  failedSignIns: z.array(z.object({ email: z.string(), ip: z.string(), count: z.number(), lastAt: z.string() })),
  /**
   * Accounts the sign-in throttle refuses right now (429 until the window passes): from one IP
   * (`ip`), or from every IP (`ip` null) after too many failures from all IPs together.
   */
  throttledAccounts: z.array(
    z.object({ email: z.string(), ip: z.string().nullable(), failures: z.number(), lastAt: z.string(), until: z.string() }),
  ),
  throttledIps: z.array(z.object({ ip: z.string(), failures: z.number(), lastAt: z.string(), until: z.string() })),
  blockedAccounts: z.number(),
});

// ---------------------------------------------------------------- notifications

export const broadcastInput = z.object({
  title: z.string({ error: 'title: write a title' }).trim().min(1, 'title: write a title').max(120, 'title: at most 120 characters'),
  message: z
    .string({ error: 'message: write the message' })
    .trim()
    .min(1, 'message: write the message')
    .max(1000, 'message: at most 1000 characters'),
  audience: z.enum(AUDIENCES, { error: 'audience: all, customers or merchants' }),
  /** Also as a web push to every subscribed browser of the audience. */
  push: jsonValue(z.boolean({ error: 'push: true or false' }))
    .optional()
    .default(false),
  link: blankMeansNone(
    z
      .string()
      .trim()
      .max(300)
      .regex(/^\/[^\s]*$/, 'link: use a path inside the app, starting with /'),
  ),
});
export const broadcastAnswer = z.object({ recipients: z.number(), pushSubscriptions: z.number(), message: z.string() });
export const broadcastsInput = z.object({ page: pageField, limit: limitField });
export const broadcastsAnswer = z.object({
  broadcasts: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      message: z.string(),
      audience: z.string(),
      recipients: z.number(),
      sentBy: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  ...pageInfo,
});

// ---------------------------------------------------------------- payments

export const commissionsInput = z.object({
  from: dateField,
  to: dateField,
  merchantId: optional(idSchema),
  page: pageField,
  limit: limitField,
});
export const commissionsAnswer = z.object({
  entries: z.array(
    z.object({
      _id: z.string(),
      bookingId: z.string(),
      merchantId: z.string(),
      salonName: z.string(),
      city: z.string(),
      bookingDate: z.string(),
      grossAmount: z.number(),
      commission: z.number(),
      merchantEarning: z.number(),
      createdAt: z.string(),
    }),
  ),
  totals: z.object({ entries: z.number(), grossAmount: z.number(), commission: z.number(), merchantEarning: z.number() }),
  ...pageInfo,
});

// ---------------------------------------------------------------- e-mail

export const outboxInput = z.object({
  channel: optional(z.enum(OUTBOX_CHANNELS, { error: `channel: ${orList(OUTBOX_CHANNELS)}` })),
  /** The delivery state (shared/delivery.ts) as the transport reported it. */
  status: optional(z.enum(DELIVERY_STATES, { error: 'status: queued, sent, delivered, failed or not_sent' })),
  search: searchField,
  page: pageField,
  limit: limitField,
});
export const outboxAnswer = z.object({
  messages: z.array(
    z.object({
      _id: z.string(),
      channel: z.enum(OUTBOX_CHANNELS),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      status: z.string(),
      /** queued, sent (accepted by a provider), delivered (a provider receipt), failed, not_sent (local mail drop). */
      delivery: z.enum(DELIVERY_STATES),
      deliveryLabel: z.string(),
      deliveredAt: z.string().nullable(),
      provider: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  ...pageInfo,
});

export const emailTemplateWire = z.object({
  key: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.string()),
  updatedAt: z.string(),
});
export const emailTemplatesAnswer = z.object({ templates: z.array(emailTemplateWire) });
export const updateEmailTemplateInput = z.object({
  key: z.string().trim().min(1, 'key: choose a template'),
  subject: z
    .string({ error: 'subject: write a subject' })
    .trim()
    .min(1, 'subject: write a subject')
    .max(200, 'subject: at most 200 characters'),
  body: z
    .string({ error: 'body: write the message' })
    .trim()
    .min(1, 'body: write the message')
    .max(10_000, 'body: at most 10000 characters'),
});
export const emailTemplateAnswer = z.object({ template: emailTemplateWire });

// ---------------------------------------------------------------- system and audit

export const systemAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['postgres', 'pglite']), version: z.string(), latencyMs: z.number() }),
  node: z.string(),
  app: z.object({ name: z.string(), version: z.string(), environment: z.string(), uptimeSeconds: z.number() }),
  migrations: z.array(z.object({ name: z.string(), appliedAt: z.string() })),
  /** Degraded: messages failed to send in the last 24 hours, or due messages wait more than 5 minutes. */
  outbox: z.object({ queued: z.number(), failedLast24h: z.number() }),
  jobs: z.object({
    /** Per kind (every kind): jobs waiting to run (now or later), waiting for a retry, and failed for good. */
    byKind: z.array(z.object({ kind: z.string(), queued: z.number(), retrying: z.number(), failed: z.number() })),
    /** How long the oldest due outbox message has waited, in seconds (0 when none waits). */
    oldestDueSeconds: z.number(),
    failures: z.array(
      z.object({
        _id: z.string(),
        kind: z.string(),
        attempts: z.number(),
        lastError: z.string().nullable(),
        failedAt: z.string().nullable(),
      }),
    ),
  }),
});

export const retryJobInput = z.object({ jobId: z.uuid({ error: 'jobId: a job id' }) });
export const retryJobAnswer = z.object({ success: z.literal(true), message: z.string() });

export const auditInput = z.object({
  action: optional(z.string().trim().max(60)),
  actorId: optional(idSchema),
  page: pageField,
  limit: limitField,
});
export const auditAnswer = z.object({
  entries: z.array(
    z.object({
      _id: z.string(),
      actor: z.object({ _id: z.string(), email: z.string(), name: z.string() }).nullable(),
      /** The user the action was about (an account, or a salon's owner), when there is one. */
      subject: z.object({ _id: z.string(), email: z.string(), name: z.string(), shopName: z.string().nullable() }).nullable(),
      action: z.string(),
      entity: z.string(),
      entityId: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
  ...pageInfo,
});

// ---------------------------------------------------------------- featured locations

export const featuredLocationWire = z.object({
  _id: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  kind: z.enum(PLACE_KINDS),
  lat: z.number(),
  lng: z.number(),
  sortOrder: z.number(),
});
export const featuredLocationsAnswer = z.object({ locations: z.array(featuredLocationWire) });
export const addFeaturedLocationInput = z.object({
  name: z.string({ error: 'name: name the place' }).trim().min(1, 'name: name the place').max(100, 'name: at most 100 characters'),
  city: z.string({ error: 'city: name the city' }).trim().min(1, 'city: name the city').max(100, 'city: at most 100 characters'),
  state: optional(z.string().trim().max(100)),
  kind: z.enum(PLACE_KINDS, { error: `kind: ${orList(PLACE_KINDS)}` }).default('city'),
  lat: optional(z.number().min(-90, 'lat: between -90 and 90').max(90, 'lat: between -90 and 90')),
  lng: optional(z.number().min(-180, 'lng: between -180 and 180').max(180, 'lng: between -180 and 180')),
  sortOrder: optional(z.number().int('sortOrder: use a whole number').min(0).max(1000)),
});
export const featuredLocationAnswer = z.object({ location: featuredLocationWire });
/**
 * The admin's featured-location form: a city, and optionally a locality in it (without one the
 * whole city is featured); it becomes addFeaturedLocationInput, the server's own rules.
 */
export const featuredLocationForm = z
  .object({
    city: addFeaturedLocationInput.shape.city,
    locality: optional(z.string().trim().max(100, 'name: at most 100 characters')),
    state: addFeaturedLocationInput.shape.state,
    sortOrder: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), addFeaturedLocationInput.shape.sortOrder),
  })
  .transform(({ locality, ...place }) => ({
    ...place,
    name: locality ?? place.city,
    kind: locality ? ('locality' as const) : ('city' as const),
  }));

export const removeFeaturedLocationInput = z.object({ id: idSchema });
