import type { Executor } from '../db/executor.js';
import { toJsonb } from '../db/json.js';
import { pushSubscriptionsOfAccount } from '../db/repositories/messaging.js';
import { queueOutboxRows } from './index.js';

export interface PushPayload {
  title: string;
  body: string;
  /** Opened when the notification is clicked. */
  url?: string;
  tag?: string;
}

function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'push service';
  }
}

/**
 * Queues one push message per subscription of the account, unless the account turned push off in
 * its preferences; returns how many were queued.
 */
export async function queuePushToAccount(
  db: Executor,
  accountId: string,
  payload: PushPayload,
  meta: Record<string, unknown> = {},
): Promise<number> {
  const subs = await pushSubscriptionsOfAccount(db, accountId);
  for (const sub of subs) await queuePushToSubscription(db, { ...sub, account_id: accountId }, payload, meta);
  return subs.length;
}

export async function queuePushToSubscription(
  db: Executor,
  sub: { id: string; endpoint: string; account_id: string },
  payload: PushPayload,
  meta: Record<string, unknown> = {},
): Promise<void> {
  await queueOutboxRows(
    db,
    [
      {
        channel: 'push',
        recipient: endpointHost(sub.endpoint),
        subject: payload.title,
        body: JSON.stringify(payload),
        status: 'queued',
        provider: 'pending',
        account_id: sub.account_id,
        meta: toJsonb({ ...meta, subscriptionId: sub.id }),
      },
    ],
    { maxAttempts: 4 },
  );
}
