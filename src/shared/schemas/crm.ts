import { z } from 'zod';
import { MESSAGE_CATEGORIES } from '../consent.js';
import { CAMPAIGN_CHANNELS, MESSAGE_CHANNELS, type MessageChannel, OUTBOX_CHANNELS, orList } from '../constants.js';
import { DELIVERY_STATES } from '../delivery.js';
import { checkSocialUrl, SOCIAL_NETWORKS } from '../social.js';
import { idSchema } from '../validation.js';
import { bodyPageFields, legacyPageFields, pagingWire } from './paging.js';
import { queryNumber } from './query.js';

export { SOCIAL_NETWORKS };

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** The channels a salon messages customers through (constants.ts MESSAGE_CHANNELS). */
export const CHANNELS = MESSAGE_CHANNELS;
export type { MessageChannel };

export const RANGE_DAYS = [7, 30, 90] as const;
export const CUSTOMERS_PAGE_SIZE = 50;
export const CUSTOMERS_PAGE_MAX = 200;

export const customersInput = z.object({
  merchantId: idSchema.optional(),
  search: z.preprocess(blank, z.string().trim().max(80).optional()),
  /** Customers with a booking in the last N days. */
  rangeDays: queryNumber(
    z
      .number({ error: 'rangeDays: 7, 30 or 90' })
      .refine((n) => (RANGE_DAYS as readonly number[]).includes(n), 'rangeDays: 7, 30 or 90')
      .meta({ enum: [...RANGE_DAYS] }),
  ),
  /** Customers whose average rating of this salon is at least this. */
  minRating: queryNumber(
    z.number({ error: 'minRating: 3, 4 or 5' }).int('minRating: 3, 4 or 5').min(1, 'minRating: 3, 4 or 5').max(5, 'minRating: 3, 4 or 5'),
  ),
  page: queryNumber(
    z
      .number({ error: 'page: a page number from 1' })
      .int('page: a page number from 1')
      .min(1, 'page: a page number from 1')
      .max(100_000, 'page: a page number from 1'),
  ).describe('The page, from 1 (default 1)'),
  limit: queryNumber(
    z
      .number({ error: `limit: 1 to ${CUSTOMERS_PAGE_MAX}` })
      .int(`limit: 1 to ${CUSTOMERS_PAGE_MAX}`)
      .min(1, `limit: 1 to ${CUSTOMERS_PAGE_MAX}`)
      .max(CUSTOMERS_PAGE_MAX, `limit: 1 to ${CUSTOMERS_PAGE_MAX}`),
  ).describe(`Page size, default ${CUSTOMERS_PAGE_SIZE}, at most ${CUSTOMERS_PAGE_MAX}`),
});

const customerWire = z.object({
  _id: z.string(),
  source: z.enum(['account', 'walk-in']),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  totalBookings: z.number(),
  lastVisit: z.string().nullable(),
  nextAppointment: z.string().nullable(),
  memberSince: z.string(),
  /** Their average rating of this salon, null when they have not reviewed it. */
  rating: z.number().nullable(),
  /** They opted in to offers (campaigns reach only them); walk-ins never did. */
  marketingOptIn: z.boolean(),
});
export type CustomerWire = z.infer<typeof customerWire>;
export const customersAnswer = z.object({
  data: z.object({ customers: z.array(customerWire), ...legacyPageFields }),
});

const customerIdSchema = z.string({ error: 'customerId: choose a customer' }).trim().min(1, 'customerId: choose a customer').max(300);
const CATEGORY_ERROR = 'category: transactional (about a booking, naming bookingId) or promotional';

export const sendMessageInput = z.object({
  merchantId: idSchema.optional(),
  customerId: customerIdSchema,
  /**
   * Transactional: about one of the customer's bookings at this salon (`bookingId`, upcoming or
   * started within the last 7 days). Promotional: anything else; only to customers who opted in
   * to offers, and texts wait out the TRAI quiet hours (21:00–09:00 IST).
   */
  category: z.enum(MESSAGE_CATEGORIES, { error: CATEGORY_ERROR }),
  bookingId: z.preprocess(blank, z.string({ error: 'bookingId: choose a booking' }).uuid('bookingId: choose a booking').optional()),
  channels: z
    .array(z.enum(CHANNELS, { error: `channels: ${orList(CHANNELS)}` }))
    .min(1, 'Please select at least one contact method and enter a message.')
    .max(3),
  subject: z.preprocess(blank, z.string().trim().max(150, 'subject: at most 150 characters').optional()),
  message: z
    .string({ error: 'Please select at least one contact method and enter a message.' })
    .trim()
    .min(1, 'Please select at least one contact method and enter a message.')
    .max(2000, 'message: at most 2,000 characters'),
});
/**
 * The Send Message dialog's form: the server's sendMessageInput, with what the server refuses
 * after parsing (an e-mail without a subject, a message about no booking) said before sending,
 * under the field to fix.
 */
