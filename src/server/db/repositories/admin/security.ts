import { sql } from 'kysely';
import type { Executor } from '../../executor.js';

/* Failed sign-ins, as the admin's security page shows them. */

export async function failedSignIns(db: Executor, since: Date, limit: number) {
  return db
    .selectFrom('login_attempts')
    .select(['email', 'ip', sql<number>`count(*)`.as('count'), sql<Date>`max(created_at)`.as('last_at')])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .groupBy(['email', 'ip'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(created_at)`, 'desc')
    .limit(limit)
    .execute();
}

/** Keys (e-mail or IP) with at least `min` failures since `since`: those the sign-in throttle refuses. */
export async function overThreshold(db: Executor, key: 'email' | 'ip' | 'email-ip', since: Date, min: number) {
  const keys = key === 'email-ip' ? (['email', 'ip'] as const) : ([key] as const);
  return db
    .selectFrom('login_attempts')
    .select([
      sql<string>`${sql.ref(keys[0])}`.as('key'),
      sql<string | null>`${keys[1] ? sql.ref(keys[1]) : sql`null::text`}`.as('ip'),
      sql<number>`count(*)`.as('failures'),
      sql<Date>`max(created_at)`.as('last_at'),
      // The throttle lifts when enough of these failures leave the window: at the (count - min + 1)-th oldest.
      sql<Date>`(array_agg(created_at order by created_at))[(count(*) - ${min} + 1)::int]`.as('releasing_at'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .groupBy([...keys])
    .having(sql`count(*)`, '>=', min)
    .orderBy(sql`count(*)`, 'desc')
    .limit(100)
    .execute();
}
