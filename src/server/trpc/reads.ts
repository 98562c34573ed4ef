import type { Db } from '../db/index.js';
import type { Actor, AppDeps } from '../deps.js';

/*
 * Which database a read runs on. Everything uses the primary (`deps.db`) except the discovery
 * reads a visitor makes (search, home-page sections, the salon page, free slots for display),
 * which may use a streaming replica (`deps.readDb`, DATABASE_REPLICA_URL). They still go to the
 * primary when:
 * - the caller is a merchant or an admin (their screens show what they just changed);
 * - this browser wrote something a few seconds ago (a cookie set on every answer to a mutation,
 *   for as long as a usable replica may lag, so a review, a booking or a sign-in shows at once);
 * - the replica is down or lags more than REPLICA_MAX_LAG_S (db/replica.ts).
 * Bookings, the checkout's slot check and every mutation use `deps.db` directly.
 */

export const RECENT_WRITE_COOKIE_NAME = 'gb_wrote';
export const RECENT_WRITE_COOKIE = /(?:^|;\s*)gb_wrote=1(?:;|$)/;

/** How long after a write the writer's discovery reads stay on the primary: the replica's allowed lag, plus a probe's interval and some. */
export function recentWriteSeconds(maxLagSeconds: number): number {
  return Math.ceil(maxLagSeconds) + 2;
}

/** The Set-Cookie an answer to a mutation carries when there is a replica; null for other answers. */
export function recentWriteCookie(deps: AppDeps, type: string | undefined): string | null {
  if (type !== 'mutation' || deps.readDb === deps.db) return null;
  return `${RECENT_WRITE_COOKIE_NAME}=1; Max-Age=${recentWriteSeconds(deps.env.REPLICA_MAX_LAG_S)}; Path=/; HttpOnly; SameSite=Lax`;
}

/** The database for a discovery read in this request (see above). */
export function discoveryDb(ctx: { deps: AppDeps; actor: Actor | null; recentWrite?: boolean }): Db {
  const { deps } = ctx;
  if (deps.readDb === deps.db) return deps.db;
  if (ctx.actor && ctx.actor.role !== 'customer') return deps.db;
  if (ctx.recentWrite) return deps.db;
  if (deps.replica && !deps.replica.usable()) return deps.db;
  return deps.readDb;
}
