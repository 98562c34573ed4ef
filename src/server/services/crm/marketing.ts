import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { heldLabel, quietHoursEnd } from '../../../shared/consent.js';
import type { CampaignChannel } from '../../../shared/constants.js';
import { OFFLINE_PROVIDER } from '../../../shared/delivery.js';
import { SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates.js';
import { ACTIVE_DAYS, type campaignIdInput, type createCampaignInput, type socialLinkInput } from '../../../shared/schemas/crm.js';
import { checkSocialUrl, SOCIAL_NETWORKS } from '../../../shared/social.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/crm.js';
import * as campaigns from '../../db/repositories/marketing.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { CampaignsTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { defineJob, enqueueJob } from '../../jobs/queue.js';
import { onMessageSettled, queueMessage } from '../../messaging/index.js';
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

/** Said when an SMS campaign is created: in the quiet hours its texts wait for 09:00 IST. */
function smsSentMessage(now: Date): string {
  const until = quietHoursEnd(now);
  return until ? `SMS campaign created: ${heldLabel(until).replace(/^H/, 'h')}.` : SMS_SENT;
}

type Segment = 'all' | 'active' | 'inactive';
type Channel = CampaignChannel;
type CampaignRow = Selectable<CampaignsTable>;

/** The customers a campaign reaches: in the segment, opted in to offers, with the channel's address. */
async function audience(db: Executor, merchantId: string, segment: Segment, channel: Channel) {
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
async function recipientsFor(
  db: Executor,
  merchantId: string,
  c: { channel: Channel; segment: Segment; subject?: string | null; body: string },
) {
  const people = await audience(db, merchantId, c.segment, c.channel);
  if (people.length === 0) throw badRequest('segment: no customer in this segment has opted in to offers on this channel', 'segment');
  if (c.channel === 'sms') {
    const salon = await findMerchantById(db, merchantId);
    const longest = Math.max(...people.map((p) => smsLength(fillMessage({ body: c.body }, recipientOf(p, salon)).body)));
    if (longest > SMS_MAX_CHARS) throw badRequest(`body: ${SMS_TOO_LONG} (up to ${longest} once the variables are filled in)`, 'body');
  }
  return people;
}

type RoundStats = campaigns.RoundStats;

/** Each campaign's stats, those of its latest round (repositories/marketing.ts campaignRoundStats). */
async function stats(db: Executor, merchantId: string, now: Date) {
  const rows = await campaigns.campaignRoundStats(db, merchantId, now, CONVERSION_DAYS);
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
    /** Its texts wait for the end of the TRAI quiet hours (09:00 IST). */
    heldUntil: s?.held_until ? iso(new Date(s.held_until)) : null,
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
  const [segments, list, social, byCampaign] = await Promise.all([
    repo.reachableCounts(deps.db, shop, ACTIVE_DAYS),
    campaigns.listCampaigns(deps.db, shop, 50),
    campaigns.listSocialLinks(deps.db, shop),
    stats(deps.db, shop, deps.now()),
  ]);
  const wire = list.map((c) => campaignWire(c, byCampaign.get(c.id)));
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
    const c = await campaigns.insertCampaign(trx, {
      merchant_id: shop,
      channel: input.channel,
      name: input.name,
      subject: input.channel === 'email' ? (input.subject ?? null) : null,
      body: input.body,
      segment: input.segment,
      recipients: recipients.length,
    });
    await enqueueJob(trx, { kind: CAMPAIGN_SEND, payload: { campaignId: c.id }, ref: `campaign:${c.id}` });
    return c;
  });
  return { data: campaignWire(row), message: input.channel === 'sms' ? smsSentMessage(deps.now()) : CAMPAIGN_CREATED };
}

/**
 * Sends the same campaign again to its segment as it is now: the campaign goes back to Sending and
 * its stats start over. Refused while a round is still being sent.
 */
export async function resendCampaign(deps: AppDeps, actor: Actor, input: z.output<typeof campaignIdInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  await requireFeature(deps.db, shop, 'messaging');
  const c = await campaigns.findCampaign(deps.db, input.campaignId, shop);
  if (!c) throw notFound('Campaign');
  if (c.status === 'sending') throw conflict(CAMPAIGN_STILL_SENDING);
  const recipients = await recipientsFor(deps.db, shop, c);
  const row = await deps.db.transaction().execute(async (trx) => {
    // Starts one round even when two resends race each other.
    const updated = await campaigns.startCampaignRound(trx, c.id, recipients.length);
    if (!updated) throw conflict(CAMPAIGN_STILL_SENDING);
    await enqueueJob(trx, { kind: CAMPAIGN_SEND, payload: { campaignId: c.id }, ref: `campaign:${c.id}` });
    return updated;
  });
  const held = c.channel === 'sms' ? quietHoursEnd(deps.now()) : null;
  return { data: campaignWire(row), message: held ? `Campaign is being resent: ${heldLabel(held).replace(/^H/, 'h')}.` : CAMPAIGN_RESENT };
}