export const sendMessageForm = sendMessageInput.superRefine((v, ctx) => {
  if (v.channels.includes('email') && !v.subject)
    ctx.addIssue({ code: 'custom', path: ['subject'], message: 'An e-mail needs a subject.' });
  if (v.category === 'transactional' && !v.bookingId) {
    ctx.addIssue({ code: 'custom', path: ['bookingId'], message: 'Choose the booking this message is about, or send it as promotional.' });
  }
});
export const sendMessageAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Each message queued; `heldUntil` when it waits for the end of the TRAI quiet hours. */
  queued: z.array(z.object({ channel: z.enum(CHANNELS), to: z.string(), heldUntil: z.string().nullable() })),
  skipped: z.array(z.string()),
  /** One-to-one messages the salon may still send today (India day). */
  remainingToday: z.number(),
});

export const messageContextInput = z.object({ merchantId: idSchema.optional(), customerId: customerIdSchema });
const referenceableBooking = z.object({
  _id: z.string(),
  /** Salon-local date and time as booked. */
  bookingDate: z.string(),
  /** Null for a booking taken at the counter (a walk-in's), which has no time. */
  bookingTime: z.string().nullable(),
  startsAt: z.string(),
  status: z.string(),
  services: z.array(z.string()),
  /** Upcoming, or started within the last 7 days. */
  upcoming: z.boolean(),
});
export type ReferenceableBooking = z.infer<typeof referenceableBooking>;
export const messageContextAnswer = z.object({
  data: z.object({
    customer: z.object({ _id: z.string(), name: z.string(), source: z.enum(['account', 'walk-in']), marketingOptIn: z.boolean() }),
    /** Whether a promotional message may go to this customer, and why not. */
    promotional: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
    /** The bookings a transactional message can be about. */
    bookings: z.array(referenceableBooking),
    limit: z.object({ perDay: z.number(), sentToday: z.number(), remainingToday: z.number(), day: z.string() }),
    /** The TRAI quiet hours now (server clock, India time): promotional texts are held until `heldUntil`. */
    quietHours: z.object({ now: z.boolean(), heldUntil: z.string().nullable(), label: z.string().nullable() }),
    /** The server's clock reading these figures were computed at. */
    now: z.string(),
  }),
});
export type MessageContext = z.infer<typeof messageContextAnswer>['data'];

export const templateFields = {
  name: z
    .string({ error: 'Please fill in all required fields.' })
    .trim()
    .min(1, 'Please fill in all required fields.')
    .max(80, 'name: at most 80 characters'),
  type: z.enum(CHANNELS, { error: `type: ${orList(CHANNELS)}` }),
  subject: z.preprocess(blank, z.string().trim().max(150, 'subject: at most 150 characters').optional()),
  content: z
    .string({ error: 'Please fill in all required fields.' })
    .trim()
    .min(1, 'Please fill in all required fields.')
    .max(2000, 'content: at most 2,000 characters'),
};
export const createTemplateInput = z.object({ merchantId: idSchema.optional(), ...templateFields });
export const updateTemplateInput = z.object({ merchantId: idSchema.optional(), templateId: idSchema, ...templateFields });
export const templateIdInput = z.object({ merchantId: idSchema.optional(), templateId: idSchema });
export const templatesInput = z.object({ merchantId: idSchema.optional() });
const templateWire = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(CHANNELS),
  subject: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});
export type TemplateWire = z.infer<typeof templateWire>;
export const templatesAnswer = z.object({ data: z.array(templateWire) });
export const templateAnswer = z.object({ data: templateWire, message: z.string() });
export const deleteTemplateAnswer = z.object({ success: z.literal(true) });

export const sentMessagesInput = z.object({ merchantId: idSchema.optional(), ...bodyPageFields(100, 200) });
export const sentMessagesAnswer = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      channel: z.enum(OUTBOX_CHANNELS),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      status: z.enum(['queued', 'sending', 'sent', 'failed']),
      /** What the transport reported: queued, sent (accepted by a provider), delivered (receipt), failed, not_sent (mail drop). */
      /** Transactional (about a booking or the account) or promotional (offers, campaigns). */
      category: z.enum(MESSAGE_CATEGORIES),
      delivery: z.enum(DELIVERY_STATES),
      deliveryLabel: z.string(),
      /** A promotional text held until the end of the TRAI quiet hours (09:00 IST). */
      heldUntil: z.string().nullable(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  paging: pagingWire,
});

