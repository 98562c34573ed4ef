import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../db/repositories/accounts.js';
import type { Database, OutboxMessagesTable } from '../db/types.js';
import { jobsEnqueued } from '../jobs/queue.js';
import { toJsonb } from '../db/json.js';

export type OutboxMessage = Selectable<OutboxMessagesTable>;

export interface NewMessage {
  channel: 'email' | 'sms' | 'whatsapp';
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
}

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

function outboxRow(m: NewMessage): Insertable<OutboxMessagesTable> {
  const meta = { ...(m.meta ?? {}), ...(m.html ? { html: m.html } : {}) };
  return {
    channel: m.channel,
    recipient: m.to,
    subject: m.subject ?? null,
    body: m.body,
    status: 'queued',
    provider: 'pending',
    account_id: m.accountId ?? null,
    meta: toJsonb(meta),
    next_attempt_at: m.sendAt ?? null,
  };
}

/**
 * Inserts outbox rows and their delivery jobs in one statement (each job is built from its row's
 * RETURNING values, due at the row's next_attempt_at or now), in the caller's transaction when there
 * is one. Returns the messages' ids.
 */
export async function queueOutboxRows(db: Executor, rows: Insertable<OutboxMessagesTable>[], opts: { maxAttempts: number }): Promise<string[]> {
  const jobs = await db
    // clock_timestamp plus the row's place, not the transaction's start: messages queued by one
    // batch of jobs keep the order they were queued in.
    .with('m', (q) =>
      q
        .insertInto('outbox_messages')
        .values(rows.map((row, i) => ({ created_at: sql<Date>`clock_timestamp() + ${i} * interval '1 microsecond'`, ...row })))
        .returning(['id', 'next_attempt_at']),
    )
    .insertInto('jobs')
    .columns(['kind', 'payload', 'run_at', 'ref', 'max_attempts'])
    .expression((eb) =>
      eb
        .selectFrom('m')
        .select([
          sql.lit(DELIVER_MESSAGE).as('kind'),
          sql<string>`jsonb_build_object('messageId', m.id)`.as('payload'),
          sql<Date>`coalesce(m.next_attempt_at, now())`.as('run_at'),
          sql<string>`'message:' || m.id`.as('ref'),
          sql.lit(opts.maxAttempts).as('max_attempts'),
        ]),
    )
    .returning(sql<string>`payload ->> 'messageId'`.as('message_id'))
    .execute();
  jobsEnqueued();
  return jobs.map((j) => j.message_id);
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
