import { sql } from 'kysely';
import type { Role } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';

/* In-app notifications the admin sends to everyone of a role. */

/** One in-app notification per (unblocked) account of the audience, in one INSERT ... SELECT. */
export async function broadcastNotification(
  db: Executor,
  n: { title: string; message: string; link: string | null; roles: Role[] },
): Promise<number> {
  const r = await db
    .insertInto('notifications')
    .columns(['account_id', 'type', 'title', 'message', 'link'])
    .expression((eb) =>
      eb
        .selectFrom('accounts')
        .select([
          'id',
          sql<'system'>`'system'`.as('type'),
          sql<string>`${n.title}::text`.as('title'),
          sql<string>`${n.message}::text`.as('message'),
          sql<string | null>`${n.link}::text`.as('link'),
        ])
        .where('is_blocked', '=', false)
        .where('role', 'in', n.roles),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}
