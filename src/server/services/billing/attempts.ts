import type { Selectable, Transaction } from 'kysely';
import * as repo from '../../db/repositories/billing.js';
import { lockKeys } from '../../db/repositories/limits.js';
import type { Database, PaymentAttemptsTable } from '../../db/types.js';

/*
 * What every plan payment shares: its rows' types, the one order its locks are taken in, and the
 * shape check of the ids a payment, a document or a job names.
 */

export type AttemptRow = Selectable<PaymentAttemptsTable>;
export type SubscriptionRow = Selectable<Database['subscriptions']>;

/** A uuid's shape: an id that is not one names no row of ours and is not looked up. */
export const UUID_SHAPE = /^[0-9a-f-]{36}$/i;

/** A payment attempt that must exist (its id came from a row or a job that recorded it). */
export function existing<T>(attempt: T | undefined, id: string): T {
  if (!attempt) throw new Error(`payment attempt ${id} not found`);
  return attempt;
}

/**
 * Plan payments of a salon take turns (a change, an upgrade, the renewal): each is priced and
 * recorded under this transaction-scoped lock, so it reads the plan the one before it left.
 */
export const lockPlanPayments = (trx: Transaction<Database>, merchantId: string) => lockKeys(trx, [`plan-payment:${merchantId}`]);

/**
 * Everything that decides what a plan payment may do takes the salon's subscription row, then its
 * plan-payment lock, then the attempt's row: the renewal job takes the first two in that order, so
 * no two of them wait for each other the other way round.
 */
export async function lockPlanState(trx: Transaction<Database>, merchantId: string): Promise<SubscriptionRow | undefined> {
  const sub = await repo.findSubscription(trx, merchantId, { lock: true });
  await lockPlanPayments(trx, merchantId);
  return sub;
}
