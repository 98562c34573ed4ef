import type { ColumnType, Generated } from 'kysely';
import type { PushAudience } from '../../../shared/constants.js';

type Json<T> = ColumnType<T, string | undefined, string>;

/** The view `jobs` (migration 202611261100): pgboss.job in the old table's shape; only run_at is writable. */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: ColumnType<'queued' | 'done' | 'failed' | 'cancelled', never, never>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  dedupe_key: string | null;
  /** What the job is about (e.g. 'booking:<id>'), so related jobs can be found and cancelled. */
  ref: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  account_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_success_at: Date | null;
}

export interface PushBroadcastsTable {
  id: Generated<string>;
  title: string;
  body: string;
  url: string | null;
  audience: PushAudience;
  subscriptions: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** A reminder the sweep sent (migration 202612020310_reminder_sweep): once per booking, hours before and start. */
export interface BookingRemindersTable {
  booking_id: string;
  hours_before: number;
  starts_at: Date;
  sent_at: Generated<Date>;
}

/** A job pg-boss failed for good (its last attempt, or a permanent error), for the admin (migration 202612020310). */
export interface JobFailuresTable {
  job_id: string;
  kind: string;
  attempts: number;
  last_error: string | null;
  failed_at: Generated<Date>;
}

/** Table types for web push and reminders (the job queue is pg-boss's); merged into Database in ../types.ts. */
export interface JobsTables {
  jobs: JobsTable;
  booking_reminders: BookingRemindersTable;
  job_failures: JobFailuresTable;
  push_subscriptions: PushSubscriptionsTable;
  push_broadcasts: PushBroadcastsTable;
}

declare module '../types.js' {
  interface OutboxMessagesTable {
    /** The account the message was sent to, when known (the customer, the merchant...). */
    account_id: ColumnType<string | null, string | null | undefined, string | null>;
    next_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  }
}

type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/**
 * pg-boss 10's job table (schema `pgboss`, made by migration 202611261100_pgboss_jobs): one
 * partition per job kind (`name`). `data` is the payload, with the dedupe key under `$dedupe`;
 * `singleton_key` holds the job's ref ('booking:<id>'); an attempt is `retry_count + 1`.
 */
export interface PgBossJobTable {
  id: Generated<string>;
  name: string;
  priority: Generated<number>;
  data: Json<Record<string, unknown>>;
  state: Generated<JobState>;
  retry_limit: Generated<number>;
  retry_count: Generated<number>;
  retry_delay: Generated<number>;
  retry_backoff: Generated<boolean>;
  start_after: Generated<Date>;
  started_on: Date | null;
  singleton_key: string | null;
  singleton_on: Date | null;
  expire_in: Generated<string>;
  created_on: Generated<Date>;
  completed_on: Date | null;
  keep_until: Generated<Date>;
  output: Json<Record<string, unknown>> | null;
  dead_letter: string | null;
  policy: string | null;
}

export interface PgBossTables {
  'pgboss.job': PgBossJobTable;
  'pgboss.archive': PgBossJobTable & { archived_on: Generated<Date> };
}
