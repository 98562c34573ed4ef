import { type Insertable, type Selectable, sql } from 'kysely';
import type { Role } from '../../../shared/constants.js';
import { CUSTOMER_PREFERENCE_KEYS } from '../../../shared/reminders.js';
import type { Executor } from '../executor.js';
import type { OutboxMessagesTable } from '../types.js';

/* The outbox and push subscriptions as message delivery (src/server/messaging, jobs/handlers) reads and writes them. */

export type OutboxMessage = Selectable<OutboxMessagesTable>;

/**
 * Inserts outbox rows, in the caller's transaction when there is one; returns each one's id and
 * not-before time, in the rows' order. clock_timestamp plus the row's place, not the transaction's
 * start: messages queued by one batch of jobs keep the order they were queued in.
 */
export function insertOutboxRows(db: Executor, rows: Insertable<OutboxMessagesTable>[]) {
  return db
    .insertInto('outbox_messages')
    .values(rows.map((row, i) => ({ created_at: sql<Date>`clock_timestamp() + ${i} * interval '1 microsecond'`, ...row })))
    .returning(['id', 'next_attempt_at'])
    .execute();
}

/** Moves a message's not-before time. */
export async function setMessageNotBefore(db: Executor, messageId: string, until: Date): Promise<void> {
  await db.updateTable('outbox_messages').set({ next_attempt_at: until }).where('id', '=', messageId).execute();
}

/** The message, locked for its delivery: one worker hands it to the provider at a time. */
export async function lockOutboxMessage(db: Executor, messageId: string): Promise<OutboxMessage | undefined> {
  const { rows } = await sql<OutboxMessage>`select * from outbox_messages where id = ${messageId} for update`.execute(db);
  return rows[0];
}

/** The message was handed over: sent, by which provider, at which attempt. */
export function markMessageSent(db: Executor, messageId: string, v: { provider: string; attempts: number; meta: Record<string, unknown> }) {
  return db
    .updateTable('outbox_messages')
    .set({
      status: 'sent',
      provider: v.provider,
      attempts: v.attempts,
      last_error: null,
      next_attempt_at: null,
      sent_at: new Date(),
      meta: JSON.stringify(v.meta),
    })
    .where('id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A failed attempt on a still-queued message: its error, and 'failed' when it was the last. */
export function recordMessageFailure(db: Executor, messageId: string, f: { attempt: number; message: string; final: boolean }) {
  return db
    .updateTable('outbox_messages')
    .set(
      f.final
        ? { status: 'failed', attempts: f.attempt, last_error: f.message, next_attempt_at: null }
        : { attempts: f.attempt, last_error: f.message },
    )
    .where('id', '=', messageId)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Where a push goes: the subscription's endpoint and keys. */
export function findPushTarget(db: Executor, subscriptionId: string) {
  return db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('id', '=', subscriptionId).executeTakeFirst();
}

export async function touchPushSubscription(db: Executor, subscriptionId: string): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_success_at: new Date() }).where('id', '=', subscriptionId).execute();
}

/** The push service said the subscription is gone. */
export async function deletePushSubscription(db: Executor, subscriptionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
}

/** An account's push subscriptions, none when it turned push off. */
export function pushSubscriptionsOfAccount(db: Executor, accountId: string) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.endpoint'])
    .where('p.account_id', '=', accountId)
    .where(sql<boolean>`coalesce(a.notification_prefs ->> ${CUSTOMER_PREFERENCE_KEYS.push}, 'true') <> 'false'`)
    .execute();
}

export function findPushBroadcast(db: Executor, broadcastId: string) {
  return db.selectFrom('push_broadcasts').selectAll().where('id', '=', broadcastId).executeTakeFirst();
}

/** The subscriptions of the accounts, not blocked, of these roles. */
export function audienceSubscriptions(db: Executor, roles: readonly Role[]) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.endpoint', 'p.account_id'])
    .where('a.is_blocked', '=', false)
    .where('a.role', 'in', [...roles])
    .execute();
}

/** The accounts a batch of booking messages is for: address, name, preferences, and whether any browser subscribed to push. */
export function messageRecipients(db: Executor, accountIds: string[]) {
  return (
    db
      .selectFrom('accounts as a')
      .select(['a.id', 'a.email', 'a.first_name', 'a.notification_prefs', 'a.is_blocked'])
      // Most customers have no push subscription: then their subscriptions need no second look.
      .select((eb) =>
        eb.exists(eb.selectFrom('push_subscriptions as p').select('p.id').whereRef('p.account_id', '=', 'a.id')).as('has_push'),
      )
      .where('a.id', 'in', accountIds)
      .execute()
  );
}
