import { sql } from 'kysely';
import type { RecordedAuditAction } from '../../../shared/auditActions.js';
import type { Executor } from '../executor.js';
import { toJsonb } from '../json.js';
import { pageOf } from './paging.js';

/** One row per admin action, written in the same transaction as the change it records. */
export async function recordAudit(
  db: Executor,
  actorId: string | null,
  action: RecordedAuditAction,
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

/**
 * The log, newest first, with the acting admin and, when the entry is about an account or a salon
 * (a salon's id is its owner's account id), the affected user: name, e-mail, and the salon's name.
 */
export async function listAudit(db: Executor, f: AuditFilter) {
  let q = db
    .selectFrom('audit_log as l')
    .leftJoin('accounts as a', 'a.id', 'l.actor_id')
    .leftJoin('accounts as t', (j) => j.on(sql<boolean>`l.entity in ('account', 'merchant') and t.id::text = l.entity_id`))
    .leftJoin('merchants as s', (j) => j.on(sql<boolean>`l.entity = 'merchant' and s.id = t.id`));
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
        't.id as subject_id',
        't.email as subject_email',
        sql<string | null>`nullif(trim(t.first_name || ' ' || t.last_name), '')`.as('subject_name'),
        's.shop_name as subject_shop',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc'),
    f,
  );
}
