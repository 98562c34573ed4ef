import { sql } from 'kysely';
import type { PushAudience, Role } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';

/** One browser subscription belongs to whoever signed in on it last. */
export function upsertPushSubscription(
  db: Executor,
  v: { accountId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) {
  return db
    .insertInto('push_subscriptions')
    .values({ account_id: v.accountId, endpoint: v.endpoint, p256dh: v.p256dh, auth: v.auth, user_agent: v.userAgent })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ account_id: v.accountId, p256dh: v.p256dh, auth: v.auth, user_agent: v.userAgent }),
    )
    .execute();
}

/** Removes an account's subscriptions (one browser's, with `endpoint`); answers how many. */
export async function deletePushSubscriptions(db: Executor, accountId: string, endpoint?: string): Promise<number> {
  let q = db.deleteFrom('push_subscriptions').where('account_id', '=', accountId);
  if (endpoint) q = q.where('endpoint', '=', endpoint);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}

/** The push messages of broadcasts, counted per broadcast and status. */
export function broadcastMessageCounts(db: Executor, ids: string[]) {
  return db
    .selectFrom('outbox_messages')
    .select([sql<string>`meta->>'broadcastId'`.as('id'), 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('channel', '=', 'push')
    .where(sql<string>`meta->>'broadcastId'`, 'in', ids)
    .groupBy([sql`meta->>'broadcastId'`, 'status'])
    .execute();
}

/** Subscribed browsers of accounts in these roles that are not blocked. */
export async function countAudienceSubscriptions(db: Executor, roles: readonly Role[]): Promise<number> {
  const r = await db
    .selectFrom('push_subscriptions as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.is_blocked', '=', false)
    .where('a.role', 'in', [...roles])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function insertPushBroadcast(
  db: Executor,
  v: { title: string; body: string; url: string | null; audience: PushAudience; subscriptions: number; createdBy: string },
) {
  return db
    .insertInto('push_broadcasts')
    .values({ title: v.title, body: v.body, url: v.url, audience: v.audience, subscriptions: v.subscriptions, created_by: v.createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPushBroadcasts(db: Executor, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('push_broadcasts')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('push_broadcasts')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function countPushSubscriptions(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
