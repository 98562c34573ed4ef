import type { z } from 'zod';
import type {
  createServiceInput,
  deleteServiceInput,
  merchantServicesUpdateInput,
  ServiceForm,
  updateServiceInput,
} from '../../../shared/schemas/shop.js';
import type { Executor } from '../../db/executor.js';
import { refreshMerchantStats } from '../../db/repositories/merchantStats.js';
import {
  deleteService as deleteServiceRow,
  findMerchantService,
  findServiceWithSalon,
  insertService,
  listMerchantServices,
  merchantHasCategory,
  serviceNameTaken,
  updateService as updateServiceRow,
} from '../../db/repositories/shopCatalogue.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { managesSalon, shopOf } from '../scope.js';
import { toServiceWire } from './wire.js';

/** A service's category must be one the shop picked in Manage Categories. */
async function checkCategory(db: Executor, merchantId: string, categoryId: string) {
  if (!(await merchantHasCategory(db, merchantId, categoryId))) {
    throw badRequest("service.category: choose one of your shop's categories (add it in Manage Categories first)", 'service.category');
  }
}

async function checkNameFree(db: Executor, merchantId: string, name: string, exceptId?: string) {
  if (await serviceNameTaken(db, merchantId, name, exceptId)) {
    throw conflict(`service.name: you already have a service called "${name}"`);
  }
}

/** The form's columns; a discount of 0 with no type is stored as "no discount". */
function serviceColumns(s: ServiceForm, categoryId: string) {
  return {
    category_id: categoryId,
    name: s.name,
    description: s.description,
    duration_min: s.duration,
    price: s.price,
    discount_type: s.discountType ?? null,
    discount_value: s.discountValue,
    discount_active: s.isDiscountActive,
    active: s.active,
    ...(s.rebookWeeks !== undefined ? { rebook_weeks: s.rebookWeeks } : {}),
  };
}

async function serviceWireOf(db: Executor, merchantId: string, serviceId: string) {
  const row = await findMerchantService(db, merchantId, serviceId);
  if (!row) throw notFound('Service');
  return toServiceWire(row);
}

export async function createService(deps: AppDeps, actor: Actor, input: z.output<typeof createServiceInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const categoryId = (input.service.category ?? input.selectedCategoryId)!;
  return deps.db.transaction().execute(async (trx) => {
    await checkCategory(trx, merchantId, categoryId);
    await checkNameFree(trx, merchantId, input.service.name);
    const id = await insertService(trx, { merchant_id: merchantId, ...serviceColumns(input.service, categoryId) });
    await refreshMerchantStats(trx, merchantId);
    return { service: await serviceWireOf(trx, merchantId, id) };
  });
}

/**
 * Replaces the form fields of one of the shop's services. The category is the form's
 * `category`, else the one it is in; selectedCategoryId is only the screen's grouping.
 */
export async function updateService(deps: AppDeps, actor: Actor, input: z.output<typeof updateServiceInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const serviceId = (input.serviceId ?? input.service._id)!;
  return deps.db.transaction().execute(async (trx) => {
    const current = await findMerchantService(trx, merchantId, serviceId);
    if (!current) throw notFound('Service');
    const categoryId = input.service.category ?? current.category_id ?? input.selectedCategoryId;
    if (!categoryId) throw badRequest('service.category: Category is required.', 'service.category');
    if (categoryId !== current.category_id) await checkCategory(trx, merchantId, categoryId);
    await checkNameFree(trx, merchantId, input.service.name, serviceId);
    await updateServiceRow(trx, merchantId, serviceId, serviceColumns(input.service, categoryId));
    await refreshMerchantStats(trx, merchantId);
    return { service: await serviceWireOf(trx, merchantId, serviceId) };
  });
}

/**
 * Deletes for good, as the screen warns. Bookings keep their own copy of the service's name,
 * duration and price (booking_services), so past and upcoming bookings are unaffected.
 */
export async function deleteService(deps: AppDeps, actor: Actor, input: z.output<typeof deleteServiceInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await deleteServiceRow(trx, merchantId, input.serviceId))) throw notFound('Service');
    await refreshMerchantStats(trx, merchantId);
    return { message: 'Service deleted successfully.' };
  });
}

export async function getAllServices(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  return { services: (await listMerchantServices(deps.db, shop)).map(toServiceWire) };
}

/** Public: an active service of a published salon; the owner and admins see any of theirs. */
export async function getServiceById(deps: AppDeps, actor: Actor | null, id: string) {
  const row = await findServiceWithSalon(deps.db, id);
  const privileged = managesSalon(actor, row?.merchant_id);
  if (!row || (!privileged && !(row.active && row.is_published))) throw notFound('Service');
  return { service: toServiceWire(row) };
}

/** The bulk editor: price, duration and on/off of several services at once, all or nothing. */
export async function updateMerchantServices(deps: AppDeps, actor: Actor, input: z.output<typeof merchantServicesUpdateInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const current = new Map((await listMerchantServices(trx, merchantId)).map((s) => [s.id, s]));
    for (const [i, change] of input.services.entries()) {
      const row = current.get(change._id);
      if (!row) throw notFound('Service');
      const price = change.price ?? Number(row.price);
      if (row.discount_type === 'flat' && Number(row.discount_value) > price) {
        throw badRequest(`services.${i}.price: Flat discount cannot exceed price.`, `services.${i}.price`);
      }
      await updateServiceRow(trx, merchantId, change._id, {
        ...(change.price !== undefined ? { price: change.price } : {}),
        ...(change.duration !== undefined ? { duration_min: change.duration } : {}),
        ...(change.active !== undefined ? { active: change.active } : {}),
      });
    }
    await refreshMerchantStats(trx, merchantId);
    return { services: (await listMerchantServices(trx, merchantId)).map(toServiceWire) };
  });
}
