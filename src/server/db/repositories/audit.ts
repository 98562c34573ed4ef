import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import { toJsonb } from '../json.js';
import { pageOf } from './paging.js';

/** One row per admin action, written in the same transaction as the change it records. */
export async function recordAudit(
  db: Executor,
  actorId: string | null,
  action: string,
  entity: string,
  entityId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor_id: actorId, action, entity, entity_id: entityId, details: toJsonb(details) })
    .execute();
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  limit: number;
  offset: number;
}

export async function listAudit(db: Executor, f: AuditFilter) {
  let q = db.selectFrom('audit_log as l').leftJoin('accounts as a', 'a.id', 'l.actor_id');
  if (f.action) q = q.where('l.action', '=', f.action);
  if (f.actorId) q = q.where('l.actor_id', '=', f.actorId);
  return pageOf(
    q,
    q
      .select([
        'l.id',
        'l.actor_id',
        'l.action',
        'l.entity',
        'l.entity_id',
        'l.details',
        'l.created_at',
        'a.email as actor_email',
        sql<string | null>`nullif(trim(a.first_name || ' ' || a.last_name), '')`.as('actor_name'),
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc'),
    f,
  );
}
