import type { Selectable } from 'kysely';
import type { Executor } from '../executor.js';
import type { NotificationsTable } from '../types.js';

/** An in-app notification to write (type 'booking' unless said). */
export interface NewNotification {
  accountId: string;
  title: string;
  message: string;
  link?: string | null;
  type?: 'booking' | 'system' | 'alert';
  /**
   * An account whose name stands in for `{name}` in the message ("A customer" when it has none):
   * a salon's notice names the customer without a look-up of its own. Written through Effects only.
   */
  nameOf?: string;
  /** A salon notification setting (merchants.notification_settings) the recipient must not have turned off. Effects only. */
  setting?: 'newBooking' | 'bookingChanges';
}

/** Its row in the notifications table. */
export function notificationRow(n: NewNotification) {
  return { account_id: n.accountId, type: n.type ?? 'booking', title: n.title, message: n.message, link: n.link ?? null };
}

/** One in-app notification, written in the same transaction as the event it reports. */
export function insertNotification(db: Executor, n: NewNotification) {
  return db.insertInto('notifications').values(notificationRow(n)).execute();
}

export type NotificationRow = Selectable<NotificationsTable>;

/** One page of an account's notifications, newest first, with the counts the list needs. */
export async function listNotifications(
  db: Executor,
  accountId: string,
  opts: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unreadCount: number }> {
  const mine = db.selectFrom('notifications').where('account_id', '=', accountId);
  const filtered = opts.unreadOnly ? mine.where('is_read', '=', false) : mine;
  const [rows, counts] = await Promise.all([
    filtered
      .selectAll()
      // id breaks ties so rows written in one transaction (same now()) keep a stable order across pages.
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    mine
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('is_read', '=', false).as('unread')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(opts.unreadOnly ? counts.unread : counts.total),
    unreadCount: Number(counts.unread),
  };
}

/** Marks one of the account's notifications read; false when the account has no such notification. */
export async function markNotificationRead(db: Executor, accountId: string, id: string): Promise<boolean> {
  const r = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks every unread notification of the account read and returns how many changed. */
export async function markAllNotificationsRead(db: Executor, accountId: string): Promise<number> {
  const r = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('account_id', '=', accountId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Deletes one of the account's notifications; false when the account has no such notification. */
export async function deleteNotification(db: Executor, accountId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('notifications').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
