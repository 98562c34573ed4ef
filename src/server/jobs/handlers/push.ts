import { audienceSubscriptions, findPushBroadcast } from '../../db/repositories/messaging.js';
import { queuePushToSubscription } from '../../messaging/push.js';
import { AUDIENCE_ROLES, PUSH_FANOUT } from '../../services/push/service.js';
import { defineJob } from '../queue.js';

/** Fans an admin's push broadcast out to one message per subscribed browser of its audience. */
export const pushFanoutJob = defineJob(PUSH_FANOUT, async (trx, payload: { broadcastId: string }) => {
  const b = await findPushBroadcast(trx, payload.broadcastId);
  if (!b) return;
  const subs = await audienceSubscriptions(trx, AUDIENCE_ROLES[b.audience]);
  for (const sub of subs) {
    await queuePushToSubscription(
      trx,
      sub,
      { title: b.title, body: b.body, url: b.url ?? '/notifications', tag: `broadcast-${b.id}` },
      { purpose: 'push_broadcast', broadcastId: b.id },
    );
  }
});
