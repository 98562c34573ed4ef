/**
 * The Idempotency-Key for the next createBooking request. The tRPC client's `headers()` reads it
 * with `takeIdempotencyKey()`, so a retried confirmation of the same draft can never book twice.
 */
let nextKey: string | null = null;

export function setNextIdempotencyKey(key: string | null): void {
  nextKey = key;
}

/** Returns the pending key once; later requests go without it. */
export function takeIdempotencyKey(): string | null {
  const key = nextKey;
  nextKey = null;
  return key;
}
