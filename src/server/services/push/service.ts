import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { type PushAudience, ROLES, type Role } from '../../../shared/constants.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { pushBroadcastInput, subscribeInput, unsubscribeInput } from '../../../shared/schemas/push.js';
import { recordAudit } from '../../db/repositories/audit.js';
import {
  broadcastMessageCounts,
  countAudienceSubscriptions,
  countPushSubscriptions,
  deletePushSubscriptions,
  insertPushBroadcast,
  listPushBroadcasts,
  upsertPushSubscription,
} from '../../db/repositories/push.js';
import type { Database } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { iso } from '../wire.js';

/**
 * The server POSTs to a subscription's endpoint, so only the browsers' push services are accepted
 * (anything else would let a caller aim the server at internal addresses).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.port && PUSH_SERVICE_HOSTS.some((re) => re.test(url.hostname));
}

export function vapidPublicKey(deps: AppDeps) {
  return { publicKey: deps.adapters.vapid.publicKey };
}

export async function subscribe(deps: AppDeps, actor: Actor, input: z.output<typeof subscribeInput>, userAgent: string | null) {
  const { endpoint, keys } = input.subscription;
  if (!isPushServiceEndpoint(endpoint))
    throw badRequest("subscription.endpoint: not a browser push service's address", 'subscription.endpoint');
  // The procedure's ownership rule has checked userId: the caller's own, or any for an admin.
  const accountId = input.userId ?? actor.id;
  // One browser subscription belongs to whoever signed in on it last.
  await upsertPushSubscription(deps.db, {
    accountId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { success: true as const, message: 'Push notifications are on for this browser' };
}

export async function unsubscribe(deps: AppDeps, actor: Actor, input: z.output<typeof unsubscribeInput>) {
  const accountId = input.userId ?? actor.id;
  const removed = await deletePushSubscriptions(deps.db, accountId, input.endpoint);
  return { success: true as const, removed };
}

export const PUSH_FANOUT = 'push_broadcast_fanout';
export const AUDIENCE_ROLES = { all: ROLES, customer: ['customer'], merchant: ['merchant'], admin: ['admin'] } as const satisfies Record<
  PushAudience,
  readonly Role[]
>;

async function broadcastStats(db: AppDeps['db'] | Transaction<Database>, ids: string[]) {
  if (!ids.length) return new Map<string, { sent: number; failed: number; pending: number }>();
  const rows = await broadcastMessageCounts(db, ids);
  const stats = new Map<string, { sent: number; failed: number; pending: number }>();
  for (const r of rows) {
    const s = stats.get(r.id) ?? { sent: 0, failed: 0, pending: 0 };
    const n = Number(r.n);
    if (r.status === 'sent') s.sent += n;
    else if (r.status === 'failed') s.failed += n;
    else s.pending += n;
    stats.set(r.id, s);
  }
  return stats;
}

type BroadcastRow = {
  id: string;
  title: string;
  body: string;
  url: string | null;
  audience: PushAudience;
  subscriptions: number;
  created_at: Date;
};

function toWire(r: BroadcastRow, s = { sent: 0, failed: 0, pending: 0 }) {
  return {
    _id: r.id,
    title: r.title,
    body: r.body,
    url: r.url,
    audience: r.audience,
    subscriptions: r.subscriptions,
    ...s,
    createdAt: iso(r.created_at),
  };
}

/**
 * An admin's push broadcast: recorded, audited, and fanned out by a job (one message per
 * subscription of the audience), so a large audience never holds up the request.
 */
/** Records a push broadcast and the job that fans it out, in the caller's transaction. */
export async function recordPushBroadcast(
  trx: Transaction<Database>,
  actor: Actor,
  input: { title: string; body: string; url?: string | null; audience: keyof typeof AUDIENCE_ROLES },
) {
  const subscriptions = await countAudienceSubscriptions(trx, AUDIENCE_ROLES[input.audience]);
  const b = await insertPushBroadcast(trx, {
    title: input.title,
    body: input.body,
    url: input.url ?? null,
    audience: input.audience,
    subscriptions,
    createdBy: actor.id,
  });
  await enqueueJob(trx, { kind: PUSH_FANOUT, payload: { broadcastId: b.id }, ref: `push_broadcast:${b.id}` });
  await recordAudit(trx, actor.id, 'notifications.push_broadcast', 'push_broadcast', b.id, {
    title: input.title,
    audience: input.audience,
    subscriptions: b.subscriptions,
  });
  return b;
}

/**
 * An admin's push broadcast: recorded, audited, and fanned out by a job (one message per
 * subscription of the audience), so a large audience never holds up the request.
 */
export async function createBroadcast(deps: AppDeps, actor: Actor, input: z.output<typeof pushBroadcastInput>) {
  const row = await deps.db.transaction().execute((trx) => recordPushBroadcast(trx, actor, input));
  return {
    data: { broadcast: toWire(row, { sent: 0, failed: 0, pending: row.subscriptions }) },
    message: `Queued for ${row.subscriptions} subscribed browser${row.subscriptions === 1 ? '' : 's'}.`,
  };
}

export async function listBroadcasts(deps: AppDeps, page: { page: number; limit: number }) {
  const { rows, total } = await listPushBroadcasts(deps.db, { limit: page.limit, offset: (page.page - 1) * page.limit });
  const stats = await broadcastStats(
    deps.db,
    rows.map((r) => r.id),
  );
  const subscribers = await countPushSubscriptions(deps.db);
  return { data: { broadcasts: rows.map((r) => toWire(r, stats.get(r.id))), subscribers, paging: pagingOf(page.page, page.limit, total) } };
}
