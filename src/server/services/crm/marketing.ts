import { sql, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import { SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates.js';
import { ACTIVE_DAYS, type campaignIdInput, type createCampaignInput, type socialLinkInput } from '../../../shared/schemas/crm.js';
import * as repo from '../../db/repositories/crm.js';
import { deliveryStateSql } from '../../db/repositories/outbox.js';
import { OFFLINE_PROVIDER } from '../../../shared/delivery.js';
import { checkSocialUrl, SOCIAL_NETWORKS } from '../../../shared/social.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { CampaignsTable } from '../../db/schema/crm.js';
import type { Database } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { enqueueJob, registerJobHandler } from '../../jobs/queue.js';
import { onMessageSettled, queueMessage } from '../../messaging/index.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { toE164 } from '../auth/otp.js';
import { requireFeature } from '../billing/entitlements.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';
import { fillMessage, recipientOf } from './variables.js';

const CAMPAIGN_SEND = 'campaign_send';
/** A booking made within this many days of a campaign message counts as a conversion. */
const CONVERSION_DAYS = 7;
/** The purpose of the signed token in a campaign e-mail's unsubscribe link. */
export const UNSUBSCRIBE_PURPOSE = 'marketing-unsubscribe';

export const CAMPAIGN_CREATED = 'Campaign created successfully!';
export const SMS_SENT = 'SMS sent successfully!';
export const CAMPAIGN_RESENT = 'Campaign is being resent!';
export const CAMPAIGN_STILL_SENDING = 'This campaign is still being sent. You can resend it once it has finished.';

type Segment = 'all' | 'active' | 'inactive';
type Channel = 'email' | 'sms';
type Db = AppDeps['db'] | Transaction<Database>;
type CampaignRow = Selectable<CampaignsTable>;

/** The customers a campaign reaches: in the segment, opted in to offers, with the channel's address. */
async function audience(db: Db, merchantId: string, segment: Segment, channel: Channel) {
  const { rows } = await repo.salonCustomers(db, merchantId, {
    reachableBy: channel,
    activeWithinDays: segment === 'all' ? undefined : { days: ACTIVE_DAYS, active: segment === 'active' },
  });
  return rows;
}

/**
 * The recipients of a campaign about to be (re)sent; refuses an empty audience and, for SMS, a text
 * that is over 160 characters once the variables are filled in for any recipient.
 */
async function recipientsFor(db: Db, merchantId: string, c: { channel: Channel; segment: Segment; subject?: string | null; body: string }) {
  const people = await audience(db, merchantId, c.segment, c.channel);
  if (people.length === 0) throw badRequest('segment: no customer in this segment has opted in to offers on this channel', 'segment');
  if (c.channel === 'sms') {
    const salon = await findMerchantById(db, merchantId);
    const longest = Math.max(...people.map((p) => smsLength(fillMessage({ body: c.body }, recipientOf(p, salon)).body)));
    if (longest > SMS_MAX_CHARS) throw badRequest(`body: ${SMS_TOO_LONG} (up to ${longest} once the variables are filled in)`, 'body');
  }
  return people;
}

type RoundStats = { queued: number; sent: number; delivered: number; failed: number; not_sent: number; opened: number; bookings_after: number };

async function stats(db: AppDeps['db'], merchantId: string) {
  // The stats of a campaign are those of its latest round (a resend starts a new one), counted by
  // delivery state as the transport reported it (shared/delivery.ts). Opens and bookings count
  // only for messages a provider took: nothing else reached anyone.
  const state = deliveryStateSql('o');
  const { rows } = await sql<{ campaign_id: string } & RoundStats>`
    select o.campaign_id,
      count(*) filter (where ${state} = 'queued')::int as queued,
      count(*) filter (where ${state} = 'sent')::int as sent,
      count(*) filter (where ${state} = 'delivered')::int as delivered,
      count(*) filter (where ${state} = 'failed')::int as failed,
      count(*) filter (where ${state} = 'not_sent')::int as not_sent,
      count(*) filter (where o.opened_at is not null and ${state} in ('sent', 'delivered'))::int as opened,
      count(distinct o.account_id) filter (where ${state} in ('sent', 'delivered') and exists (
        select 1 from bookings b where b.user_id = o.account_id and b.merchant_id = ${merchantId}
          and b.created_at > o.created_at and b.created_at <= o.created_at + make_interval(days => ${CONVERSION_DAYS})))::int as bookings_after
    from outbox_messages o
    join campaigns c on c.id = o.campaign_id
    where o.merchant_id = ${merchantId} and o.created_at >= c.started_at
    group by o.campaign_id`.execute(db);
  return new Map(rows.map((r) => [r.campaign_id, r]));
}

function campaignWire(c: CampaignRow, s?: RoundStats) {
  return {
    _id: c.id,
    channel: c.channel,
    name: c.name,
    subject: c.subject,
    body: c.body,
    segment: c.segment,
    status: c.status,
    recipients: c.recipients,
    queued: s?.queued ?? 0,
    sent: s?.sent ?? 0,
    delivered: s?.delivered ?? 0,
    failed: s?.failed ?? 0,
    notSent: s?.not_sent ?? 0,
    opened: s?.opened ?? 0,
    bookingsAfter: s?.bookings_after ?? 0,
    createdAt: iso(c.created_at),
    startedAt: iso(c.started_at),
  };
}

type CampaignOut = ReturnType<typeof campaignWire>;
const COUNTED = ['queued', 'sent', 'delivered', 'failed', 'notSent', 'opened', 'bookingsAfter'] as const;

function totals(list: CampaignOut[]): Record<(typeof COUNTED)[number], number> {
  const t = { queued: 0, sent: 0, delivered: 0, failed: 0, notSent: 0, opened: 0, bookingsAfter: 0 };
  for (const c of list) for (const k of COUNTED) t[k] += c[k];
  return t;
}

export async function getMarketing(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [segments, campaigns, social, byCampaign] = await Promise.all([
    repo.reachableCounts(deps.db, shop, ACTIVE_DAYS),
    deps.db.selectFrom('campaigns').selectAll().where('merchant_id', '=', shop).orderBy('created_at', 'desc').limit(50).execute(),
    deps.db.selectFrom('social_connections').select(['network', 'url']).where('merchant_id', '=', shop).execute(),
    stats(deps.db, shop),
  ]);
  const wire = campaigns.map((c) => campaignWire(c, byCampaign.get(c.id)));
  const email = totals(wire.filter((c) => c.channel === 'email'));
  const sms = totals(wire.filter((c) => c.channel === 'sms'));
  const all = totals(wire);
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);
  const counts = (t: typeof all) => ({ queued: t.queued, sent: t.sent, delivered: t.delivered, failed: t.failed, notSent: t.notSent });
  const transports = deps.adapters.transports;
  return {
    data: {
      segments,
      campaigns: wire,
      social: SOCIAL_NETWORKS.map((n) => ({ network: n, url: social.find((s) => s.network === n)?.url ?? null })),
      analytics: {
        emailOpenRate: ratio(email.opened, email.sent + email.delivered),
        // Delivered means a provider's receipt; failures after hand-over count against it.
        smsDeliveryRate: ratio(sms.delivered, sms.sent + sms.delivered + sms.failed),
        conversionRate: ratio(all.bookingsAfter, all.sent + all.delivered),
        emailProvider: transports.email.provider !== OFFLINE_PROVIDER,
        smsProvider: transports.sms.provider !== OFFLINE_PROVIDER,
        email: counts(email),
        sms: counts(sms),
      },
    },
  };
}

/** Records the campaign (status Sending) and a job that queues one message per recipient. */
export async function createCampaign(deps: AppDeps, actor: Actor, input: z.output<typeof createCampaignInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  await requireFeature(deps.db, shop, 'messaging');
  if (input.channel === 'email' && !input.subject) throw badRequest('subject: an e-mail campaign needs a subject', 'subject');
  const recipients = await recipientsFor(deps.db, shop, input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const c = await trx
      .insertInto('campaigns')
      .values({ merchant_id: shop, channel: input.channel, name: input.name, subject: input.channel === 'email' ? (input.subject ?? null) : null, body: input.body, segment: input.segment, recipients: recipients.length })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: CAMPAIGN_SEND, payload: { campaignId: c.id }, ref: `campaign:${c.id}` });
    return c;
  });
  return { data: campaignWire(row), message: input.channel === 'sms' ? SMS_SENT : CAMPAIGN_CREATED };
}

