import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { AppError, RateLimitError } from '../../errors.js';

// argon2id (the library's default algorithm) with OWASP's minimum memory/time cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/*
 * Each argon2 run takes ~19 MB and tens of milliseconds of a core. A flood of sign-ins (from many
 * addresses, each under its own throttle) must not queue every honest sign-in behind it, nor take
 * every core: at most ARGON2_CONCURRENCY run at once per process, at most ARGON2_QUEUE wait, and
 * beyond that the request is refused at once with a 429 rather than kept waiting for seconds.
 */
export const ARGON2_CONCURRENCY = 2;
export const ARGON2_QUEUE = 32;
export const PASSWORD_CHECKS_BUSY = 'Too many sign-ins are being checked right now. Please try again in a few seconds.';
const argon2 = pLimit(ARGON2_CONCURRENCY);

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (argon2.pendingCount >= ARGON2_QUEUE)
    return Promise.reject(
      new RateLimitError(PASSWORD_CHECKS_BUSY, { policy: 'password-checks', limit: ARGON2_QUEUE, windowSeconds: 1, retryAfterSeconds: 2 }),
    );
  return argon2(work);
}

/** argon2 runs now, and how many wait (for tests and the bench). */
export const passwordWork = () => ({ active: argon2.activeCount, pending: argon2.pendingCount });

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await bounded(() => verify(stored, password));
  } catch (err) {
    if (err instanceof AppError) throw err;
    return false;
  }
}

/** A fixed hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-0', OPTIONS);
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
