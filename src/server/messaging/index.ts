import type { Selectable, Transaction } from 'kysely';
import type { Executor } from '../db/repositories/accounts.js';
import type { Database, OutboxMessagesTable } from '../db/types.js';
import { enqueueJob } from '../jobs/queue.js';
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
  const meta = { ...(m.meta ?? {}), ...(m.html ? { html: m.html } : {}) };
  const row = await db
    .insertInto('outbox_messages')
    .values({
      channel: m.channel,
      recipient: m.to,
      subject: m.subject ?? null,
      body: m.body,
      status: 'queued',
      provider: 'pending',
      account_id: m.accountId ?? null,
      meta: toJsonb(meta),
      next_attempt_at: m.sendAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueJob(db, { kind: DELIVER_MESSAGE, payload: { messageId: row.id }, runAt: m.sendAt, ref: `message:${row.id}`, maxAttempts: MAX_ATTEMPTS });
  return { messageId: row.id };
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
