import type { Executor } from './accounts.js';

/** One in-app notification, written in the same transaction as the event it reports. */
export function insertNotification(
  db: Executor,
  n: { accountId: string; title: string; message: string; link?: string | null; type?: 'booking' | 'system' | 'alert' },
) {
  return db
    .insertInto('notifications')
    .values({ account_id: n.accountId, type: n.type ?? 'booking', title: n.title, message: n.message, link: n.link ?? null })
    .execute();
}
