import { sql } from 'kysely';
import { containsPattern as contains, type Role } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';
import { pageOf } from '../paging.js';

/* The admin's list of accounts, and blocking and roles. */

export interface UserFilter {
  search?: string;
  role?: Role;
  blocked?: boolean;
  limit: number;
  offset: number;
}

export async function listUsers(db: Executor, f: UserFilter) {
  let q = db.selectFrom('accounts as a').leftJoin('merchants as m', 'm.id', 'a.id');
  if (f.role) q = q.where('a.role', '=', f.role);
  if (f.blocked !== undefined) q = q.where('a.is_blocked', '=', f.blocked);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(
      sql<boolean>`((a.first_name || ' ' || a.last_name) ilike ${c} or a.email ilike ${c} or coalesce(a.phone, '') ilike ${c}
        or coalesce(m.shop_name, '') ilike ${c} or a.id::text = ${f.search})`,
    );
  }
  return pageOf(
    q,
    q
      .selectAll('a')
      .select(['m.shop_name', sql<number>`(select count(*) from bookings b where b.user_id = a.id)`.as('booking_count')])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id'),
    f,
  );
}

export function findUser(db: Executor, id: string) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('merchants as m', 'm.id', 'a.id')
    .selectAll('a')
    .select(['m.shop_name', sql<number>`(select count(*) from bookings b where b.user_id = a.id)`.as('booking_count')])
    .where('a.id', '=', id)
    .executeTakeFirst();
}
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Blocking also bumps the token version: every token issued before dies at once. */
export async function setBlocked(db: Executor, id: string, blocked: boolean, reason: string | null) {
  await db
    .updateTable('accounts')
    .set((eb) => ({
      is_blocked: blocked,
      blocked_reason: reason,
      updated_at: new Date(),
      ...(blocked ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** Tokens name the role they were issued for, so a promoted account signs in again. */
export async function setRole(db: Executor, id: string, role: Role) {
  await db
    .updateTable('accounts')
    .set((eb) => ({ role, token_version: eb('token_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}

export function lockAccount(db: Executor, id: string) {
  return db.selectFrom('accounts').select(['id', 'role', 'is_blocked']).where('id', '=', id).forUpdate().executeTakeFirst();
}
