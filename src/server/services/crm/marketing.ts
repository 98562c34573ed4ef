import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { fillTemplate, SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates.js';
import { ACTIVE_DAYS, type campaignIdInput, type createCampaignInput, type socialInput } from '../../../shared/schemas/crm.js';
import * as repo from '../../db/repositories/crm.js';
import type { Database } from '../../db/types.js';
import { badRequest, notFound } from '../../errors.js';
import { enqueueJob, registerJobHandler } from '../../jobs/queue.js';
import { onMessageSettled, queueMessage } from '../../messaging/index.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { toE164 } from '../auth/otp.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

const CAMPAIGN_SEND = 'campaign_send';
/** A booking made within this many days of a campaign message counts as a conversion. */
const CONVERSION_DAYS = 7;

type Segment = 'all' | 'active' | 'inactive';
const inSegment = (segment: Segment, lastBooked: Date) => {
  if (segment === 'all') return true;
  const active = Date.now() - new Date(lastBooked).getTime() <= ACTIVE_DAYS * 86_400_000;
  return segment === 'active' ? active : !active;
};

async function audience(db: AppDeps['db'] | Transaction<Database>, merchantId: string, segment: Segment, channel: 'email' | 'sms') {
  const customers = await repo.salonCustomers(db, merchantId, {});
  // Marketing goes only to people who did not switch offers off, and who have the address.
  const optedOut = new Set(
    (
      await db
        .selectFrom('accounts')
        .select('id')
        .where(sql<boolean>`notification_prefs ->> 'marketing' = 'false'`)
        .where('id', 'in', customers.filter((c) => c.source === 'account').map((c) => c.id).concat(['00000000-0000-0000-0000-000000000000']))
        .execute()
    ).map((r) => r.id),
  );
  return customers.filter((c) => inSegment(segment, c.last_booked) && !optedOut.has(c.id) && (channel === 'email' ? c.email : c.phone));
}

async function stats(db: AppDeps['db'], merchantId: string) {
  const { rows } = await sql<{ campaign_id: string; delivered: number; failed: number; opened: number; bookings_after: number }>`
    select o.campaign_id,
      count(*) filter (where o.status = 'sent')::int as delivered,
      count(*) filter (where o.status = 'failed')::int as failed,
      count(*) filter (where o.opened_at is not null)::int as opened,
      count(distinct o.account_id) filter (where exists (
        select 1 from bookings b where b.user_id = o.account_id and b.merchant_id = ${merchantId}
          and b.created_at > o.created_at and b.created_at <= o.created_at + make_interval(days => ${CONVERSION_DAYS})))::int as bookings_after
    from outbox_messages o
    where o.merchant_id = ${merchantId} and o.campaign_id is not null
    group by o.campaign_id`.execute(db);
  return new Map(rows.map((r) => [r.campaign_id, r]));
}

export async function getMarketing(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [customers, campaigns, social, byCampaign] = await Promise.all([
    repo.salonCustomers(deps.db, shop, {}),
    deps.db.selectFrom('campaigns').selectAll().where('merchant_id', '=', shop).orderBy('created_at', 'desc').limit(50).execute(),
    deps.db.selectFrom('social_connections').selectAll().where('merchant_id', '=', shop).execute(),
    stats(deps.db, shop),
  ]);
  const active = customers.filter((c) => inSegment('active', c.last_booked)).length;
  const wire = campaigns.map((c) => {
    const s = byCampaign.get(c.id);
    return {
      _id: c.id,
      channel: c.channel,
      name: c.name,
      subject: c.subject,
      body: c.body,
      segment: c.segment,
      status: c.status,
      recipients: c.recipients,
      delivered: s?.delivered ?? 0,
      failed: s?.failed ?? 0,
      opened: s?.opened ?? 0,
      bookingsAfter: s?.bookings_after ?? 0,
      createdAt: iso(c.created_at),
    };
  });
  const sum = (list: typeof wire, k: 'delivered' | 'failed' | 'opened' | 'bookingsAfter' | 'recipients') => list.reduce((n, c) => n + c[k], 0);
  const emails = wire.filter((c) => c.channel === 'email');
  const sms = wire.filter((c) => c.channel === 'sms');
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);
  return {
    data: {
      segments: { all: customers.length, active, inactive: customers.length - active },
      campaigns: wire,
      social: (['facebook', 'instagram', 'twitter'] as const).map((n) => ({ network: n, connected: social.some((s) => s.network === n && s.connected) })),
      analytics: {
        emailOpenRate: ratio(sum(emails, 'opened'), sum(emails, 'delivered')),
        smsDeliveryRate: ratio(sum(sms, 'delivered'), sum(sms, 'delivered') + sum(sms, 'failed')),
        socialConnected: social.filter((s) => s.connected).length,
        conversionRate: ratio(sum(wire, 'bookingsAfter'), sum(wire, 'delivered')),
      },
    },
  };
}