/** Links (or, with no URL, unlinks) the salon's page on a network; the salon page shows it. */
export async function setSocialLink(deps: AppDeps, actor: Actor, input: z.output<typeof socialLinkInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  if (input.url == null) {
    await campaigns.deleteSocialLink(deps.db, shop, input.network);
    return { success: true as const, network: input.network, url: null };
  }
  const checked = checkSocialUrl(input.network, input.url);
  if (!checked.ok) throw badRequest(`url: ${checked.message}`, 'url');
  await campaigns.upsertSocialLink(deps.db, shop, input.network, checked.url);
  return { success: true as const, network: input.network, url: checked.url };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Switches a customer's offers off (the unsubscribe link); true when the link was valid. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<boolean> {
  const accountId = deps.tokens.verifyLink(UNSUBSCRIBE_PURPOSE, token);
  if (!accountId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId)) return false;
  await campaigns.optOutOfMarketing(deps.db, accountId);
  return true;
}

/**
 * Expands a campaign into one queued message per recipient, each personalised; an e-mail carries
 * the open pixel and an unsubscribe link (also as List-Unsubscribe headers, for one-click).
 */
export const campaignSendJob = defineJob(
  CAMPAIGN_SEND,
  async (trx, payload: { campaignId: string }, ctx) => {
    const c = await campaigns.findCampaign(trx, payload.campaignId);
    if (!c || c.status !== 'sending') return;
    const salon = await findMerchantById(trx, c.merchant_id);
    const people = await audience(trx, c.merchant_id, c.segment, c.channel);
    const base = ctx.deps.env.PUBLIC_URL;
    const now = ctx.deps.now();
    for (const p of people) {
      const filled = fillMessage({ subject: c.subject, body: c.body }, recipientOf(p, salon));
      // Consent may have changed since the campaign was checked: an SMS that grew too long is skipped.
      if (c.channel === 'sms' && smsLength(filled.body) > SMS_MAX_CHARS) continue;
      const unsubscribeUrl = `${base}/api/marketing/unsubscribe?token=${encodeURIComponent(ctx.deps.tokens.signLink(UNSUBSCRIBE_PURPOSE, p.id))}`;
      const body =
        c.channel === 'email'
          ? `${filled.body}\n\n--\nYou receive offers from ${salon?.shop_name ?? 'this salon'} because you opted in on GlowBook.\nUnsubscribe: ${unsubscribeUrl}`
          : filled.body;
      const { messageId } = await queueMessage(trx, {
        channel: c.channel,
        to: c.channel === 'email' ? p.email! : toE164(p.phone!),
        subject: filled.subject,
        body,
        accountId: p.id,
        merchantId: c.merchant_id,
        campaignId: c.id,
        // Offers: only to opted-in customers (the audience), and texts keep out of the quiet hours.
        category: 'promotional',
        now,
        meta: { purpose: 'campaign', campaignId: c.id, merchantId: c.merchant_id, ...(c.channel === 'email' ? { unsubscribeUrl } : {}) },
      });
      const html =
        c.channel === 'email'
          ? `<div style="font-family:sans-serif;white-space:pre-line">${escapeHtml(filled.body)}</div>` +
            `<p style="font-family:sans-serif;font-size:12px;color:#6b7280">You receive offers from ${escapeHtml(salon?.shop_name ?? 'this salon')} because you opted in on GlowBook. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>` +
            `<img src="${base}/api/t/open/${messageId}.gif" width="1" height="1" alt="">`
          : null;
      if (html) await campaigns.setMessageHtml(trx, messageId, html);
    }
    const queued = await campaigns.countRoundMessages(trx, c.id, c.started_at);
    await campaigns.updateCampaign(
      trx,
      c.id,
      queued === 0 ? { status: 'failed', recipients: 0, finished_at: new Date() } : { recipients: queued },
    );
  },
  {
    // A campaign whose expansion finally failed would otherwise read "Sending" for ever.
    async onFailure(trx, payload: { campaignId: string }, failure) {
      if (!failure.final) return;
      await campaigns.updateCampaign(trx, payload.campaignId, { status: 'failed', finished_at: new Date() }, { onlyWhileSending: true });
    },
  },
);

/** A campaign is Sent once none of its latest round's messages is pending and one went out; else Failed. */
onMessageSettled(async (trx, message) => {
  if (!message.campaign_id) return;
  // Serialises the last deliveries of a campaign, so one of them sees none pending.
  const locked = await campaigns.lockCampaign(trx, message.campaign_id);
  if (!locked) return;
  const left = await campaigns.roundDeliveryCounts(trx, message.campaign_id, locked.started_at);
  if (left.pending > 0) return;
  await campaigns.updateCampaign(
    trx,
    message.campaign_id,
    { status: left.sent > 0 ? 'sent' : 'failed', finished_at: new Date() },
    { onlyWhileSending: true },
  );
});