/**
 * Sends the same campaign again to its segment as it is now: the campaign goes back to Sending and
 * its stats start over. Refused while a round is still being sent.
 */
export async function resendCampaign(deps: AppDeps, actor: Actor, input: z.output<typeof campaignIdInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  await requireFeature(deps.db, shop, 'messaging');
  const c = await deps.db.selectFrom('campaigns').selectAll().where('id', '=', input.campaignId).where('merchant_id', '=', shop).executeTakeFirst();
  if (!c) throw notFound('Campaign');
  if (c.status === 'sending') throw conflict(CAMPAIGN_STILL_SENDING);
  const recipients = await recipientsFor(deps.db, shop, c);
  const row = await deps.db.transaction().execute(async (trx) => {
    // The status condition makes two resends racing each other start one round, not two.
    const updated = await trx
      .updateTable('campaigns')
      .set({ status: 'sending', started_at: sql`now()`, finished_at: null, recipients: recipients.length })
      .where('id', '=', c.id)
      .where('status', '<>', 'sending')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw conflict(CAMPAIGN_STILL_SENDING);
    await enqueueJob(trx, { kind: CAMPAIGN_SEND, payload: { campaignId: c.id }, ref: `campaign:${c.id}` });
    return updated;
  });
  return { data: campaignWire(row), message: CAMPAIGN_RESENT };
}

