import { sql, type Transaction } from 'kysely';
import { GoneSubscriptionError } from '../../adapters/messaging/push.js';
import { DELIVER_MESSAGE, notifySettled, type OutboxMessage } from '../../messaging/index.js';
import { registerJobHandler, type BatchJob } from '../queue.js';
import type { Database } from '../../db/types.js';
import { toJsonb } from '../../db/json.js';

/**
 * Delivers outbox messages through their channels' transports, one job or a batch alike: the rows
 * are locked, so a message is handed to the provider by one worker at a time and a sent message is
 * never sent again; then every sent row is marked in one statement. A message whose send failed gets
 * no write here: the runner records its failure (and calls onFailure) afterwards.
 */
async function deliver(trx: Transaction<Database>, jobs: BatchJob[]): Promise<Map<string, unknown>> {
  const ids = [...new Set(jobs.map((j) => (j.payload as { messageId: string }).messageId))];
  const { rows } = await sql<OutboxMessage>`select * from outbox_messages where id = any(${ids}::uuid[]) order by id for update`.execute(trx);
  const messages = new Map(rows.map((m) => [m.id, m]));
  const subscriptionIds = rows
    .filter((m) => m.channel === 'push' && m.status !== 'sent' && m.status !== 'failed')
    .map((m) => (m.meta as Record<string, unknown>).subscriptionId)
    .filter((id): id is string => typeof id === 'string');
  const subscriptions = new Map(
    subscriptionIds.length
      ? (await trx.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('id', 'in', subscriptionIds).execute()).map((s) => [s.id, s])
      : [],
  );
  const failed = new Map<string, unknown>();
  const sent: { id: string; provider: string; attempts: number; provider_id: string | null; subscription_id: string | null }[] = [];
  // The sends go out together: a provider call (or the offline mail drop's file write) waits on
  // I/O, and a batch waiting on each in turn would hold its claim for the sum of those waits.
  const seen = new Set<string>();
  await Promise.all(
    jobs.map(async (job) => {
      const msg = messages.get((job.payload as { messageId: string }).messageId);
      if (!msg || msg.status === 'sent' || msg.status === 'failed' || seen.has(msg.id)) return;
      seen.add(msg.id);
      const meta = { ...(msg.meta as Record<string, unknown>) };
      let subscriptionId: string | null = null;
      try {
        if (msg.channel === 'push') {
          subscriptionId = typeof meta.subscriptionId === 'string' ? meta.subscriptionId : null;
          const sub = subscriptionId ? subscriptions.get(subscriptionId) : undefined;
          if (!sub) throw new GoneSubscriptionError('the push subscription was removed');
          meta.target = { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } };
        }
        const transport = job.ctx.deps.adapters.transports[msg.channel];
        const { providerId } = await transport.send({
          id: msg.id,
          channel: msg.channel,
          to: msg.recipient,
          subject: msg.subject,
          body: msg.body,
          html: typeof meta.html === 'string' ? meta.html : null,
          meta,
        });
        sent.push({ id: msg.id, provider: transport.provider, attempts: job.ctx.attempt, provider_id: providerId ?? null, subscription_id: subscriptionId });
      } catch (error) {
        failed.set(job.id, error);
      }
    }),
  );
  if (sent.length) {
    const { rows: settled } = await sql<OutboxMessage>`
      update outbox_messages o
      set status = 'sent', provider = v.provider, attempts = v.attempts, last_error = null, next_attempt_at = null, sent_at = now(),
          meta = case when v.provider_id is null then o.meta else o.meta || jsonb_build_object('providerId', v.provider_id) end
      from jsonb_to_recordset(${toJsonb(sent)}::jsonb) as v(id uuid, provider text, attempts int, provider_id text)
      where o.id = v.id
      returning o.*`.execute(trx);
    const pushed = sent.map((s) => s.subscription_id).filter((id): id is string => id !== null);
    if (pushed.length) await trx.updateTable('push_subscriptions').set({ last_success_at: new Date() }).where('id', 'in', pushed).execute();
    for (const m of settled) await notifySettled(trx, m);
  }
  return failed;
}

registerJobHandler(
  DELIVER_MESSAGE,
  async (trx, payload: { messageId: string }, ctx) => {
    const failed = await deliver(trx, [{ id: ctx.jobId, payload, ctx }]);
    if (failed.has(ctx.jobId)) throw failed.get(ctx.jobId);
  },
  {
    runBatch: deliver,
    async onFailure(trx, payload: { messageId: string }, failure) {
      const updated = await trx
        .updateTable('outbox_messages')
        .set(
          failure.final
            ? { status: 'failed', attempts: failure.attempt, last_error: failure.message, next_attempt_at: null }
            : { attempts: failure.attempt, last_error: failure.message },
        )
        .where('id', '=', payload.messageId)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (!updated) return;
      if (updated.channel === 'push' && failure.error instanceof GoneSubscriptionError) {
        const subscriptionId = (updated.meta as Record<string, unknown>).subscriptionId;
        if (typeof subscriptionId === 'string') await trx.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
      }
      if (failure.final) await notifySettled(trx, updated);
    },
  },
);
