import type { z } from 'zod';
import type { blockUserInput, usersInput, userTargetInput } from '../../../shared/schemas/admin.js';
import { legacyPageOf } from '../../../shared/schemas/paging.js';
import * as repo from '../../db/repositories/admin/users.js';
import { recordAudit } from '../../db/repositories/audit.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { pageOf, toAdminUserWire } from './wire.js';

export async function listUsers(deps: AppDeps, input: z.output<typeof usersInput>) {
  const { rows, total } = await repo.listUsers(deps.db, {
    search: input.search,
    role: input.role,
    blocked: input.blocked === undefined ? undefined : input.blocked === 'true',
    ...pageOf(input.page, input.limit),
  });
  return { users: rows.map(toAdminUserWire), ...legacyPageOf(input.page, input.limit, total) };
}

async function loadUser(deps: AppDeps, id: string) {
  const row = await repo.findUser(deps.db, id);
  if (!row) throw notFound('User');
  return { user: toAdminUserWire(row) };
}

/**
 * Blocks an account: it cannot sign in, and every token it holds stops working at once (the
 * token version moves on). An admin cannot block their own account and lock themselves out.
 */
export async function blockUser(deps: AppDeps, actor: Actor, input: z.output<typeof blockUserInput>) {
  if (input.userId === actor.id) throw badRequest('userId: you cannot block your own account', 'userId');
  await deps.db.transaction().execute(async (trx) => {
    const acc = await repo.lockAccount(trx, input.userId);
    if (!acc) throw notFound('User');
    await repo.setBlocked(trx, input.userId, true, input.reason);
    await recordAudit(trx, actor.id, 'user.block', 'account', input.userId, { reason: input.reason, role: acc.role });
  });
  return loadUser(deps, input.userId);
}

export async function unblockUser(deps: AppDeps, actor: Actor, input: z.output<typeof userTargetInput>) {
  await deps.db.transaction().execute(async (trx) => {
    const acc = await repo.lockAccount(trx, input.userId);
    if (!acc) throw notFound('User');
    if (!acc.is_blocked) return;
    await repo.setBlocked(trx, input.userId, false, null);
    await recordAudit(trx, actor.id, 'user.unblock', 'account', input.userId, {});
  });
  return loadUser(deps, input.userId);
}

/**
 * Makes a customer an administrator. A merchant account is its salon (merchants.id = accounts.id),
 * so it cannot change role without orphaning the salon. The account signs in again as admin.
 */
export async function promoteUser(deps: AppDeps, actor: Actor, input: z.output<typeof userTargetInput>) {
  await deps.db.transaction().execute(async (trx) => {
    const acc = await repo.lockAccount(trx, input.userId);
    if (!acc) throw notFound('User');
    if (acc.role === 'admin') throw conflict('This account is already an administrator');
    if (acc.role === 'merchant')
      throw badRequest('userId: a salon owner account cannot become an administrator; use a customer account', 'userId');
    if (acc.is_blocked) throw badRequest('userId: unblock the account before promoting it', 'userId');
    await repo.setRole(trx, input.userId, 'admin');
    await recordAudit(trx, actor.id, 'user.promote', 'account', input.userId, { from: acc.role, to: 'admin' });
  });
  return loadUser(deps, input.userId);
}