// ---------------------------------------------------------------- marketing

export const SEGMENTS = ['all', 'active', 'inactive'] as const;
/** Active customers booked in the last this many days. */
export const ACTIVE_DAYS = 90;

export const marketingInput = z.object({ merchantId: idSchema.optional() });
export const createCampaignInput = z.object({
  merchantId: idSchema.optional(),
  channel: z.enum(CAMPAIGN_CHANNELS, { error: `channel: ${orList(CAMPAIGN_CHANNELS)}` }),
  name: z.string({ error: 'name: name the campaign' }).trim().min(1, 'name: name the campaign').max(100, 'name: at most 100 characters'),
  subject: z.preprocess(blank, z.string().trim().max(150, 'subject: at most 150 characters').optional()),
  body: z.string({ error: 'body: write the message' }).trim().min(1, 'body: write the message').max(5000, 'body: at most 5,000 characters'),
  segment: z.enum(SEGMENTS, { error: 'segment: all, active or inactive' }),
});
/**
 * The Marketing screen's campaign form: the spec names each missing field in its own sentence (an
 * e-mail campaign needs a name, subject, message and audience; an SMS its message); the server's
 * limits (createCampaignInput) still apply to what it sends.
 */
export const campaignForm = z
  .object({
    channel: createCampaignInput.shape.channel,
    name: z.string(),
    subject: z.string(),
    body: z.string().refine((v) => v.trim() !== '', 'Message is required.'),
    segment: z.enum(SEGMENTS, { error: 'Choose who receives it.' }),
  })
  .superRefine((v, ctx) => {
    if (v.channel !== 'email') return;
    if (!v.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Campaign name is required.' });
    if (!v.subject.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Subject is required.' });
  });
export const campaignIdInput = z.object({ merchantId: idSchema.optional(), campaignId: idSchema });
/** The salon's page on a network (https, on the network's own domain); null or blank removes it. */
export const socialLinkInput = z
  .object({
    merchantId: idSchema.optional(),
    network: z.enum(SOCIAL_NETWORKS, { error: 'network: facebook, instagram or twitter' }),
    url: z.preprocess(
      blank,
      z.string({ error: 'url: the page address as text' }).max(300, 'url: at most 300 characters').nullable().optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.url == null) return;
    const checked = checkSocialUrl(v.network, v.url);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['url'], message: `url: ${checked.message}` });
  });

const campaignWire = z.object({
  _id: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  name: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  segment: z.enum(SEGMENTS),
  status: z.enum(['sending', 'sent', 'failed']),
  recipients: z.number(),
  /** The latest round's messages by delivery state (shared/delivery.ts). */
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  notSent: z.number(),
  opened: z.number(),
  bookingsAfter: z.number(),
  /** Its texts wait for the end of the TRAI quiet hours (09:00 IST); null when none is held. */
  heldUntil: z.string().nullable(),
  createdAt: z.string(),
  /** When the latest send (or resend) began; the stats are of that round. */
  startedAt: z.string(),
});
export type CampaignWire = z.infer<typeof campaignWire>;
const rate = z.number().nullable();
const deliveryCounts = z.object({ queued: z.number(), sent: z.number(), delivered: z.number(), failed: z.number(), notSent: z.number() });
export type DeliveryCounts = z.infer<typeof deliveryCounts>;
const segmentCounts = z.object({ all: z.number(), active: z.number(), inactive: z.number() });
export type SegmentCounts = z.infer<typeof segmentCounts>;
export const marketingAnswer = z.object({
  data: z.object({
    /** How many customers each campaign would reach: opted in, with the channel's address. */
    segments: z.object({ customers: z.number(), email: segmentCounts, sms: segmentCounts }),
    campaigns: z.array(campaignWire),
    /** The salon's pages on each network, as entered by the owner (null: none linked). */
    social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string().nullable() })),
    analytics: z.object({
      /** Opened of the e-mails a provider accepted; null when none was handed to one. */
      emailOpenRate: rate,
      /** Provider receipts of delivery, of the texts handed to a provider; null when none was. */
      smsDeliveryRate: rate,
      /** Customers who booked within 7 days, of those a message reached a provider for. */
      conversionRate: rate,
      /** Whether a real provider takes each channel (false: the offline outbox or mail drop). */
      emailProvider: z.boolean(),
      smsProvider: z.boolean(),
      /** Campaign messages per delivery state. */
      email: deliveryCounts,
      sms: deliveryCounts,
    }),
  }),
});
export const campaignAnswer = z.object({ data: campaignWire, message: z.string() });
export const socialAnswer = z.object({ success: z.literal(true), network: z.enum(SOCIAL_NETWORKS), url: z.string().nullable() });
