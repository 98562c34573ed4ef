import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import { boundByQuietHours, quietHoursEnd } from '../../shared/consent.js';
import type { MessageChannel } from '../../shared/constants.js';
import { toJsonb } from '../db/json.js';
import type { Executor } from '../db/repositories/accounts.js';
import type { Database, OutboxMessagesTable } from '../db/types.js';
import { JOB_ROW_DEFAULT_COLUMNS, jobRowDefaults } from '../jobs/boss.js';
import { enqueueJob, jobsEnqueued } from '../jobs/queue.js';

export type OutboxMessage = Selectable<OutboxMessagesTable>;

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
 * Inserts outbox rows and their delivery jobs in one statement (each job is built from its row's
 * RETURNING values, due at the row's next_attempt_at or now), in the caller's transaction when there
 * is one. Returns the messages' ids.
 */
export async function queueOutboxRows(
  db: Executor,
  rows: Insertable<OutboxMessagesTable>[],
  opts: { maxAttempts: number },
): Promise<string[]> {
  const jobs = await db
    // clock_timestamp plus the row's place, not the transaction's start: messages queued by one
    // batch of jobs keep the order they were queued in.
    .with('m', (q) =>
      q
        .insertInto('outbox_messages')
        .values(rows.map((row, i) => ({ created_at: sql<Date>`clock_timestamp() + ${i} * interval '1 microsecond'`, ...row })))
        .returning(['id', 'next_attempt_at']),
    )
    .insertInto('pgboss.job')
    .columns(['name', 'data', 'start_after', 'singleton_key', 'retry_limit', ...JOB_ROW_DEFAULT_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('m')
        .select([
          sql.lit(DELIVER_MESSAGE).as('name'),
          sql<string>`jsonb_build_object('messageId', m.id)`.as('data'),
          sql<Date>`coalesce(m.next_attempt_at, now())`.as('start_after'),
          sql<string>`'message:' || m.id`.as('singleton_key'),
          sql.lit(opts.maxAttempts - 1).as('retry_limit'),
          ...jobRowDefaults(sql`coalesce(m.next_attempt_at, now())`),
        ]),
    )
    .returning(sql<string>`data ->> 'messageId'`.as('message_id'))
    .execute();
  jobsEnqueued();
  return jobs.map((j) => j.message_id);
}

/**
 * Puts a queued message off until `until` (a promotional text met at delivery in the quiet hours:
 * a retry or a backlog after 21:00): its not-before time moves, and a new delivery job waits for it.
 */
export async function holdMessage(db: Executor, messageId: string, until: Date): Promise<void> {
  await db.updateTable('outbox_messages').set({ next_attempt_at: until }).where('id', '=', messageId).execute();
  await enqueueJob(db, {
    kind: DELIVER_MESSAGE,
    payload: { messageId },
    runAt: until,
    ref: `message:${messageId}`,
    maxAttempts: MAX_ATTEMPTS,
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
