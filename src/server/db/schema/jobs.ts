import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, string>;

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'queued' | 'done' | 'failed' | 'cancelled'>;
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
  audience: 'all' | 'customer' | 'merchant' | 'admin';
  subscriptions: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** Table types for the durable job queue and web push; merged into Database in ../types.ts. */
export interface JobsTables {
  jobs: JobsTable;
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
