import { deliveryLabel, deliveryStateOf, type DeliveryFacts } from '../../../shared/delivery.js';
import type { z } from 'zod';
import { SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates.js';
import { CUSTOMERS_PAGE_SIZE, type createTemplateInput, type customersInput, type sendMessageInput, type templateIdInput, type updateTemplateInput } from '../../../shared/schemas/crm.js';
import * as repo from '../../db/repositories/crm.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import { badRequest, notFound } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
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
  return { data: { customers: rows.map(toCustomerWire), total, page, limit } };
}

/**
 * Sends one message to one of the salon's own customers on each chosen channel, with the
 * variables filled in; channels the customer has no address for are skipped and reported.
 */
export async function sendMessage(deps: AppDeps, actor: Actor, input: z.output<typeof sendMessageInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await requireFeature(deps.db, merchantId, 'messaging');
  const customer = await repo.findSalonCustomer(deps.db, merchantId, input.customerId);
  if (!customer) throw notFound('Customer');
  const salon = await findMerchantById(deps.db, merchantId);
  const { subject, body: text } = fillMessage({ subject: input.subject, body: input.message }, recipientOf(customer, salon));
  if (input.channels.includes('sms') && smsLength(text) > SMS_MAX_CHARS) throw badRequest(`message: ${SMS_TOO_LONG} (${smsLength(text)} once filled in)`, 'message');
  if (input.channels.includes('email') && !subject) throw badRequest('subject: an e-mail needs a subject', 'subject');
  const queued: { channel: 'email' | 'sms' | 'whatsapp'; to: string }[] = [];
  const skipped: string[] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const channel of new Set(input.channels)) {
      const to = channel === 'email' ? customer.email : customer.phone ? toE164(customer.phone) : null;
      if (!to) {
        skipped.push(`${channel}: no ${channel === 'email' ? 'e-mail address' : 'phone number'} on file`);
        continue;
      }
      const { messageId } = await queueMessage(trx, {
        channel,
        to,
        subject: channel === 'email' ? subject : null,
        body: text,
        accountId: customer.source === 'account' ? customer.id : null,
        meta: { purpose: 'merchant_message', merchantId, customerId: customer.id },
      });
      await trx.updateTable('outbox_messages').set({ merchant_id: merchantId }).where('id', '=', messageId).execute();
      queued.push({ channel, to });
    }
  });
  if (queued.length === 0) throw badRequest(`channels: ${skipped.join('; ')}`, 'channels');
  return { success: true as const, message: 'Message sent successfully!', queued, skipped };
}

type TemplateRow = Awaited<ReturnType<typeof repo.listTemplates>>[number];
const templateWire = (t: TemplateRow) => ({ _id: t.id, name: t.name, type: t.type, subject: t.subject, content: t.content, createdAt: iso(t.created_at) });

function checkTemplate(t: { type: 'email' | 'sms' | 'whatsapp'; subject?: string; content: string }) {
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
  const row = await deps.db
    .insertInto('message_templates')
    .values({ merchant_id: shop, name: input.name, type: input.type, subject: input.type === 'email' ? (input.subject ?? null) : null, content: input.content })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { data: templateWire(row), message: 'Template created' };
}

export async function updateTemplate(deps: AppDeps, actor: Actor, input: z.output<typeof updateTemplateInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  checkTemplate(input);
  const row = await deps.db
    .updateTable('message_templates')
    .set({ name: input.name, type: input.type, subject: input.type === 'email' ? (input.subject ?? null) : null, content: input.content, updated_at: new Date() })
    .where('id', '=', input.templateId)
    .where('merchant_id', '=', shop)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Template');
  return { data: templateWire(row), message: 'Template saved' };
}

export async function deleteTemplate(deps: AppDeps, actor: Actor, input: z.output<typeof templateIdInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const r = await deps.db.deleteFrom('message_templates').where('id', '=', input.templateId).where('merchant_id', '=', shop).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('Template');
  return { success: true as const };
}

const factsOf = (m: { channel: DeliveryFacts['channel']; status: string; provider: string; delivered_at: Date | null }): DeliveryFacts => ({
  channel: m.channel,
  status: m.status,
  provider: m.provider,
  deliveredAt: m.delivered_at,
});

export async function getSentMessages(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const rows = await repo.sentMessages(deps.db, shop);
  return {
    data: rows.map((m) => ({
      _id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      status: m.status,
      delivery: deliveryStateOf(factsOf(m)),
      deliveryLabel: deliveryLabel(factsOf(m)),
      lastError: m.last_error,
      createdAt: iso(m.created_at),
      sentAt: m.sent_at ? iso(m.sent_at) : null,
    })),
  };
}
