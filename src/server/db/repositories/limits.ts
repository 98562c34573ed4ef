import { sql, type Transaction } from 'kysely';
import { RateLimitError } from '../../errors.js';
import type { Executor } from '../executor.js';
import type { Database } from '../types.js';

/*
 * Limits that hold under bursts, tRPC batches and parallel requests on any number of server
 * processes. A count-then-insert is not enough: two requests read the same count and both pass.
 * So every limited action runs in a transaction that first takes a transaction-scoped advisory
 * lock on each key it is counted under (sorted, so two callers never wait for each other in a
 * cycle); the count and the insert that follow, each a statement of its own, see every event
 * committed before the lock was granted (READ COMMITTED takes a new snapshot per statement).
 * The lock is released at commit, when the event is visible to the next holder.
 */

/** Takes the advisory locks for `keys` (any strings) in one statement, in a fixed order. */
export async function lockKeys(trx: Transaction<Database>, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return;
  await sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select unnest(${sorted}::text[]) as k order by 1) as s`.execute(
    trx,
  );
}

export interface RateLimit {
  /** What is counted, e.g. 'code:ip'. */
  scope: string;
  /** Whose it is, e.g. an IP address or an account id. */
  key: string;
  max: number;
  windowSeconds: number;
  /** The 429's message when the limit is reached. */
  message: string;
}

const lockName = (l: Pick<RateLimit, 'scope' | 'key'>) => `rate:${l.scope}:${l.key}`;

/**
 * Counts one event against each limit, or refuses (429 with the first exhausted limit's message)
 * and counts none. Call it inside the transaction that does the limited thing, before doing it:
 * if that transaction rolls back, nothing was counted. Old events of these keys are pruned by the
 * same statements.
 */
export async function takeRateLimits(trx: Transaction<Database>, limits: RateLimit[]): Promise<void> {
  if (!limits.length) return;
  await lockKeys(trx, limits.map(lockName));
  // `frees_in`: seconds until the oldest event in the window leaves it, which frees one place.
  const counts = await sql<{ i: number; n: number; frees_in: number | null }>`
    select l.i, w.n, ceil(extract(epoch from w.oldest + make_interval(secs => l.secs) - now()))::int as frees_in
    from unnest(${limits.map((l) => l.scope)}::text[], ${limits.map((l) => l.key)}::text[], ${limits.map((l) => l.windowSeconds)}::int[])
      with ordinality as l(scope, key, secs, i)
    cross join lateral (
      select count(*)::int as n, min(e.at) as oldest from rate_events e where e.scope = l.scope and e.key = l.key and e.at > now() - make_interval(secs => l.secs)
    ) as w`.execute(trx);
  const over = counts.rows.find((r) => Number(r.n) >= limits[Number(r.i) - 1].max);
  if (over) {
    const limit = limits[Number(over.i) - 1];
    throw new RateLimitError(limit.message, {
      policy: limit.scope.replaceAll(':', '-'),
      limit: limit.max,
      windowSeconds: limit.windowSeconds,
      retryAfterSeconds: Math.max(1, Math.min(limit.windowSeconds, Number(over.frees_in ?? limit.windowSeconds))),
    });
  }
  await sql`
    with pruned as (
      delete from rate_events e using unnest(${limits.map((l) => l.scope)}::text[], ${limits.map((l) => l.key)}::text[], ${limits.map((l) => l.windowSeconds)}::int[]) as l(scope, key, secs)
      where e.scope = l.scope and e.key = l.key and e.at <= now() - make_interval(secs => l.secs)
    )
    insert into rate_events (scope, key) select * from unnest(${limits.map((l) => l.scope)}::text[], ${limits.map((l) => l.key)}::text[])`.execute(
    trx,
  );
}

/** The most recent event of a limit's key, e.g. for "wait 30 seconds before another code". */
export async function lastRateEvent(db: Executor, scope: string, key: string): Promise<Date | null> {
  const row = await db
    .selectFrom('rate_events')
    .select('at')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.at) : null;
}

export interface SignInLimits {
  windowMinutes: number;
  perAccountAndIp: number;
  perIp: number;
  perAccount: number;
}

/**
 * Reserves one sign-in attempt (a password, a one-time code) for `key` (an e-mail or a code's
 * destination) from `ip`, counted under `net` (the IPv4 address, or the /64 of an IPv6 one:
 * services/auth/clientNet.ts): recorded as failed, before the secret is checked, unless the
 * throttle already stops it (then null, and nothing is recorded). The caller marks it succeeded
 * afterwards (settleSignInAttempt). So however many requests arrive at once, no more secrets are
 * checked than the limits allow. The per-IP limits count per network, so the addresses of one /64
 * share them; the count per key and network starts after the last success from that network.
 */
export async function reserveSignInAttempt(
  trx: Transaction<Database>,
  key: string,
  ip: string,
  net: string,
  l: SignInLimits,
): Promise<number | null> {
  await lockKeys(trx, [`signin:key:${key}`, `signin:net:${net}`]);
  const since = sql`now() - make_interval(mins => ${l.windowMinutes})`;
  const row = await sql<{ id: number }>`
    insert into login_attempts (email, ip, net, succeeded)
    select ${key}, ${ip}, ${net}, false
    from (
      select
        count(*) filter (where email = ${key} and net = ${net} and created_at > coalesce(
          (select max(created_at) from login_attempts where email = ${key} and net = ${net} and succeeded and created_at > ${since}), ${since})) as by_key_net,
        count(*) filter (where email = ${key}) as by_key,
        count(*) filter (where net = ${net}) as by_net
      from login_attempts
      where not succeeded and created_at > ${since} and (email = ${key} or net = ${net})
    ) as f
    where f.by_key_net < ${l.perAccountAndIp} and f.by_net < ${l.perIp} and f.by_key < ${l.perAccount}
    returning id`.execute(trx);
  return row.rows[0] ? Number(row.rows[0].id) : null;
}

/** A reserved attempt whose secret was right: it no longer counts as a failure. */
export async function settleSignInAttempt(db: Executor, id: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', id).execute();
}
