import type { Insertable } from 'kysely';
import type { Executor } from '../executor.js';
import type { MerchantsTable } from '../types.js';

export function insertMerchant(db: Executor, values: Insertable<MerchantsTable>) {
  return db.insertInto('merchants').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findMerchantById(db: Executor, id: string) {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
}
