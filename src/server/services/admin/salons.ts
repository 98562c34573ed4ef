import type { z } from 'zod';
import { cheapestPlanWith, planAllows, tierOf } from '../../../shared/plans.js';
import type { salonCompletionInput, salonReasonInput, salonsInput, salonTargetInput, sponsorInput } from '../../../shared/schemas/admin.js';
import { legacyPageOf } from '../../../shared/schemas/paging.js';
import type { Executor } from '../../db/executor.js';
import { listSalons as listSalonRows, upcomingBookingCount } from '../../db/repositories/admin/salons.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { completionCounts, findShop, lockMerchant, type ShopRow, updateMerchant } from '../../db/repositories/shopProfile.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { salonPlan, teamFitsPlan } from '../billing/entitlements.js';
import { clearDiscoveryCache } from '../discovery/cache.js';
import { renderTemplate, type TemplateKey } from './templates.js';
import { completionOfRow, pageOf, toAdminSalonWire } from './wire.js';

export async function listSalons(deps: AppDeps, input: z.output<typeof salonsInput>) {
  const { rows, total } = await listSalonRows(deps.db, {
    publishStatus: input.publishStatus,
    search: input.search,
    sponsored: input.sponsored === undefined ? undefined : input.sponsored === 'true',
    ...pageOf(input.page, input.limit),
  });
  return { salons: rows.map(toAdminSalonWire), ...legacyPageOf(input.page, input.limit, total) };
}

async function loadSalon(db: Executor, id: string) {
  const { rows } = await listSalonRows(db, { ids: [id], limit: 1, offset: 0 });
  if (!rows[0]) throw notFound('Salon');
  return { salon: toAdminSalonWire(rows[0]) };
}

async function completionOf(db: Executor, shop: ShopRow) {
  return completionOfRow(shop, await completionCounts(db, shop.id));
}

export async function getSalonCompletion(deps: AppDeps, input: z.output<typeof salonCompletionInput>) {
  const shop = await findShop(deps.db, input.id);
  if (!shop) throw notFound('Salon');
  const { percent, checks } = await completionOf(deps.db, shop);
  return {
    _id: shop.id,
    shop_Name: shop.shop_name,
    percent,
    checks,
    publishStatus: shop.publish_status,
    isPublished: shop.is_published,
    publishNote: shop.publish_note,
  };
}

/** Runs a publish decision on the locked salon row; the owner hears of it in-app, then by e-mail. */
async function decide(
  deps: AppDeps,
  merchantId: string,
  decision: (trx: Executor, shop: ShopRow) => Promise<{ mail?: { key: TemplateKey; reason?: string } } | void>,
) {
  const { shop, outcome } = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockMerchant(trx, merchantId))) throw notFound('Salon');
    const shop = (await findShop(trx, merchantId))!;
    return { shop, outcome: await decision(trx, shop) };
  });
  // Search, sponsored lists and location counts must reflect the change at once.
  clearDiscoveryCache(deps.db);
  if (outcome?.mail) await mailOwner(deps, shop, outcome.mail.key, outcome.mail.reason ?? '');
  return loadSalon(deps.db, merchantId);
}

/** After the decision is committed: a failed delivery is kept (failed) in the outbox, not undone. */
async function mailOwner(deps: AppDeps, shop: ShopRow, key: TemplateKey, reason: string) {
  try {
    const mail = await renderTemplate(deps.db, key, { ownerName: shop.shop_owner, shopName: shop.shop_name, reason });
    await deps.adapters.email.send({ to: shop.email || shop.account_email, ...mail, meta: { purpose: key, merchantId: shop.id } });
  } catch (err) {
    console.error(`[admin] could not send ${key} to salon ${shop.id}`, err);
  }
}