/** Links (or, with no URL, unlinks) the salon's page on a network; the salon page shows it. */
export async function setSocialLink(deps: AppDeps, actor: Actor, input: z.output<typeof socialLinkInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  if (input.url == null) {
    await deps.db.deleteFrom('social_connections').where('merchant_id', '=', shop).where('network', '=', input.network).execute();
    return { success: true as const, network: input.network, url: null };
  }
  const checked = checkSocialUrl(input.network, input.url);
  if (!checked.ok) throw badRequest(`url: ${checked.message}`, 'url');
  await deps.db
    .insertInto('social_connections')
    .values({ merchant_id: shop, network: input.network, url: checked.url })
    .onConflict((oc) => oc.columns(['merchant_id', 'network']).doUpdateSet({ url: checked.url, updated_at: new Date() }))
    .execute();
  return { success: true as const, network: input.network, url: checked.url };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Switches a customer's offers off (the unsubscribe link); true when the link was valid. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<boolean> {
  const accountId = deps.tokens.verifyLink(UNSUBSCRIBE_PURPOSE, token);
  if (!accountId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId)) return false;
  await deps.db
    .updateTable('accounts')
    .set({ notification_prefs: sql`notification_prefs || '{"marketing": false}'::jsonb`, updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
  return true;
}

/**
 * Expands a campaign into one queued message per recipient, each personalised; an e-mail carries
 * the open pixel and an unsubscribe link (also as List-Unsubscribe headers, for one-click).
 */
registerJobHandler(
  CAMPAIGN_SEND,
  async (trx, payload: { campaignId: string }, ctx) => {
    const c = await trx.selectFrom('campaigns').selectAll().where('id', '=', payload.campaignId).executeTakeFirst();
    if (!c || c.status !== 'sending') return;
    const salon = await findMerchantById(trx, c.merchant_id);
    const people = await audience(trx, c.merchant_id, c.segment, c.channel);
    const base = ctx.deps.env.PUBLIC_URL;
    for (const p of people) {
      const filled = fillMessage({ subject: c.subject, body: c.body }, recipientOf(p, salon));
      // Consent may have changed since the campaign was checked: an SMS that grew too long is skipped.
      if (c.channel === 'sms' && smsLength(filled.body) > SMS_MAX_CHARS) continue;
      const unsubscribeUrl = `${base}/api/marketing/unsubscribe?token=${encodeURIComponent(ctx.deps.tokens.signLink(UNSUBSCRIBE_PURPOSE, p.id))}`;
      const body = c.channel === 'email' ? `${filled.body}\n\n--\nYou receive offers from ${salon?.shop_name ?? 'this salon'} because you opted in on GlowBook.\nUnsubscribe: ${unsubscribeUrl}` : filled.body;
      const { messageId } = await queueMessage(trx, {
        channel: c.channel,
        to: c.channel === 'email' ? p.email! : toE164(p.phone!),
        subject: filled.subject,
        body,
        accountId: p.id,
        meta: { purpose: 'campaign', campaignId: c.id, merchantId: c.merchant_id, ...(c.channel === 'email' ? { unsubscribeUrl } : {}) },
      });
      const html =
        c.channel === 'email'
          ? `<div style="font-family:sans-serif;white-space:pre-line">${escapeHtml(filled.body)}</div>` +
            `<p style="font-family:sans-serif;font-size:12px;color:#6b7280">You receive offers from ${escapeHtml(salon?.shop_name ?? 'this salon')} because you opted in on GlowBook. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>` +
            `<img src="${base}/api/t/open/${messageId}.gif" width="1" height="1" alt="">`
          : null;
      await trx
        .updateTable('outbox_messages')
        .set({ merchant_id: c.merchant_id, campaign_id: c.id, ...(html ? { meta: sql`meta || ${JSON.stringify({ html })}::jsonb` } : {}) })
        .where('id', '=', messageId)
        .execute();
    }
    const queued = await trx
      .selectFrom('outbox_messages')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('campaign_id', '=', c.id)
      .where('created_at', '>=', c.started_at)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('campaigns')
      .set(Number(queued.n) === 0 ? { status: 'failed', recipients: 0, finished_at: new Date() } : { recipients: Number(queued.n) })
      .where('id', '=', c.id)
      .execute();
  },
  {
    // A campaign whose expansion finally failed would otherwise read "Sending" for ever.
    async onFailure(trx, payload: { campaignId: string }, failure) {
      if (!failure.final) return;
      await trx.updateTable('campaigns').set({ status: 'failed', finished_at: new Date() }).where('id', '=', payload.campaignId).where('status', '=', 'sending').execute();
    },
  },
);

/** A campaign is Sent once none of its latest round's messages is pending and one went out; else Failed. */
onMessageSettled(async (trx, message) => {
  if (!message.campaign_id) return;
  // Serialises the last deliveries of a campaign, so one of them sees none pending.
  const { rows } = await sql<{ started_at: Date }>`select started_at from campaigns where id = ${message.campaign_id} for update`.execute(trx);
  if (!rows[0]) return;
  const left = await trx
    .selectFrom('outbox_messages')
    .select([sql<number>`count(*) filter (where status in ('queued', 'sending'))::int`.as('pending'), sql<number>`count(*) filter (where status = 'sent')::int`.as('sent')])
    .where('campaign_id', '=', message.campaign_id)
    .where('created_at', '>=', rows[0].started_at)
    .executeTakeFirstOrThrow();
  if (Number(left.pending) > 0) return;
  await trx
    .updateTable('campaigns')
    .set({ status: Number(left.sent) > 0 ? 'sent' : 'failed', finished_at: new Date() })
    .where('id', '=', message.campaign_id)
    .where('status', '=', 'sending')
    .execute();
});
