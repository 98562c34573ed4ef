import type { Insertable } from 'kysely';
import type { Executor } from '../executor.js';
import type { SupportMessagesTable } from '../types.js';

/* Contact messages and support tickets as their senders write and read them (the admin's side: admin/support.ts). */

export function insertSupportMessage(db: Executor, values: Insertable<SupportMessagesTable>) {
  return db.insertInto('support_messages').values(values).returningAll().executeTakeFirstOrThrow();
}

/** An account's own messages and tickets, newest first. */
export async function listSupportMessagesOf(db: Executor, accountId: string, page: { limit: number; offset: number }) {
  const mine = db.selectFrom('support_messages').where('account_id', '=', accountId);
  const [rows, count] = await Promise.all([
    mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    mine.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
