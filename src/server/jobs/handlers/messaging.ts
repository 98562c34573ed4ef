import { boundByQuietHours, quietHoursEnd } from '../../../shared/consent.js';
import { GoneSubscriptionError } from '../../adapters/messaging/push.js';
import {
  deletePushSubscription,
  findPushTarget,
  lockOutboxMessage,
  markMessageSent,
  recordMessageFailure,
  touchPushSubscription,
} from '../../db/repositories/messaging.js';
import { DELIVER_MESSAGE, holdMessage, notifySettled } from '../../messaging/index.js';
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
    const msg = await lockOutboxMessage(trx, payload.messageId);
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
      const sub = subscriptionId ? await findPushTarget(trx, subscriptionId) : undefined;
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
    const sent = await markMessageSent(trx, msg.id, {
      provider: transport.provider,
      attempts: ctx.attempt,
      meta: { ...(msg.meta as Record<string, unknown>), ...(providerId ? { providerId } : {}) },
    });
    if (subscriptionId) await touchPushSubscription(trx, subscriptionId);
    await notifySettled(trx, sent);
  },
  {
    alone: true,
    async onFailure(trx, payload: { messageId: string }, failure) {
      const updated = await recordMessageFailure(trx, payload.messageId, failure);
      if (!updated) return;
      if (updated.channel === 'push' && failure.error instanceof GoneSubscriptionError) {
        const subscriptionId = (updated.meta as Record<string, unknown>).subscriptionId;
        if (typeof subscriptionId === 'string') await deletePushSubscription(trx, subscriptionId);
      }
      if (failure.final) await notifySettled(trx, updated);
    },
  },
);
