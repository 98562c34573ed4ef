import { type Expression, type SqlBool, sql } from 'kysely';
import { JOB_ROW_DEFAULT_COLUMNS, jobData, jobRowDefaults } from '../jobs/boss.js';
import { jobsEnqueued, type NewJob } from '../jobs/queue.js';
import type { Executor } from './executor.js';
import { toJsonb } from './json.js';
import { type NewNotification, notificationRow } from './repositories/notifications.js';

/**
 * What an event leaves behind besides its own change: in-app notifications and durable jobs
 * (e-mails, pushes, reminders). Built as plain data, written together by one statement, so an
 * event costs one round trip for its follow-ups however many there are.
 */
export interface Effects {
  notifications: NewNotification[];
  jobs: NewJob[];
}

export const noEffects = (): Effects => ({ notifications: [], jobs: [] });

/*
 * The rows travel as one JSON array each and json_populate_recordset turns them into rows typed by
 * the table itself (pgboss.job for jobs); an empty array inserts nothing, so the statement has the same shape whatever
 * the event. `gate` (e.g. "the booking was inserted") makes the inserts conditional on a condition
 * evaluated in the same statement.
 */

/** The effects' rows as the JSON texts their inserts read. */
export interface EffectsJson {
  notifications: string;
  jobs: string;
}

export function effectsJson(effects: Effects): EffectsJson {
  return {
    notifications: toJsonb(
      effects.notifications.map((n) => ({ ...notificationRow(n), name_of: n.nameOf ?? null, setting: n.setting ?? null })),
    ),
    jobs: toJsonb(
      effects.jobs.map((j) => ({
        name: j.kind,
        data: jobData(j.payload, j.dedupeKey),
        start_after: (j.runAt ?? null)?.toISOString() ?? null,
        singleton_key: j.ref ?? null,
        retry_limit: (j.maxAttempts ?? 5) - 1,
      })),
    ),
  };
}

/**
 * Each row's `{name}` becomes the name of the account in `name_of` (NewNotification.nameOf), and a
 * row with a `setting` is left out when its recipient turned that setting off.
 */
function insertNotifications(qc: Executor, json: string, gate?: Expression<SqlBool>) {
  const rows = sql`
    select r.account_id, r.type, r.title,
      case when e.v->>'name_of' is null then r.message
        else replace(r.message, '{name}', coalesce(
          (select nullif(btrim(a.first_name || ' ' || a.last_name), '') from accounts a where a.id = (e.v->>'name_of')::uuid), 'A customer'))
      end,
      r.link
    from json_array_elements(${json}::json) e(v)
    cross join lateral json_populate_record(null::notifications, e.v) r
    where ${gate ?? sql`true`}
      and (e.v->>'setting' is null or not exists (
        select 1 from merchants m
        where m.id = r.account_id
          and m.notification_settings @> jsonb_build_array(jsonb_build_object('id', e.v->>'setting', 'enabled', false))))`;
  return qc.insertInto('notifications').columns(['account_id', 'type', 'title', 'message', 'link']).expression(rows);
}

/** pg-boss's job rows (as pg-boss's `send` would make them, one partition per kind); a dedupe key already live adds nothing. */
function insertJobs(qc: Executor, json: string, gate?: Expression<SqlBool>) {
  let from = qc
    .selectFrom(
      sql<{
        name: string;
        data: string;
        start_after: Date | null;
        singleton_key: string | null;
        retry_limit: number;
      }>`json_populate_recordset(null::pgboss.job, ${json}::json)`.as('r'),
    )
    .select([
      'r.name',
      'r.data',
      sql<Date>`coalesce(r.start_after, now())`.as('start_after'),
      'r.singleton_key',
      'r.retry_limit',
      ...jobRowDefaults(sql`coalesce(r.start_after, now())`),
    ]);
  if (gate) from = from.where(gate);
  return qc
    .insertInto('pgboss.job')
    .columns(['name', 'data', 'start_after', 'singleton_key', 'retry_limit', ...JOB_ROW_DEFAULT_COLUMNS])
    .expression(from)
    .onConflict((oc) => oc.doNothing());
}

/**
 * The effects (as effectsJson) as two CTE bodies for a caller's statement (e.g. the booking
 * insert, gated on the booking having been inserted). Call `effectsWritten` once the statement has run.
 */
export function effectsCtes(db: Executor, json: EffectsJson, gate?: Expression<SqlBool>) {
  return {
    notifications: () => insertNotifications(db, json.notifications, gate),
    jobs: () => insertJobs(db, json.jobs, gate),
  };
}

/** Wakes this process's job runner when the effects queued jobs. */
export function effectsWritten(effects: Effects): void {
  if (effects.jobs.length) jobsEnqueued();
}

/** Writes the effects in one statement (in the caller's transaction). */
export async function writeEffects(db: Executor, effects: Effects): Promise<void> {
  if (!effects.notifications.length && !effects.jobs.length) return;
  const ctes = effectsCtes(db, effectsJson(effects));
  // Data-modifying CTEs run exactly once whether or not the main query reads them.
  await db.with('n', ctes.notifications).with('j', ctes.jobs).selectNoFrom(sql<number>`1`.as('one')).execute();
  effectsWritten(effects);
}
