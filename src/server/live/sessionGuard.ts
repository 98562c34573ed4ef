import { TRPCError } from '@trpc/server';
import type { Db } from '../db/index.js';
import type { AppDeps } from '../deps.js';
import { isDatabaseUnavailable, RateLimitError, type RateLimitInfo } from '../errors.js';
import { resolveActor } from '../trpc/context.js';

/*
 * A live stream (the calendar's desk feed) is signed in once, when it opens; it can stay open for
 * hours. So while it is open the session is checked again every `recheckMs` with the very check
 * every request passes (trpc/context.ts resolveActor: the account's token version, a logged-out
 * jti, the blocked flag, the role), and the stream ends with UNAUTHORIZED as soon as it no longer
 * holds: a password change, "sign out everywhere", a block or a logout ends the feed within
 * seconds. An account holds at most `maxPerAccount` open streams per server process; one more is
 * refused with TOO_MANY_REQUESTS naming the limit (docs/security.md). That refusal is told before
 * the stream opens (`assertStreamRoom`), so the HTTP answer is a 429 with Retry-After and the
 * RateLimit fields like every other 429 (http/app.ts reads ctx.rateLimited).
 */

export interface LiveStreamSettings {
  /** How often an open stream's session is checked again. */
  recheckMs: number;
  /** Open streams an account may hold at once (per server process). */
  maxPerAccount: number;
}

const DEFAULTS: LiveStreamSettings = { recheckMs: 5_000, maxPerAccount: 5 };
const settings: LiveStreamSettings = { ...DEFAULTS };

/** Changes the settings (tests use a short interval); without an argument, back to the defaults. */
export function configureLiveStreams(next?: Partial<LiveStreamSettings>): LiveStreamSettings {
  Object.assign(settings, next ?? DEFAULTS);
  return { ...settings };
}

export const tooManyStreams = (max: number) =>
  `At most ${max} live calendar streams may be open at once for one account; close another tab or device and try again.`;

/** The limit a refused stream met: `max` open at once; a place frees when another closes (a recheck later at most). */
export function liveStreamLimit(max: number = settings.maxPerAccount): RateLimitInfo {
  const retry = Math.max(1, Math.ceil(settings.recheckMs / 1000));
  return { policy: 'live-streams', limit: max, windowSeconds: retry, retryAfterSeconds: retry };
}

const refusal = (max: number) => new RateLimitError(tooManyStreams(max), liveStreamLimit(max));

/** Open streams per account, per database (one process, or one test runtime). */
const openStreams = new WeakMap<Db, Map<string, number>>();

function countsOf(db: Db): Map<string, number> {
  let counts = openStreams.get(db);
  if (!counts) openStreams.set(db, (counts = new Map()));
  return counts;
}

/** How many live streams the account has open (tests, diagnostics). */
export function openStreamCount(db: Db, accountId: string): number {
  return openStreams.get(db)?.get(accountId) ?? 0;
}

/**
 * Refuses (429, RateLimitError) a stream the account has no room for, before it opens: call it in
 * the subscription's resolver so the HTTP answer carries the status and headers. `guardedStream`
 * checks again when it opens (two tabs opening at once).
 */
export function assertStreamRoom(deps: AppDeps, accountId: string): void {
  const max = settings.maxPerAccount;
  if ((countsOf(deps.db).get(accountId) ?? 0) >= max) throw refusal(max);
}

export interface StreamCaller {
  deps: AppDeps;
  accountId: string;
  /** The token the stream was signed in with. */
  token: string | null | undefined;
}

/**
 * Runs `open(signal)` as long as the caller's session holds and `signal` (the connection) is open.
 * Throws TOO_MANY_REQUESTS before opening when the account already holds the most streams, and
 * UNAUTHORIZED (with the reason the request check gives) when the session ended meanwhile.
 */
export async function* guardedStream<T>(
  caller: StreamCaller,
  signal: AbortSignal | undefined,
  open: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const { deps, accountId, token } = caller;
  const counts = countsOf(deps.db);
  const max = settings.maxPerAccount;
  const held = counts.get(accountId) ?? 0;
  if (held >= max) throw refusal(max);
  counts.set(accountId, held + 1);

  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) stop.abort();
  let ended: string | null = null;
  let checking = false;
  const check = async () => {
    if (checking || stop.signal.aborted) return;
    checking = true;
    try {
      const { actor, authError } = await resolveActor(deps, token ?? null);
      if (!actor || actor.id !== accountId) {
        ended = authError ?? 'Your session has ended. Please sign in again.';
        stop.abort();
      }
    } catch (err) {
      // A database that cannot be reached for a moment does not end the stream; the next check decides.
      if (!isDatabaseUnavailable(err)) {
        const message = err instanceof Error ? err.message : String(err);
        if (!/destroyed|ended|closed/i.test(message)) console.error('[live] session check failed:', message);
      }
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), settings.recheckMs);
  timer.unref();
  try {
    yield* open(stop.signal);
    if (ended) throw new TRPCError({ code: 'UNAUTHORIZED', message: ended });
  } finally {
    clearInterval(timer);
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
    const now = counts.get(accountId) ?? 1;
    if (now <= 1) counts.delete(accountId);
    else counts.set(accountId, now - 1);
  }
}
