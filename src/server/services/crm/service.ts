import type { z } from 'zod';
import {
  BOOKING_REFERENCE_DAYS,
  DAILY_MESSAGE_LIMIT,
  heldLabel,
  heldUntilOf,
  INDIA_TIME_ZONE,
  indiaDay,
  quietHoursEnd,
} from '../../../shared/consent.js';
import type { MessageChannel } from '../../../shared/constants.js';
import { type DeliveryFacts, deliveryLabel, deliveryStateOf } from '../../../shared/delivery.js';
import { SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates.js';
import {
  CUSTOMERS_PAGE_SIZE,
  type createTemplateInput,
  type customersInput,
  type messageContextInput,
  type sendMessageInput,
  type templateIdInput,
  type updateTemplateInput,
} from '../../../shared/schemas/crm.js';
import { legacyPageOf, pagingOf } from '../../../shared/schemas/paging.js';
import { instantToZoned } from '../../../shared/slots.js';
import * as repo from '../../db/repositories/crm.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, notFound, RateLimitError } from '../../errors.js';
import { type NewMessage, notBefore, queueMessage } from '../../messaging/index.js';
import { toE164 } from '../auth/otp.js';
import { requireFeature } from '../billing/entitlements.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';
import { fillMessage, recipientOf } from './variables.js';

const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

function toCustomerWire(r: repo.CustomerRow) {
  return {
    _id: r.id,
    source: r.source,
    name: r.name || r.email || 'Customer',
    email: r.email,
    phone: r.phone,
    avatar: r.avatar,
    totalBookings: r.total_bookings,
    lastVisit: isoOrNull(r.last_visit),
    nextAppointment: isoOrNull(r.next_appointment),
    memberSince: iso(r.member_since),
    rating: r.rating === null ? null : Number(r.rating),
    marketingOptIn: r.marketing,
  };
}

export async function getCustomers(deps: AppDeps, actor: Actor, input: z.output<typeof customersInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const page = input.page ?? 1;
  const limit = input.limit ?? CUSTOMERS_PAGE_SIZE;
  const { rows, total } = await repo.salonCustomers(deps.db, merchantId, input, { limit, offset: (page - 1) * limit });
  return { data: { customers: rows.map(toCustomerWire), ...legacyPageOf(page, limit, total) } };
}

const CONSENT_LABEL = (c: repo.CustomerRow) =>
  c.source === 'walk-in'
    ? `${c.name} is a walk-in and never opted in to offers and news`
    : `${c.name} has opted out of offers and news (marketing opt-out)`;

function bookingWire(b: repo.ReferenceableBookingRow, now: Date, timeZone: string) {
  return {
    _id: b.id,
    bookingDate: b.booking_date ? String(b.booking_date) : instantToZoned(b.starts_at, timeZone).date,
    bookingTime: b.booking_time,
    startsAt: iso(b.starts_at),
    status: b.status,
    services: b.services,
    upcoming: b.starts_at > now,
  };
}

async function messageLimit(db: AppDeps['db'], merchantId: string, now: Date) {
  const day = indiaDay(now);
  const sentToday = await repo.messagesSentOn(db, merchantId, day);
  return { perDay: DAILY_MESSAGE_LIMIT, sentToday, remainingToday: Math.max(0, DAILY_MESSAGE_LIMIT - sentToday), day };
}

/**
 * What the message dialog needs about one customer, all from the server: whether offers may go to
 * them, the bookings a message can be about, today's count against the daily limit, and whether
 * it is the TRAI quiet hours now (promotional texts are then held until 09:00 IST).
 */
export async function getMessageContext(deps: AppDeps, actor: Actor, input: z.output<typeof messageContextInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const now = deps.now();
  const customer = await repo.findSalonCustomer(deps.db, merchantId, input.customerId);
  if (!customer) throw notFound('Customer');
  const salon = await findMerchantById(deps.db, merchantId);
  const timeZone = salon?.time_zone ?? INDIA_TIME_ZONE;
  const [bookings, limit] = await Promise.all([
    repo.referenceableBookings(deps.db, merchantId, customer, now, BOOKING_REFERENCE_DAYS),
    messageLimit(deps.db, merchantId, now),
  ]);
  const heldUntil = quietHoursEnd(now);
  return {
    data: {
      customer: {
        _id: customer.id,
        name: customer.name || customer.email || 'Customer',
        source: customer.source,
        marketingOptIn: customer.marketing,
      },
      promotional: { allowed: customer.marketing, reason: customer.marketing ? null : CONSENT_LABEL(customer) },
      bookings: bookings.map((b) => bookingWire(b, now, timeZone)),
      limit,
      quietHours: { now: heldUntil !== null, heldUntil: heldUntil ? iso(heldUntil) : null, label: heldUntil ? heldLabel(heldUntil) : null },
      now: iso(now),
    },
  };
}

/**
 * Sends one message to one of the salon's own customers on each chosen channel, with the
 * variables filled in; channels the customer has no address for are skipped and reported. The
 * merchant says what it is: about one of the customer's bookings (transactional), or promotional
 * (only to a customer who opted in to offers; texts are held through the TRAI quiet hours). Each
 * message counts against the salon's daily limit, in the transaction that queues it.
 */
export async function sendMessage(deps: AppDeps, actor: Actor, input: z.output<typeof sendMessageInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await requireFeature(deps.db, merchantId, 'messaging');
  const now = deps.now();
  const customer = await repo.findSalonCustomer(deps.db, merchantId, input.customerId);
  if (!customer) throw notFound('Customer');
  let bookingId: string | null = null;
  if (input.category === 'transactional') {
    if (!input.bookingId) throw badRequest('bookingId: choose the booking this message is about (or send it as promotional)', 'bookingId');
    const bookings = await repo.referenceableBookings(deps.db, merchantId, customer, now, BOOKING_REFERENCE_DAYS);
    if (!bookings.some((b) => b.id === input.bookingId)) {
      throw badRequest(
        `bookingId: not one of this customer’s bookings at your salon that is upcoming or from the last ${BOOKING_REFERENCE_DAYS} days`,
        'bookingId',
      );
    }
    bookingId = input.bookingId;
  } else if (!customer.marketing) {
    throw new AppError(
      'FORBIDDEN',
      `category: ${CONSENT_LABEL(customer)}: a promotional message cannot be sent to them. Send one about a booking instead.`,
      'category',
    );
  }
  const salon = await findMerchantById(deps.db, merchantId);
  const { subject, body: text } = fillMessage({ subject: input.subject, body: input.message }, recipientOf(customer, salon));
  if (input.channels.includes('sms') && smsLength(text) > SMS_MAX_CHARS)
    throw badRequest(`message: ${SMS_TOO_LONG} (${smsLength(text)} once filled in)`, 'message');
  if (input.channels.includes('email') && !subject) throw badRequest('subject: an e-mail needs a subject', 'subject');
  const targets: { channel: MessageChannel; to: string }[] = [];
  const skipped: string[] = [];
  for (const channel of new Set(input.channels)) {
    const to = channel === 'email' ? customer.email : customer.phone ? toE164(customer.phone) : null;
    if (to) targets.push({ channel, to });
    else skipped.push(`${channel}: no ${channel === 'email' ? 'e-mail address' : 'phone number'} on file`);
  }
  if (targets.length === 0) throw badRequest(`channels: ${skipped.join('; ')}`, 'channels');
  const day = indiaDay(now);
  const queued: { channel: MessageChannel; to: string; heldUntil: string | null }[] = [];
  const sentToday = await deps.db.transaction().execute(async (trx) => {
    // Counted with the messages: if queueing fails, nothing was counted.
    const counted = await repo.takeMessageAllowance(trx, merchantId, day, targets.length, DAILY_MESSAGE_LIMIT);
    if (counted === null) {
      const left = Math.max(0, DAILY_MESSAGE_LIMIT - (await repo.messagesSentOn(trx, merchantId, day)));
      // The allowance is a day's in India time (IST, UTC+5:30 all year): it resets at the next midnight there.
      const untilMidnight = 86_400 - (Math.floor(now.getTime() / 1000 + 19_800) % 86_400);
      throw new RateLimitError(
        left === 0
          ? `Daily limit reached: a salon can send ${DAILY_MESSAGE_LIMIT} messages to customers per day (India time). You can send more after midnight.`
          : `Daily limit: a salon can send ${DAILY_MESSAGE_LIMIT} messages to customers per day (India time), and ${left} ${left === 1 ? 'is' : 'are'} left today; this needs ${targets.length} (one per channel).`,
        {
          policy: 'customer-messages',
          limit: DAILY_MESSAGE_LIMIT,
          windowSeconds: 86_400,
          retryAfterSeconds: untilMidnight,
          remaining: left,
        },
      );
    }
    for (const { channel, to } of targets) {
      const message = {
        channel,
        to,
        subject: channel === 'email' ? subject : null,
        body: text,
        accountId: customer.source === 'account' ? customer.id : null,
        merchantId,
        meta: { purpose: 'merchant_message', merchantId, customerId: customer.id, ...(bookingId ? { bookingId } : {}) },
      };
      const m: NewMessage =
        input.category === 'promotional' ? { ...message, category: 'promotional', now } : { ...message, category: 'transactional' };
      await queueMessage(trx, m);
      const held = notBefore(m);
      queued.push({ channel, to, heldUntil: held ? iso(held) : null });
    }
    return counted;
  });
  const heldChannels = queued.filter((q) => q.heldUntil).map((q) => CHANNEL_NAMES[q.channel]);
  const heldAt = queued.find((q) => q.heldUntil)?.heldUntil;
  const message = !heldAt
    ? 'Message sent successfully!'
    : heldChannels.length === queued.length
      ? `Message queued: ${heldLabel(heldAt).replace(/^H/, 'h')}.`
      : `Message sent successfully! The ${heldChannels.join(' and ')} ${heldChannels.length > 1 ? 'are' : 'is'} ${heldLabel(heldAt).replace(/^H/, 'h')}.`;
  return { success: true as const, message, queued, skipped, remainingToday: Math.max(0, DAILY_MESSAGE_LIMIT - sentToday) };
}

const CHANNEL_NAMES: Record<MessageChannel, string> = { email: 'e-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

type TemplateRow = Awaited<ReturnType<typeof repo.listTemplates>>[number];
const templateWire = (t: TemplateRow) => ({
  _id: t.id,
  name: t.name,
  type: t.type,
  subject: t.subject,
  content: t.content,
  createdAt: iso(t.created_at),
});

function checkTemplate(t: { type: MessageChannel; subject?: string; content: string }) {
  if (t.type === 'sms' && smsLength(t.content) > SMS_MAX_CHARS) throw badRequest(`content: ${SMS_TOO_LONG}`, 'content');
  if (t.type === 'email' && !t.subject) throw badRequest('subject: an e-mail template needs a subject', 'subject');
}

export async function getTemplates(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  return { data: (await repo.listTemplates(deps.db, shop)).map(templateWire) };
}

export async function createTemplate(deps: AppDeps, actor: Actor, input: z.output<typeof createTemplateInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  checkTemplate(input);
  const row = await repo.insertTemplate(deps.db, {
    merchant_id: shop,
    name: input.name,
    type: input.type,
    subject: input.type === 'email' ? (input.subject ?? null) : null,
    content: input.content,
  });
  return { data: templateWire(row), message: 'Template created' };
}

export async function updateTemplate(deps: AppDeps, actor: Actor, input: z.output<typeof updateTemplateInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  checkTemplate(input);
  const row = await repo.updateTemplate(deps.db, shop, input.templateId, {
    name: input.name,
    type: input.type,
    subject: input.type === 'email' ? (input.subject ?? null) : null,
    content: input.content,
  });
  if (!row) throw notFound('Template');
  return { data: templateWire(row), message: 'Template saved' };
}

export async function deleteTemplate(deps: AppDeps, actor: Actor, input: z.output<typeof templateIdInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  if (!(await repo.deleteTemplate(deps.db, shop, input.templateId))) throw notFound('Template');
  return { success: true as const };
}

type OutboxRow = Awaited<ReturnType<typeof repo.sentMessages>>['rows'][number];
const factsOf = (m: OutboxRow, now: Date): DeliveryFacts => ({
  channel: m.channel,
  status: m.status,
  provider: m.provider,
  deliveredAt: m.delivered_at,
  heldUntil: heldUntilOf({ ...m, nextAttemptAt: m.next_attempt_at }, now),
});

export async function getSentMessages(deps: AppDeps, actor: Actor, input: { merchantId?: string; page: number; limit: number }) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const { rows, total } = await repo.sentMessages(deps.db, shop, { limit: input.limit, offset: (input.page - 1) * input.limit });
  const now = deps.now();
  return {
    paging: pagingOf(input.page, input.limit, total),
    data: rows.map((m) => ({
      _id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      status: m.status,
      category: m.category,
      delivery: deliveryStateOf(factsOf(m, now)),
      deliveryLabel: deliveryLabel(factsOf(m, now)),
      heldUntil: isoOrNull(factsOf(m, now).heldUntil as Date | null),
      lastError: m.last_error,
      createdAt: iso(m.created_at),
      sentAt: m.sent_at ? iso(m.sent_at) : null,
    })),
  };
}