/** Records the campaign (status Sending) and a job that queues one message per recipient. */
export async function createCampaign(deps: AppDeps, actor: Actor, input: z.output<typeof createCampaignInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  if (input.channel === 'sms' && smsLength(input.body) > SMS_MAX_CHARS) throw badRequest(`body: ${SMS_TOO_LONG}`, 'body');
  if (input.channel === 'email' && !input.subject) throw badRequest('subject: an e-mail campaign needs a subject', 'subject');
  const recipients = await audience(deps.db, shop, input.segment, input.channel);
  if (recipients.length === 0) throw badRequest('segment: no customer in this segment can receive it', 'segment');
  const row = await deps.db.transaction().execute(async (trx) => {
    const c = await trx
      .insertInto('campaigns')
      .values({ merchant_id: shop, channel: input.channel, name: input.name, subject: input.subject ?? null, body: input.body, segment: input.segment, recipients: recipients.length })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: CAMPAIGN_SEND, payload: { campaignId: c.id }, ref: `campaign:${c.id}` });
    return c;
  });
  return {
    data: { _id: row.id, channel: row.channel, name: row.name, subject: row.subject, body: row.body, segment: row.segment, status: row.status, recipients: row.recipients, delivered: 0, failed: 0, opened: 0, bookingsAfter: 0, createdAt: iso(row.created_at) },
    message: `Sending to ${row.recipients} customer${row.recipients === 1 ? '' : 's'}`,
  };
}

export async function resendCampaign(deps: AppDeps, actor: Actor, input: z.output<typeof campaignIdInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const c = await deps.db.selectFrom('campaigns').selectAll().where('id', '=', input.campaignId).where('merchant_id', '=', shop).executeTakeFirst();
  if (!c) throw notFound('Campaign');
  return createCampaign(deps, actor, { merchantId: shop, channel: c.channel, name: `${c.name} (resent)`, subject: c.subject ?? undefined, body: c.body, segment: c.segment });
}

export async function setSocial(deps: AppDeps, actor: Actor, input: z.output<typeof socialInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  await deps.db
    .insertInto('social_connections')
    .values({ merchant_id: shop, network: input.network, connected: input.connected })
    .onConflict((oc) => oc.columns(['merchant_id', 'network']).doUpdateSet({ connected: input.connected, updated_at: new Date() }))
    .execute();
  return { success: true as const };
}

/** Expands a campaign into one queued message per recipient (with the open pixel for e-mail). */
registerJobHandler(CAMPAIGN_SEND, async (trx, payload: { campaignId: string }, ctx) => {
  const c = await trx.selectFrom('campaigns as c').innerJoin('merchants as m', 'm.id', 'c.merchant_id').selectAll('c').select('m.shop_name').where('c.id', '=', payload.campaignId).executeTakeFirst();
  if (!c || c.status !== 'sending') return;
  const people = await audience(trx, c.merchant_id, c.segment, c.channel);
  const base = ctx.deps.env.PUBLIC_URL.replace(/\/$/, '');
  for (const p of people) {
    const vars = { customer_name: p.name.split(' ')[0] || 'there', appointment_date: p.next_appointment ? new Date(p.next_appointment).toDateString() : 'your next visit', merchant_name: c.shop_name };
    const body = fillTemplate(c.body, vars);
    const { messageId } = await queueMessage(trx, {
      channel: c.channel,
      to: c.channel === 'email' ? p.email! : toE164(p.phone!),
      subject: c.subject ? fillTemplate(c.subject, vars) : null,
      body,
      accountId: p.source === 'account' ? p.id : null,
      meta: { purpose: 'campaign', campaignId: c.id, merchantId: c.merchant_id },
    });
    const html =
      c.channel === 'email'
        ? `<div style="font-family:sans-serif;white-space:pre-line">${body.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)}</div><img src="${base}/api/t/open/${messageId}.gif" width="1" height="1" alt="">`
        : null;
    await trx
      .updateTable('outbox_messages')
      .set({ merchant_id: c.merchant_id, campaign_id: c.id, ...(html ? { meta: sql`meta || ${JSON.stringify({ html })}::jsonb` } : {}) })
      .where('id', '=', messageId)
      .execute();
  }
  if (people.length === 0) await trx.updateTable('campaigns').set({ status: 'failed', finished_at: new Date() }).where('id', '=', c.id).execute();
});

/** A campaign is Sent once none of its messages is pending and at least one went out; else Failed. */
onMessageSettled(async (trx, message) => {
  if (!message.campaign_id) return;
  // Serialises the last deliveries of a campaign, so one of them sees none pending.
  await sql`select id from campaigns where id = ${message.campaign_id} for update`.execute(trx);
  const left = await trx
    .selectFrom('outbox_messages')
    .select([sql<number>`count(*) filter (where status in ('queued', 'sending'))::int`.as('pending'), sql<number>`count(*) filter (where status = 'sent')::int`.as('sent')])
    .where('campaign_id', '=', message.campaign_id)
    .executeTakeFirstOrThrow();
  if (Number(left.pending) > 0) return;
  await trx
    .updateTable('campaigns')
    .set({ status: Number(left.sent) > 0 ? 'sent' : 'failed', finished_at: new Date() })
    .where('id', '=', message.campaign_id)
    .where('status', '=', 'sending')
    .execute();
});
