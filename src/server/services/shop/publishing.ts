import { profileCompletion, type ShopSnapshot } from '../../../shared/profileCompletion.js';
import type { Executor } from '../../db/executor.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { completionCounts, findShop, listAdminIds, lockMerchant, type ShopRow, updateMerchant } from '../../db/repositories/shopProfile.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { salonPlan, teamFitsPlan } from '../billing/entitlements.js';
import { shopOf } from '../scope.js';

export const ALREADY_PUBLISHED = 'Your shop is already published';

async function completionOf(db: Executor, shop: ShopRow) {
  const counts = await completionCounts(db, shop.id);
  const snapshot: ShopSnapshot = {
    shopName: shop.shop_name,
    shopOwner: shop.shop_owner,
    address: shop.address,
    city: shop.city,
    state: shop.state,
    latitude: shop.latitude,
    longitude: shop.longitude,
    phone: shop.phone,
    officialEmail: shop.email,
    description: shop.description,
    openingHours: Array.isArray(shop.opening_hours) ? shop.opening_hours : [],
    ...counts,
  };
  return profileCompletion(snapshot);
}

export async function getProfileCompletion(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await findShop(deps.db, await shopOf(deps.db, actor, merchantId));
  if (!shop) throw notFound('Salon');
  const { percent, checks } = await completionOf(deps.db, shop);
  return { percent, checks, isPublished: shop.is_published, publishStatus: shop.publish_status, publishNote: shop.publish_note };
}

/**
 * Asks the platform to publish the shop: only a complete profile may ask. The shop waits in
 * 'pending' until an admin approves it; admins get an in-app notification.
 */
export async function createPublishRequest(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const id = await shopOf(deps.db, actor, merchantId);
  return deps.db.transaction().execute(async (trx) => {
    await lockMerchant(trx, id);
    const shop = await findShop(trx, id);
    if (!shop) throw notFound('Salon');
    if (shop.is_published || shop.publish_status === 'approved') throw conflict(ALREADY_PUBLISHED);
    if (shop.publish_status === 'pending') {
      return { message: 'Your publish request is already waiting for approval.', status: 'pending' as const };
    }
    const { percent, checks } = await completionOf(trx, shop);
    if (percent < 100) {
      const missing = checks.filter((c) => !c.done).map((c) => c.label);
      throw badRequest(`Your shop profile is ${percent}% complete. Still missing: ${missing.join('; ')}.`);
    }
    // A published salon is bookable with everyone on its team, so the team must fit its plan.
    const overTeam = await teamFitsPlan(trx, id, (await salonPlan(trx, id)).plan);
    if (overTeam) throw new AppError('CONFLICT', overTeam, 'staff');
    await updateMerchant(trx, id, { publish_status: 'pending', publish_requested_at: new Date(), publish_note: null });
    for (const admin of await listAdminIds(trx)) {
      await insertNotification(trx, {
        accountId: admin.id,
        type: 'system',
        title: 'New publish request',
        message: `${shop.shop_name} (${shop.city}) asked to be published.`,
        link: '/admin/salons',
      });
    }
    return { message: 'Your publish request has been sent. An administrator will review your shop shortly.', status: 'pending' as const };
  });
}
