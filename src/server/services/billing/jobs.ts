import { PLATFORM_TIME_ZONE } from '../../../shared/platform.js';
import { zonedTimeToInstant } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { enqueueJob } from '../../jobs/queue.js';

/*
 * The durable jobs of billing, as they are queued: the reconcile job (payments.ts) finishes or
 * refunds a plan payment its request left half-way; the renewal job (renewals.ts) renews or ends
 * a plan on the day its period ends.
 */

export const PAYMENT_RECONCILE = 'payment_reconcile';
export const SUBSCRIPTION_RENEW = 'subscription_renew';

/** Resolves an attempt that is still pending or charged this long after it began. */
const RECONCILE_AFTER_MS = 30 * 60_000;

/** The first instant of a calendar day in India, when a plan ending that day renews. */
const startOfIstDay = (isoDay: string) => zonedTimeToInstant(isoDay, 0, PLATFORM_TIME_ZONE);

/** Schedules the durable job that renews (or ends) the plan on the day its period ends. */
export async function scheduleRenewal(db: Executor, merchantId: string, periodEnd: string): Promise<void> {
  await enqueueJob(db, {
    kind: SUBSCRIPTION_RENEW,
    payload: { merchantId, periodEnd },
    runAt: startOfIstDay(periodEnd),
    dedupeKey: `renew:${merchantId}:${periodEnd}`,
    ref: `subscription:${merchantId}`,
  });
}

/** The job that resolves a new attempt should its request die half-way (pending or charged after RECONCILE_AFTER_MS). */
export async function scheduleReconcile(trx: Executor, attemptId: string): Promise<void> {
  await enqueueJob(trx, {
    kind: PAYMENT_RECONCILE,
    payload: { attemptId },
    runAt: new Date(Date.now() + RECONCILE_AFTER_MS),
    dedupeKey: `reconcile:${attemptId}`,
    ref: `payment:${attemptId}`,
  });
}

/** The durable refund of a late payment: the reconcile job refunds an attempt it finds refunding (retried on network errors). */
export async function enqueueLateRefund(trx: Executor, attemptId: string): Promise<void> {
  await enqueueJob(trx, {
    kind: PAYMENT_RECONCILE,
    payload: { attemptId },
    dedupeKey: `refund:${attemptId}`,
    ref: `payment-refund:${attemptId}`,
    maxAttempts: 6,
  });
}
