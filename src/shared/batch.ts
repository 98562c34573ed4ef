/**
 * The most calls one tRPC batch request may carry: the server refuses a larger batch with 400,
 * and the web client's batch link splits its calls into batches of at most this many.
 */
export const MAX_TRPC_BATCH = 10;
