import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { createOfferInput, OfferWire, offersInput, publicOffersInput, updateOfferInput } from '../../../shared/schemas/packages.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/packages.js';
import type { SalonOffersTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';

/* The salon's catalogue of packages, memberships and gift vouchers (docs/checkout-and-stock.md). */

type Offer = Selectable<SalonOffersTable>;
const paise = (rupees: number) => Math.round(rupees * 100);

export async function offerWires(db: Executor, offers: Offer[]): Promise<OfferWire[]> {
  const services = new Map((await repo.serviceNames(db, [...new Set(offers.flatMap((o) => o.service_ids))])).map((s) => [s.id, s.name]));
  const cats = new Map((await repo.categoryNames(db, [...new Set(offers.flatMap((o) => o.category_ids))])).map((c) => [c.id, c.name]));
  return offers.map((o) => ({
    _id: o.id,
    merchantId: o.merchant_id,
    kind: o.kind,
    name: o.name,
    description: o.description,
    price: o.price_paise / 100,
    validityDays: o.validity_days,
    sessions: o.sessions,
    services: o.service_ids.map((id) => ({ _id: id, name: services.get(id) ?? 'Service removed' })),
    discountPercent: o.discount_percent,
    categories: o.category_ids.map((id) => ({ _id: id, name: cats.get(id) ?? 'Category' })),
    value: o.value_paise / 100,
    active: o.active,
  }));
}

/** The services and categories an offer names must be the salon's own (400 naming the field). */
async function checkScope(db: Executor, merchantId: string, serviceIds: string[], categoryIds: string[]) {
  const found = await repo.salonServicesOf(db, merchantId, serviceIds);
  if (found.length !== new Set(serviceIds).size) throw badRequest('serviceIds: a service named is not one of this salon', 'serviceIds');
  const cats = await repo.categoryNames(db, categoryIds);
  if (cats.length !== new Set(categoryIds).size) throw badRequest('categoryIds: unknown category', 'categoryIds');
}

const nameTaken = (err: unknown) => {
  if ((err as { code?: string })?.code === '23505') throw conflict('name: the salon already sells something of this name');
  throw err;
};

export async function listOffers(deps: AppDeps, actor: Actor, input: z.output<typeof offersInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const [offers, sales] = await Promise.all([
    offerWires(deps.db, await repo.listOffers(deps.db, merchantId)),
    repo.offerSales(deps.db, merchantId),
  ]);
  // The salon's own list says what each sold and what lapsed unused (the public list does not).
  const byOffer = new Map(sales.map((r) => [r.offer_id, r]));
  return {
    offers: offers.map((o) => {
      const r = byOffer.get(o._id);
      return { ...o, sales: { sold: r?.sold ?? 0, lapsed: r?.lapsed ?? 0, lapsedValue: (r?.lapsed_paise ?? 0) / 100 } };
    }),
  };
}

/** What a salon page offers for sale online: its active offers. */
export async function publicOffers(deps: AppDeps, input: z.output<typeof publicOffersInput>) {
  return { offers: await offerWires(deps.db, await repo.listOffers(deps.db, input.merchantId, true)) };
}

export async function createOffer(deps: AppDeps, actor: Actor, input: z.output<typeof createOfferInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const serviceIds = [...new Set(input.kind === 'voucher' ? [] : (input.serviceIds ?? []))];
  const categoryIds = [...new Set(input.kind === 'membership' ? (input.categoryIds ?? []) : [])];
  await checkScope(deps.db, merchantId, serviceIds, categoryIds);
  const row = await repo
    .insertOffer(deps.db, {
      merchant_id: merchantId,
      kind: input.kind,
      name: input.name,
      description: input.description ?? '',
      price_paise: paise(input.price),
      validity_days: input.validityDays,
      sessions: input.kind === 'voucher' ? 0 : (input.sessions ?? 0),
      service_ids: serviceIds,
      discount_percent: input.kind === 'membership' ? (input.discountPercent ?? 0) : 0,
      category_ids: categoryIds,
      // A voucher is worth what it is sold for.
      value_paise: input.kind === 'voucher' ? paise(input.price) : 0,
    })
    .catch(nameTaken);
  return { offer: (await offerWires(deps.db, [row]))[0] };
}

/**
 * Changes an offer for future sales; holdings already sold keep what they were sold with. The
 * kind's rules are checked on the offer as it would become.
 */
export async function updateOffer(deps: AppDeps, actor: Actor, input: z.output<typeof updateOfferInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const current = await repo.findOffer(deps.db, input.offerId);
  if (!current || current.merchant_id !== merchantId) throw notFound('Offer');
  const kind = current.kind;
  const sessions = kind === 'voucher' ? 0 : (input.sessions ?? current.sessions);
  const serviceIds = kind === 'voucher' ? [] : [...new Set(input.serviceIds ?? current.service_ids)];
  const discount = kind === 'membership' ? (input.discountPercent ?? current.discount_percent) : 0;
  const categoryIds = kind === 'membership' ? [...new Set(input.categoryIds ?? current.category_ids)] : [];
  if (kind === 'package' && sessions < 1) throw badRequest('sessions: a package has at least 1 session', 'sessions');
  if (kind !== 'voucher' && sessions > 0 && !serviceIds.length)
    throw badRequest('serviceIds: name the services its sessions cover', 'serviceIds');
  if (kind === 'membership' && !discount && !sessions)
    throw badRequest('discountPercent: a membership gives a discount, sessions or both', 'discountPercent');
  if (kind === 'voucher' && (input.sessions || input.discountPercent))
    throw badRequest('sessions: a voucher is a rupee value, without sessions or discount', 'sessions');
  await checkScope(deps.db, merchantId, serviceIds, categoryIds);
  const price = input.price != null ? paise(input.price) : current.price_paise;
  const row = await repo
    .updateOffer(deps.db, merchantId, input.offerId, {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.description != null ? { description: input.description } : {}),
      ...(input.validityDays != null ? { validity_days: input.validityDays } : {}),
      ...(input.active != null ? { active: input.active } : {}),
      price_paise: price,
      sessions,
      service_ids: serviceIds,
      discount_percent: discount,
      category_ids: categoryIds,
      value_paise: kind === 'voucher' ? price : 0,
    })
    .catch(nameTaken);
  if (!row) throw notFound('Offer');
  return { offer: (await offerWires(deps.db, [row]))[0] };
}
