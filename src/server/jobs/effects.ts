import { insertNotifications } from '../db/effects.js';
import type { Executor } from '../db/executor.js';
import type { NewNotification } from '../db/repositories/notifications.js';
import { enqueueJobs, type NewJob } from './queue.js';

/**
 * What an event leaves behind besides its own change: in-app notifications and durable jobs
 * (e-mails, pushes). Built as plain data; the notifications are one statement, the jobs one
 * pg-boss `insert` in the same transaction.
 */
export interface Effects {
  notifications: NewNotification[];
  jobs: NewJob[];
}

export const noEffects = (): Effects => ({ notifications: [], jobs: [] });

/** Writes the effects in the caller's transaction. */
export async function writeEffects(db: Executor, effects: Effects): Promise<void> {
  await insertNotifications(db, effects.notifications);
  await enqueueJobs(db, effects.jobs);
}