/** Only a pending request of a complete profile (all 14 checks) is approved. */
export async function approveSalon(deps: AppDeps, actor: Actor, input: z.output<typeof salonTargetInput>) {
  return decide(deps, input.merchantId, async (trx, shop) => {
    if (shop.publish_status !== 'pending') {
      throw conflict(`Only a pending publish request can be approved; this salon is ${shop.publish_status}`);
    }
    const { percent, checks } = await completionOf(trx, shop);
    if (percent < 100) {
      const missing = checks.filter((c) => !c.done).map((c) => c.label);
      throw badRequest(`merchantId: the salon profile is ${percent}% complete. Still missing: ${missing.join('; ')}.`, 'merchantId');
    }
    const overTeam = await teamFitsPlan(trx, shop.id, (await salonPlan(trx, shop.id)).plan);
    if (overTeam) throw conflict(`merchantId: ${shop.shop_name} cannot be published: ${overTeam.replace(/^staff: your /, 'its ')}`);
    await updateMerchant(trx, shop.id, { is_published: true, publish_status: 'approved', publish_note: null });
    await insertNotification(trx, {
      accountId: shop.id,
      type: 'system',
      title: 'Your salon is live',
      message: `${shop.shop_name} has been approved and now appears in search.`,
      link: '/merchant',
    });
    await recordAudit(trx, actor.id, 'salon.approve', 'merchant', shop.id, { shopName: shop.shop_name });
    return { mail: { key: 'salon_approved' } };
  });
}

export async function rejectSalon(deps: AppDeps, actor: Actor, input: z.output<typeof salonReasonInput>) {
  return decide(deps, input.merchantId, async (trx, shop) => {
    if (shop.publish_status !== 'pending') {
      throw conflict(`Only a pending publish request can be rejected; this salon is ${shop.publish_status}`);
    }
    await updateMerchant(trx, shop.id, { is_published: false, publish_status: 'rejected', publish_note: input.reason });
    await insertNotification(trx, {
      accountId: shop.id,
      type: 'alert',
      title: 'Publish request declined',
      message: `${shop.shop_name} was not published: ${input.reason}`,
      link: '/merchant/profile',
    });
    await recordAudit(trx, actor.id, 'salon.reject', 'merchant', shop.id, { reason: input.reason });
    return { mail: { key: 'salon_rejected', reason: input.reason } };
  });
}

/**
 * Takes a live salon off the marketplace; its sponsorship ends with it. The bookings it already
 * holds stay booked: their customers can still cancel them, and the salon still serves them (the
 * owner is told how many; the audit records it).
 */
export async function unpublishSalon(deps: AppDeps, actor: Actor, input: z.output<typeof salonReasonInput>) {
  return decide(deps, input.merchantId, async (trx, shop) => {
    if (!shop.is_published) throw conflict('This salon is not published');
    await updateMerchant(trx, shop.id, {
      is_published: false,
      publish_status: 'unpublished',
      publish_note: input.reason,
      is_sponsored: false,
      promotion_message: null,
    });
    const upcoming = await upcomingBookingCount(trx, shop.id, new Date());
    const kept =
      upcoming === 0
        ? ''
        : `${/[.!?]$/.test(input.reason) ? '' : '.'} Your ${upcoming} upcoming booking${upcoming === 1 ? '' : 's'} stay${upcoming === 1 ? 's' : ''} booked; please serve ${upcoming === 1 ? 'it' : 'them'} as planned.`;
    await insertNotification(trx, {
      accountId: shop.id,
      type: 'alert',
      title: 'Your salon has been unpublished',
      message: `${shop.shop_name} is no longer listed: ${input.reason}${kept}`,
      link: '/merchant/profile',
    });
    await recordAudit(trx, actor.id, 'salon.unpublish', 'merchant', shop.id, { reason: input.reason, upcomingBookings: upcoming });
    return { mail: { key: 'salon_unpublished', reason: input.reason } };
  });
}

export async function sponsorSalon(deps: AppDeps, actor: Actor, input: z.output<typeof sponsorInput>) {
  return decide(deps, input.merchantId, async (trx, shop) => {
    if (input.sponsored && !shop.is_published) throw badRequest('merchantId: only a published salon can be sponsored', 'merchantId');
    if (input.sponsored) {
      const { plan } = await salonPlan(trx, shop.id);
      if (!planAllows(plan, 'sponsoredListing'))
        throw conflict(
          `merchantId: ${shop.shop_name} is on the ${tierOf(plan).name} plan; a sponsored listing needs the ${cheapestPlanWith('sponsoredListing').name} plan`,
        );
    }
    const message = input.sponsored ? (input.promotionMessage ?? shop.promotion_message ?? null) : null;
    await updateMerchant(trx, shop.id, { is_sponsored: input.sponsored, promotion_message: message });
    await recordAudit(trx, actor.id, input.sponsored ? 'salon.sponsor' : 'salon.unsponsor', 'merchant', shop.id, {
      promotionMessage: message,
    });
  });
}
