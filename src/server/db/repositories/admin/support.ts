import { sql, type Updateable } from 'kysely';
import { containsPattern as contains } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';
import type { SupportMessagesTable } from '../../types.js';
import { pageOf } from '../paging.js';

/* Contact messages and support tickets, as the admin answers them. */

export interface FeedbackFilter {
  kind?: 'contact' | 'ticket';
  status?: 'open' | 'pending' | 'closed';
  search?: string;
  limit: number;
  offset: number;
}

export async function listFeedback(db: Executor, f: FeedbackFilter) {
  let q = db.selectFrom('support_messages');
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(sql<boolean>`(name ilike ${c} or email ilike ${c} or subject ilike ${c} or message ilike ${c})`);
  }
  return pageOf(q, q.selectAll().orderBy('created_at', 'desc').orderBy('id'), f);
}

export function findFeedback(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  const q = db.selectFrom('support_messages').selectAll().where('id', '=', id);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}
export type FeedbackRow = NonNullable<Awaited<ReturnType<typeof findFeedback>>>;

export function updateFeedback(db: Executor, id: string, values: Updateable<SupportMessagesTable>) {
  return db
    .updateTable('support_messages')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
