import type { Executor } from '../db/executor.js';
import { merchantExists } from '../db/repositories/shopProfile.js';
import type { Actor } from '../deps.js';
import { badRequest, notFound } from '../errors.js';

/** The salon's owner or an admin: they see and manage it even while it is unpublished. */
export function managesSalon(actor: Actor | null, merchantId: string | undefined): boolean {
  return !!actor && (actor.role === 'admin' || actor.id === merchantId);
}

/**
 * The shop a call acts on. A merchant's own: the procedure already refused a payload naming
 * another shop. An admin names the shop in the payload.
 */
export async function shopOf(db: Executor, actor: Actor, merchantId: string | undefined): Promise<string> {
  if (actor.role !== 'admin') return actor.id;
  if (!merchantId) throw badRequest('merchantId: choose the salon', 'merchantId');
  if (!(await merchantExists(db, merchantId))) throw notFound('Salon');
  return merchantId;
}
