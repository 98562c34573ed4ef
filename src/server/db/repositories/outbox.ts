import { type RawBuilder, sql } from 'kysely';
import type { DeliveryState } from '../../../shared/delivery.js';
import { OFFLINE_PROVIDER } from '../../../shared/delivery.js';
import type { Executor } from '../executor.js';

/**
 * shared/delivery.ts deliveryStateOf in SQL, over the outbox row aliased `o` (or the bare table when
 * `alias` is empty), for counts and filters.
 */
export function deliveryStateSql(alias = 'o'): RawBuilder<DeliveryState> {
  const c = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<DeliveryState>`case
    when ${c('status')} = 'failed' then 'failed'
    when ${c('status')} <> 'sent' then 'queued'
    when ${c('provider')} = ${OFFLINE_PROVIDER} then (case when ${c('channel')} = 'email' then 'not_sent' else 'queued' end)
    when ${c('delivered_at')} is not null then 'delivered'
    else 'sent' end`;
}

/**
 * A provider's receipt for the message it knows by `providerId` (SMS and WhatsApp): delivered sets
 * delivered_at; a failure after acceptance marks the message failed with the provider's words.
 * Returns whether a message was found.
 */
export async function recordReceipt(
  db: Executor,
  r: { providerId: string; outcome: 'delivered' | 'failed'; error?: string },
): Promise<boolean> {
  const found = db
    .updateTable('outbox_messages')
    .where(sql<boolean>`meta ->> 'providerId' = ${r.providerId}`)
    .where(sql<boolean>`meta ? 'providerId'`)
    .where('channel', 'in', ['sms', 'whatsapp']);
  const res =
    r.outcome === 'delivered'
      ? await found.set({ delivered_at: sql<Date>`coalesce(delivered_at, now())` }).where('status', '=', 'sent').executeTakeFirst()
      : await found
          .set({ status: 'failed', last_error: r.error ?? 'The provider could not deliver it' })
          .where('delivered_at', 'is', null)
          .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The first open of a campaign e-mail (its tracking pixel, http/tracking.ts); later opens change nothing. */
export async function recordEmailOpen(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ opened_at: new Date() })
    .where('id', '=', id)
    .where('channel', '=', 'email')
    .where('opened_at', 'is', null)
    .execute();
}
