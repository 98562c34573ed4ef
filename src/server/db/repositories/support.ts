import type { Insertable } from 'kysely';
import type { Executor } from '../executor.js';
import type { SupportMessagesTable } from '../types.js';

/* Contact messages and support tickets as their senders write and read them (the admin's side: admin/support.ts). */

export function insertSupportMessage(db: Executor, values: Insertable<SupportMessagesTable>) {
  return db.insertInto('support_messages').values(values).returningAll().executeTakeFirstOrThrow();
}

/** An account's own messages and tickets, newest first. */
export function listSupportMessagesOf(db: Executor, accountId: string, limit: number) {
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
