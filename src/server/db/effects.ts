import { type Expression, type SqlBool, sql } from 'kysely';
import type { Executor } from './executor.js';
import { toJsonb } from './json.js';
import { type NewNotification, notificationRow } from './repositories/notifications.js';

/*
 * The in-app notifications an event leaves behind besides its own change, written by one statement
 * however many there are. The rows travel as one JSON array and json_populate_record turns them into
 * rows typed by the table itself; an empty array inserts nothing, so the statement has the same
 * shape whatever the event. `gate` (e.g. "the booking was inserted") makes the insert conditional
 * on a condition evaluated in the same statement. The jobs an event queues are sent through
 * pg-boss by the caller (src/server/jobs/effects.ts): the db layer does not know the queue.
 */

/** The notifications as the JSON text their insert reads. */
export function notificationsJson(notifications: NewNotification[]): string {
  return toJsonb(notifications.map((n) => ({ ...notificationRow(n), name_of: n.nameOf ?? null, setting: n.setting ?? null })));
}

/**
 * Each row's `{name}` becomes the name of the account in `name_of` (NewNotification.nameOf), and a
 * row with a `setting` is left out when its recipient turned that setting off.
 */
export function insertNotificationsCte(qc: Executor, json: string, gate?: Expression<SqlBool>) {
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

/** Writes the notifications in one statement (in the caller's transaction). */
export async function insertNotifications(db: Executor, notifications: NewNotification[]): Promise<void> {
  if (!notifications.length) return;
  await insertNotificationsCte(db, notificationsJson(notifications)).execute();
}
