import { queuePushToSubscription } from '../../messaging/push.js';
import { AUDIENCE_ROLES, PUSH_FANOUT } from '../../services/push/service.js';
import { defineJob } from '../queue.js';

/** Fans an admin's push broadcast out to one message per subscribed browser of its audience. */
export const pushFanoutJob = defineJob(PUSH_FANOUT, async (trx, payload: { broadcastId: string }) => {
  const b = await trx.selectFrom('push_broadcasts').selectAll().where('id', '=', payload.broadcastId).executeTakeFirst();
  if (!b) return;
  const subs = await trx
    .selectFrom('push_subscriptions as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.endpoint', 'p.account_id'])
    .where('a.is_blocked', '=', false)
    .where('a.role', 'in', [...AUDIENCE_ROLES[b.audience]])
    .execute();
  for (const sub of subs) {
    await queuePushToSubscription(
      trx,
      sub,
      { title: b.title, body: b.body, url: b.url ?? '/notifications', tag: `broadcast-${b.id}` },
      { purpose: 'push_broadcast', broadcastId: b.id },
    );
  }
});
