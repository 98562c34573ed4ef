import { addDays, instantToZoned, zonedTimeToInstant } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { maintainSearchTable } from '../../db/repositories/discovery.js';
import { defineJob, enqueueJob } from '../../jobs/queue.js';

/**
 * Nightly upkeep of the search table: salons added or moved since the last night are put back in
 * city order and the table is compacted (migration 2026112410 says why), then its statistics are
 * refreshed. CLUSTER holds the table exclusively while it rewrites it (a fraction of a second for
 * ten thousand salons), so it runs at night and gives up after a few seconds of waiting for
 * searches in flight rather than queue the searches behind it; the job is retried later.
 */
export const SEARCH_MAINTENANCE = 'search_maintenance';
const ZONE = 'Asia/Kolkata';
/** 03:30 in the marketplace's time. */
const AT_MINUTES = 3 * 60 + 30;

/** The next 03:30 in the marketplace's time after `now`. */
export function nextMaintenanceAt(now: Date): Date {
  const today = instantToZoned(now, ZONE).date;
  const tonight = zonedTimeToInstant(today, AT_MINUTES, ZONE);
  return tonight > now ? tonight : zonedTimeToInstant(addDays(today, 1), AT_MINUTES, ZONE);
}

/** Queues the next night's upkeep unless it is queued (or done) already; every runner calls it hourly. */
export async function scheduleSearchMaintenance(db: Executor, now = new Date()): Promise<void> {
  const runAt = nextMaintenanceAt(now);
  await enqueueJob(db, {
    kind: SEARCH_MAINTENANCE,
    payload: {},
    runAt,
    dedupeKey: `${SEARCH_MAINTENANCE}:${runAt.toISOString()}`,
    maxAttempts: 3,
  });
}

// Alone: CLUSTER's exclusive lock must not be held by a batch's shared transaction.
export const searchMaintenanceJob = defineJob(SEARCH_MAINTENANCE, (trx) => maintainSearchTable(trx), { alone: true });
