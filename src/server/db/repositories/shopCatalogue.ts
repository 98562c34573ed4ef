import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { CategoriesTable, ServicesTable } from '../types.js';

// ---------------------------------------------------------------- the platform's category catalogue

export function listCatalogueCategories(db: Executor, shopTypes: readonly string[]) {
  let q = db.selectFrom('categories').selectAll();
  if (shopTypes.length) q = q.where('shop_category', 'in', shopTypes);
  return q.orderBy('shop_category').orderBy('sort_order').orderBy('name').execute();
}

export function findCategoriesByIds(db: Executor, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('categories').selectAll().where('id', 'in', ids).execute();
}

export function findCategoryById(db: Executor, id: string) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCategory(db: Executor, values: Insertable<CategoriesTable>) {
  return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCategory(db: Executor, id: string, values: Updateable<CategoriesTable>) {
  return db.updateTable('categories').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteCategory(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function countServicesInCategory(db: Executor, categoryId: string): Promise<number> {
  const r = await db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---------------------------------------------------------------- a merchant's chosen categories

export function listMerchantCategories(db: Executor, merchantId: string) {
  return db
    .selectFrom('merchant_categories as mc')
    .innerJoin('categories as c', 'c.id', 'mc.category_id')
    .selectAll('c')
    .where('mc.merchant_id', '=', merchantId)
    .orderBy('c.sort_order')
    .orderBy('c.name')
    .execute();
}

export async function merchantHasCategory(db: Executor, merchantId: string, categoryId: string): Promise<boolean> {
  const r = await db
    .selectFrom('merchant_categories')
    .select('category_id')
    .where('merchant_id', '=', merchantId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return !!r;
}

export function addMerchantCategories(db: Executor, merchantId: string, categoryIds: readonly string[]) {
  return db
    .insertInto('merchant_categories')
    .values(categoryIds.map((category_id) => ({ merchant_id: merchantId, category_id })))
    .onConflict((oc) => oc.columns(['merchant_id', 'category_id']).doNothing())
    .execute();
}

export function removeMerchantCategories(db: Executor, merchantId: string, categoryIds: readonly string[]) {
  return db.deleteFrom('merchant_categories').where('merchant_id', '=', merchantId).where('category_id', 'in', categoryIds).execute();
}

/** Services per category of one salon, for the categories that have any. */
export function countMerchantServicesByCategory(db: Executor, merchantId: string, categoryIds: readonly string[]) {
  if (!categoryIds.length) return Promise.resolve([]);
  return db
    .selectFrom('services')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('merchant_id', '=', merchantId)
    .where('category_id', 'in', categoryIds)
    .groupBy('category_id')
    .execute();
}

// ---------------------------------------------------------------- services

const serviceColumns = [
  's.id',
  's.merchant_id',
  's.category_id',
  's.name',
  's.description',
  's.duration_min',
  's.price',
  's.discount_type',
  's.discount_value',
  's.discount_active',
  's.active',
  's.rebook_weeks',
  's.image',
  's.created_at',
  's.updated_at',
  'c.name as category_name',
] as const;

export function listMerchantServices(db: Executor, merchantId: string) {
  return db
    .selectFrom('services as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select(serviceColumns)
    .where('s.merchant_id', '=', merchantId)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

export type ServiceRow = Awaited<ReturnType<typeof listMerchantServices>>[number];

export function findMerchantService(db: Executor, merchantId: string, serviceId: string) {
  return db
    .selectFrom('services as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select(serviceColumns)
    .where('s.merchant_id', '=', merchantId)
    .where('s.id', '=', serviceId)
    .executeTakeFirst();
}

/** Any salon's service with whether that salon is published (public reads). */
export function findServiceWithSalon(db: Executor, serviceId: string) {
  return db
    .selectFrom('services as s')
    .innerJoin('merchants as m', 'm.id', 's.merchant_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([...serviceColumns, 'm.is_published'])
    .where('s.id', '=', serviceId)
    .executeTakeFirst();
}

export async function serviceNameTaken(db: Executor, merchantId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('services').select('id').where('merchant_id', '=', merchantId).where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertService(db: Executor, values: Insertable<ServicesTable>): Promise<string> {
  const r = await db.insertInto('services').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateService(
  db: Executor,
  merchantId: string,
  serviceId: string,
  values: Updateable<ServicesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('services')
    .set({ ...values, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', serviceId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteService(db: Executor, merchantId: string, serviceId: string): Promise<boolean> {
  const r = await db.deleteFrom('services').where('merchant_id', '=', merchantId).where('id', '=', serviceId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** The salon's active service that takes least time (the desk's default for free times). */
export function findShortestActiveService(db: Executor, merchantId: string) {
  return db
    .selectFrom('services')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    .orderBy('duration_min')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
