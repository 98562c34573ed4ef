import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { CampaignsTable, SocialConnectionsTable } from '../types.js';
import { deliveryStateSql } from './outbox.js';

/** A campaign round's messages counted by delivery state (shared/delivery.ts), with what followed them. */
export type RoundStats = {
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  not_sent: number;
  opened: number;
  bookings_after: number;
  held_until: Date | null;
};

/**
 * The stats of each campaign of a salon: those of its latest round (a resend starts a new one),
 * counted by delivery state as the transport reported it. Opens and bookings count only for
 * messages a provider took: nothing else reached anyone. A booking counts when the recipient made
 * it at this salon within `conversionDays` of the message.
 */
export async function campaignRoundStats(db: Executor, merchantId: string, now: Date, conversionDays: number) {
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
          and b.created_at > o.created_at and b.created_at <= o.created_at + make_interval(days => ${conversionDays})))::int as bookings_after,
      -- Texts waiting for the end of the TRAI quiet hours (messaging/index.ts notBefore).
      max(o.next_attempt_at) filter (where o.status = 'queued' and o.category = 'promotional' and o.channel in ('sms', 'whatsapp')
        and o.next_attempt_at > ${now}) as held_until
    from outbox_messages o
    join campaigns c on c.id = o.campaign_id
    where o.merchant_id = ${merchantId} and o.created_at >= c.started_at
    group by o.campaign_id`.execute(db);
  return rows;
}

export function listCampaigns(db: Executor, merchantId: string, limit: number) {
  return db.selectFrom('campaigns').selectAll().where('merchant_id', '=', merchantId).orderBy('created_at', 'desc').limit(limit).execute();
}

/** A campaign; with `merchantId`, only that salon's. */
export function findCampaign(db: Executor, id: string, merchantId?: string) {
  let q = db.selectFrom('campaigns').selectAll().where('id', '=', id);
  if (merchantId !== undefined) q = q.where('merchant_id', '=', merchantId);
  return q.executeTakeFirst();
}

/** A campaign's round start, its row locked until the caller's transaction ends. */
export async function lockCampaign(db: Executor, id: string): Promise<{ started_at: Date } | undefined> {
  const { rows } = await sql<{ started_at: Date }>`select started_at from campaigns where id = ${id} for update`.execute(db);
  return rows[0];
}

export function insertCampaign(db: Executor, values: Insertable<CampaignsTable>) {
  return db.insertInto('campaigns').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Starts a new round of a campaign (status Sending, stats from now), unless one is being sent: the
 * status condition makes two resends racing each other start one round, not two.
 */
export function startCampaignRound(db: Executor, id: string, recipients: number) {
  return db
    .updateTable('campaigns')
    .set({ status: 'sending', started_at: sql`now()`, finished_at: null, recipients })
    .where('id', '=', id)
    .where('status', '<>', 'sending')
    .returningAll()
    .executeTakeFirst();
}

export async function updateCampaign(
  db: Executor,
  id: string,
  values: Updateable<CampaignsTable>,
  opts: { onlyWhileSending?: boolean } = {},
): Promise<void> {
  let q = db.updateTable('campaigns').set(values).where('id', '=', id);
  if (opts.onlyWhileSending) q = q.where('status', '=', 'sending');
  await q.execute();
}

/** Messages of a campaign's round (created since `since`). */
export async function countRoundMessages(db: Executor, campaignId: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('outbox_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('campaign_id', '=', campaignId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Of a campaign's round (created since `since`): messages still pending delivery, and those sent. */
export async function roundDeliveryCounts(db: Executor, campaignId: string, since: Date): Promise<{ pending: number; sent: number }> {
  const r = await db
    .selectFrom('outbox_messages')
    .select([
      sql<number>`count(*) filter (where status in ('queued', 'sending'))::int`.as('pending'),
      sql<number>`count(*) filter (where status = 'sent')::int`.as('sent'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { pending: Number(r.pending), sent: Number(r.sent) };
}

/** Adds the e-mail's HTML body to a queued message's meta. */
export async function setMessageHtml(db: Executor, messageId: string, html: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ meta: sql`meta || ${JSON.stringify({ html })}::jsonb` })
    .where('id', '=', messageId)
    .execute();
}

export function listSocialLinks(db: Executor, merchantId: string) {
  return db.selectFrom('social_connections').select(['network', 'url']).where('merchant_id', '=', merchantId).execute();
}

export async function deleteSocialLink(db: Executor, merchantId: string, network: SocialConnectionsTable['network']): Promise<void> {
  await db.deleteFrom('social_connections').where('merchant_id', '=', merchantId).where('network', '=', network).execute();
}

export async function upsertSocialLink(
  db: Executor,
  merchantId: string,
  network: SocialConnectionsTable['network'],
  url: string,
): Promise<void> {
  await db
    .insertInto('social_connections')
    .values({ merchant_id: merchantId, network, url })
    .onConflict((oc) => oc.columns(['merchant_id', 'network']).doUpdateSet({ url, updated_at: new Date() }))
    .execute();
}

/** Switches an account's offers ("marketing" preference) off. */
export async function optOutOfMarketing(db: Executor, accountId: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ notification_prefs: sql`notification_prefs || '{"marketing": false}'::jsonb`, updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}
