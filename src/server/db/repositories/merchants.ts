import type { Insertable } from 'kysely';
import type { MerchantsTable } from '../types.js';
import type { Executor } from './accounts.js';

export function insertMerchant(db: Executor, values: Insertable<MerchantsTable>) {
  return db.insertInto('merchants').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findMerchantById(db: Executor, id: string) {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
}
