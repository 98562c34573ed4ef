import type { z } from 'zod';
import type {
  createCategoryInput,
  deleteSelectedCategoriesInput,
  merchantSelectedCategoriesInput,
  selectCategoriesInput,
  specificCategoryInput,
  updateCategoryInput,
} from '../../../shared/schemas/shop.js';
import type { Executor } from '../../db/executor.js';
import {
  addMerchantCategories,
  countMerchantServicesByCategory,
  countServicesInCategory,
  deleteCategory as deleteCategoryRow,
  findCategoriesByIds,
  findCategoryById,
  insertCategory,
  listCatalogueCategories,
  listMerchantCategories,
  listMerchantServices,
  removeMerchantCategories,
  updateCategory as updateCategoryRow,
} from '../../db/repositories/shopCatalogue.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { toCatalogueCategoryWire, toSelectedCategoryWire } from './wire.js';

export const CATEGORY_HAS_SERVICES = 'Move or delete the services in this category first';

/** The shop's chosen categories, each with its services (the Services & Pricing grid). */
export async function selectedCategoriesOf(db: Executor, merchantId: string) {
  const [categories, services] = await Promise.all([listMerchantCategories(db, merchantId), listMerchantServices(db, merchantId)]);
  return categories.map((c) => toSelectedCategoryWire(c, services));
}

export async function getMerchantSelectedCategories(deps: AppDeps, actor: Actor, input: z.output<typeof merchantSelectedCategoriesInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return { selectedCategories: await selectedCategoriesOf(deps.db, merchantId) };
}

/** The catalogue categories of the given shop types (all of them when none are given). */
export async function getSpecificCategoryToSelect(deps: AppDeps, input: z.output<typeof specificCategoryInput>) {
  const rows = await listCatalogueCategories(deps.db, [...new Set(input.shopCategory)]);
  return { data: rows.map(toCatalogueCategoryWire) };
}

export async function selectCategories(deps: AppDeps, actor: Actor, input: z.output<typeof selectCategoriesInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const ids = [...new Set(input.selectedCategories)];
  return deps.db.transaction().execute(async (trx) => {
    const found = await findCategoriesByIds(trx, ids);
    if (found.length !== ids.length) throw badRequest('selectedCategories: one of these categories does not exist', 'selectedCategories');
    await addMerchantCategories(trx, merchantId, ids);
    return { message: 'Selected categories added successfully.', selectedCategories: await selectedCategoriesOf(trx, merchantId) };
  });
}

/**
 * Removes categories from the shop. A category that still holds services is refused rather
 * than leaving those services without a category customers can browse by.
 */
export async function deleteSelectedCategories(deps: AppDeps, actor: Actor, input: z.output<typeof deleteSelectedCategoriesInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const ids = [...new Set(input.selectedCategories)];
  return deps.db.transaction().execute(async (trx) => {
    const mine = new Set((await listMerchantCategories(trx, merchantId)).map((c) => c.id));
    if (ids.some((id) => !mine.has(id))) throw notFound('Category');
    if ((await countMerchantServicesByCategory(trx, merchantId, ids)).some((r) => Number(r.n) > 0)) throw conflict(CATEGORY_HAS_SERVICES);
    await removeMerchantCategories(trx, merchantId, ids);
    return { message: 'Category deleted successfully.' };
  });
}

// ---------------------------------------------------------------- admin: the catalogue itself

/** In a transaction, though one statement: the admin's audit row commits with it (db/pendingAudit.ts). */
export async function createCategory(deps: AppDeps, input: z.output<typeof createCategoryInput>) {
  const row = await deps.db.transaction().execute((trx) =>
    insertCategory(trx, {
      name: input.name,
      shop_category: input.shopCategory,
      image: input.image ?? null,
      icon: input.icon ?? null,
      sort_order: input.sortOrder ?? 0,
    }),
  );
  return { category: toCatalogueCategoryWire(row) };
}

export async function updateCategory(deps: AppDeps, input: z.output<typeof updateCategoryInput>) {
  const patch = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.shopCategory !== undefined ? { shop_category: input.shopCategory } : {}),
    ...(input.image !== undefined ? { image: input.image || null } : {}),
    ...(input.icon !== undefined ? { icon: input.icon || null } : {}),
    ...(input.sortOrder !== undefined ? { sort_order: input.sortOrder } : {}),
  };
  // An empty patch is an UPDATE without SET, which is not SQL: answer the category as it is.
  const row = Object.keys(patch).length
    ? await deps.db.transaction().execute((trx) => updateCategoryRow(trx, input.id, patch))
    : await findCategoryById(deps.db, input.id);
  if (!row) throw notFound('Category');
  return { category: toCatalogueCategoryWire(row) };
}

/** A catalogue category salons still list services under is refused; unused ones go, with every salon's pick of them. */
export async function deleteCategory(deps: AppDeps, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await findCategoryById(trx, id))) throw notFound('Category');
    const n = await countServicesInCategory(trx, id);
    if (n > 0) throw conflict(`${n} service${n === 1 ? '' : 's'} still use this category; salons must move them first`);
    await deleteCategoryRow(trx, id);
    return { message: 'Category deleted successfully.' };
  });
}

export async function getCategoryById(deps: AppDeps, id: string) {
  const row = await findCategoryById(deps.db, id);
  if (!row) throw notFound('Category');
  return { category: toCatalogueCategoryWire(row) };
}
