import type { Insertable, Transaction } from 'kysely';
import { boundByQuietHours, quietHoursEnd } from '../../shared/consent.js';
import type { MessageChannel } from '../../shared/constants.js';
import type { Executor } from '../db/executor.js';
import { toJsonb } from '../db/json.js';
import { insertOutboxRows, type OutboxMessage, setMessageNotBefore } from '../db/repositories/messaging.js';
import type { Database, OutboxMessagesTable } from '../db/types.js';
import { enqueueJob, enqueueJobs } from '../jobs/queue.js';

export type { OutboxMessage };

interface MessageFields {
  channel: MessageChannel;
  /** E-mail address, or phone number in E.164 (+91...). */
  to: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  /** The account it is sent to, when known. */
  accountId?: string | null;
  /** What the message is about; `purpose` names it, e.g. {purpose: 'campaign', campaignId}. */
  meta?: Record<string, unknown>;
  /** Not before this instant. */
  sendAt?: Date;
  /** The salon that sends it to its customer (its sent list, its daily limit). */
  merchantId?: string | null;
  campaignId?: string | null;
}

/**
 * Every message is transactional (about a booking or the account: the default) or promotional
 * (campaigns, a salon's offers). A promotional SMS or WhatsApp written in the TRAI quiet hours is
 * held until 09:00 IST, so it carries the clock reading it was written at (AppDeps.now).
 */
export type NewMessage = MessageFields & ({ category?: 'transactional' } | { category: 'promotional'; now: Date });

export const DELIVER_MESSAGE = 'deliver_message';
const MAX_ATTEMPTS = 6;
/**
 * A delivery whose process died mid-run is retried after this long (pg-boss's expiry, checked by
 * its supervisor every minute): longer than a provider call is allowed to take, short enough that a
 * message does not wait a quarter of an hour.
 */
const DELIVERY_EXPIRY_SECONDS = 180;

/**
 * Records the message in the outbox (status 'queued') and its delivery job, in the caller's
 * transaction: it is sent if and only if the caller's work commits.
 */
export async function queueMessage(db: Executor, m: NewMessage): Promise<{ messageId: string }> {
  const [messageId] = await queueOutboxRows(db, [outboxRow(m)], { maxAttempts: MAX_ATTEMPTS });
  return { messageId };
}

/** Several messages and their delivery jobs in one statement (a batch of jobs telling many customers). */
export async function queueMessages(db: Executor, messages: NewMessage[]): Promise<string[]> {
  return messages.length ? queueOutboxRows(db, messages.map(outboxRow), { maxAttempts: MAX_ATTEMPTS }) : [];
}

/** When a message may first go out: its own sendAt, or for a promotional text the end of the quiet hours. */
export function notBefore(m: NewMessage): Date | null {
  const held = m.category === 'promotional' && boundByQuietHours(m.category, m.channel) ? quietHoursEnd(m.now) : null;
  const at = m.sendAt ?? null;
  return held && (!at || held > at) ? held : at;
}

function outboxRow(m: NewMessage): Insertable<OutboxMessagesTable> {
  const meta = { ...(m.meta ?? {}), ...(m.html ? { html: m.html } : {}) };
  return {
    category: m.category ?? 'transactional',
    merchant_id: m.merchantId ?? null,
    campaign_id: m.campaignId ?? null,
    channel: m.channel,
    recipient: m.to,
    subject: m.subject ?? null,
    body: m.body,
    status: 'queued',
    provider: 'pending',
    account_id: m.accountId ?? null,
    meta: toJsonb(meta),
    next_attempt_at: notBefore(m),
  };
}

/**
 * Inserts outbox rows and sends their delivery jobs through pg-boss (one `insert`, each job due at
 * its row's next_attempt_at or now), in the caller's transaction when there is one. Returns the
 * messages' ids.
 */
export async function queueOutboxRows(
  db: Executor,
  rows: Insertable<OutboxMessagesTable>[],
  opts: { maxAttempts: number },
): Promise<string[]> {
  const inserted = await insertOutboxRows(db, rows);
  await enqueueJobs(
    db,
    inserted.map((m) => ({
      kind: DELIVER_MESSAGE,
      payload: { messageId: m.id },
      runAt: m.next_attempt_at ?? undefined,
      ref: `message:${m.id}`,
      maxAttempts: opts.maxAttempts,
      expireInSeconds: DELIVERY_EXPIRY_SECONDS,
    })),
  );
  return inserted.map((m) => m.id);
}

/**
 * Puts a queued message off until `until` (a promotional text met at delivery in the quiet hours:
 * a retry or a backlog after 21:00): its not-before time moves, and a new delivery job waits for it.
 */
export async function holdMessage(db: Executor, messageId: string, until: Date): Promise<void> {
  await setMessageNotBefore(db, messageId, until);
  await enqueueJob(db, {
    kind: DELIVER_MESSAGE,
    payload: { messageId },
    runAt: until,
    ref: `message:${messageId}`,
    maxAttempts: MAX_ATTEMPTS,
    expireInSeconds: DELIVERY_EXPIRY_SECONDS,
  });
}

type SettledListener = (trx: Transaction<Database>, message: OutboxMessage) => Promise<void>;
const settledListeners = new Set<SettledListener>();

/** Called in the delivery transaction when a message is sent, or has finally failed. */
export function onMessageSettled(listener: SettledListener): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

export async function notifySettled(trx: Transaction<Database>, message: OutboxMessage): Promise<void> {
  for (const l of settledListeners) await l(trx, message);
}
