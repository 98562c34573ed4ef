import { sql } from 'kysely';
import { containsPattern as contains, type OutboxChannel } from '../../../../shared/constants.js';
import type { DeliveryState } from '../../../../shared/delivery.js';
import type { Executor } from '../../executor.js';
import { deliveryStateSql } from '../outbox.js';
import { pageOf } from '../paging.js';

/* The outbox of every message sent, and the e-mail templates the admin edits. */

export interface OutboxFilter {
  channel?: OutboxChannel;
  delivery?: DeliveryState;
  search?: string;
  limit: number;
  offset: number;
}

export async function listOutbox(db: Executor, f: OutboxFilter) {
  let q = db.selectFrom('outbox_messages');
  if (f.channel) q = q.where('channel', '=', f.channel);
  if (f.delivery) q = q.where(sql<boolean>`${deliveryStateSql('')} = ${f.delivery}`);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(sql<boolean>`(recipient ilike ${c} or coalesce(subject, '') ilike ${c})`);
  }
  return pageOf(q, q.selectAll().orderBy('created_at', 'desc').orderBy('id'), f);
}

export function listEmailTemplates(db: Executor) {
  return db.selectFrom('email_templates').selectAll().orderBy('key').execute();
}

export function findEmailTemplate(db: Executor, key: string) {
  return db.selectFrom('email_templates').selectAll().where('key', '=', key).executeTakeFirst();
}

export function updateEmailTemplate(db: Executor, key: string, v: { subject: string; body: string; updatedBy: string }) {
  return db
    .updateTable('email_templates')
    .set({ subject: v.subject, body: v.body, updated_by: v.updatedBy, updated_at: new Date() })
    .where('key', '=', key)
    .returningAll()
    .executeTakeFirst();
}
