import { sql } from 'kysely';
import { boundByQuietHours, quietHoursEnd } from '../../../shared/consent.js';
import { GoneSubscriptionError } from '../../adapters/messaging/push.js';
import { DELIVER_MESSAGE, holdMessage, notifySettled, type OutboxMessage } from '../../messaging/index.js';
import { defineJob } from '../queue.js';

/**
 * Delivers one outbox message through its channel's transport. The row is locked, so a message is
 * handed to the provider by one worker at a time, and a sent message is never sent again. A hand-over
 * leaves the process, so each delivery runs alone and commits before the next one starts: a crash can
 * repeat at most one hand-over (the outbox id goes with it as Message-ID / idempotency token).
 */
export const deliverMessageJob = defineJob(
  DELIVER_MESSAGE,
  async (trx, payload: { messageId: string }, ctx) => {
    const { rows } = await sql<OutboxMessage>`select * from outbox_messages where id = ${payload.messageId} for update`.execute(trx);
    const msg = rows[0];
    if (!msg || msg.status === 'sent' || msg.status === 'failed') return;
    // TRAI: a promotional SMS or WhatsApp never goes out from 21:00 to 09:00 IST, even when it was
    // written before 21:00 (a retry, a backlog): it waits for 09:00 without spending an attempt.
    if (boundByQuietHours(msg.category, msg.channel)) {
      const until = quietHoursEnd(ctx.deps.now());
      if (until) return holdMessage(trx, msg.id, until);
    }
    const meta = { ...(msg.meta as Record<string, unknown>) };
    let subscriptionId: string | undefined;
    if (msg.channel === 'push') {
      subscriptionId = meta.subscriptionId as string | undefined;
      const sub = subscriptionId
        ? await trx
            .selectFrom('push_subscriptions')
            .select(['endpoint', 'p256dh', 'auth'])
            .where('id', '=', subscriptionId)
            .executeTakeFirst()
        : undefined;
      if (!sub) throw new GoneSubscriptionError('the push subscription was removed');
      meta.target = { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } };
    }
    const transport = ctx.deps.adapters.transports[msg.channel];
    const { providerId } = await transport.send({
      id: msg.id,
      channel: msg.channel,
      to: msg.recipient,
      subject: msg.subject,
      body: msg.body,
      html: typeof meta.html === 'string' ? meta.html : null,
      meta,
    });
    const sent = await trx
      .updateTable('outbox_messages')
      .set({
        status: 'sent',
        provider: transport.provider,
        attempts: ctx.attempt,
        last_error: null,
        next_attempt_at: null,
        sent_at: new Date(),
        meta: JSON.stringify({ ...(msg.meta as Record<string, unknown>), ...(providerId ? { providerId } : {}) }),
      })
      .where('id', '=', msg.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (subscriptionId)
      await trx.updateTable('push_subscriptions').set({ last_success_at: new Date() }).where('id', '=', subscriptionId).execute();
    await notifySettled(trx, sent);
  },
  {
    alone: true,
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
