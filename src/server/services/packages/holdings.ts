import { randomInt, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { formatINR } from '../../../shared/money.js';
import { HOLDING_KIND_LABELS, holdingState, VOUCHER_CODE_ALPHABET } from '../../../shared/packages.js';
import type {
  buyOfferInput,
  customerHoldingsInput,
  HoldingWire,
  myHoldingsInput,
  voucherLookupInput,
} from '../../../shared/schemas/packages.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/packages.js';
import type { HoldingsTable, SalonOffersTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { defineJob } from '../../jobs/queue.js';
import { displayDate } from '../bookings/notify.js';
import { receiptNumber } from '../payments/receipt.js';
import { shopOf } from '../scope.js';
import { appendWallet } from '../wallet/ledger.js';

/*
 * A customer's holdings of what a salon sold (a package's sessions, a membership, a voucher's
 * balance) and their ledger: issue, redeem, restore, expire rows, each with the balance after it.
 * A redemption is one conditional UPDATE (only while enough is left and the holding has not
 * expired) and a ledger row that is unique per holding and booking or checkout, so a holding is
 * never spent twice nor below zero, whatever runs at the same time (docs/checkout-and-stock.md).
 */

export type Holding = Selectable<HoldingsTable>;
type Offer = Selectable<SalonOffersTable>;

const DAY_MS = 86_400_000;

function voucherCode(): string {
  let c = '';
  for (let i = 0; i < 10; i++) c += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return c;
}

/** Issues a holding of an offer to its buyer (a voucher may have none: its code is what it is), with its ledger's first row. */
export async function issueHolding(
  trx: Executor,
  offer: Offer,
  sale: {
    accountId: string | null;
    soldVia: 'checkout' | 'online';
    checkoutId?: string | null;
    method?: string | null;
    reference?: string | null;
    now: Date;
  },
): Promise<Holding> {
  if (offer.kind !== 'voucher' && !sale.accountId)
    throw badRequest(
      `sell: a ${HOLDING_KIND_LABELS[offer.kind].toLowerCase()} is kept in the customer's GlowBook account; check out a booking made in the app`,
      'sell',
    );
  const holding = await repo.insertHolding(
    trx,
    {
      merchant_id: offer.merchant_id,
      offer_id: offer.id,
      account_id: sale.accountId,
      kind: offer.kind,
      name: offer.name,
      code: offer.kind === 'voucher' ? voucherCode() : null,
      sessions_total: offer.sessions,
      sessions_left: offer.sessions,
      service_ids: offer.service_ids,
      discount_percent: offer.discount_percent,
      category_ids: offer.category_ids,
      value_paise: offer.value_paise,
      balance_paise: offer.value_paise,
      price_paise: offer.price_paise,
      expires_at: new Date(sale.now.getTime() + offer.validity_days * DAY_MS),
      sold_via: sale.soldVia,
      checkout_id: sale.checkoutId ?? null,
      payment_method: sale.method ?? null,
      payment_reference: sale.reference ?? null,
      created_at: sale.now,
      // Sold online: paid before it is issued, so its receipt number now (services/packages/receipt.ts).
    },
    { withReceipt: sale.soldVia === 'online' },
  );
  await repo.insertLedger(trx, [
    {
      holding_id: holding.id,
      kind: 'issue',
      sessions_change: holding.sessions_total,
      amount_paise: holding.value_paise,
      sessions_after: holding.sessions_left,
      balance_after_paise: holding.balance_paise,
      checkout_id: sale.checkoutId ?? null,
      created_at: sale.now,
    },
  ]);
  return holding;
}

/**
 * A holding the salon may spend for this customer: the salon's own (else 404), the customer's own
 * (another customer's: 403; a voucher is the bearer's, found by its code), not expired (400).
 */
export async function usableHolding(
  db: Executor,
  holdingId: string,
  who: { merchantId: string; accountId: string | null; bearer?: boolean },
  now: Date,
  field = 'holdingId',
): Promise<Holding> {
  const h = await repo.findHolding(db, holdingId);
  if (!h || h.merchant_id !== who.merchantId) throw notFound('Holding');
  if (!who.bearer && h.account_id !== who.accountId)
    throw forbidden(`${field}: this ${HOLDING_KIND_LABELS[h.kind].toLowerCase()} belongs to another customer`);
  if (new Date(h.expires_at).getTime() <= now.getTime())
    throw badRequest(`${field}: ${h.name} expired on ${displayDate(new Date(h.expires_at).toISOString().slice(0, 10))}`, field);
  return h;
}

export interface Redemption {
  holdingId: string;
  sessions: number;
  paise: number;
  /** What the session covered, at the salon's price then (the reports' "package" method). */
  valuePaise: number;
  serviceId?: string | null;
  bookingId?: string | null;
  checkoutId?: string | null;
}

/**
 * Spends from a holding: one conditional UPDATE (the row lock orders racers; the loser of the last
 * session or rupee changes nothing: 409), then the ledger row, unique per holding and booking or
 * checkout (a second redemption for the same one: 409). Answers the holding after it.
 */
export async function redeem(trx: Executor, r: Redemption, now: Date, field = 'holdingId'): Promise<Holding> {
  const after = await repo.takeFromHolding(trx, r.holdingId, { sessions: r.sessions, paise: r.paise }, now);
  if (!after) {
    const h = await repo.findHolding(trx, r.holdingId);
    if (h && new Date(h.expires_at).getTime() <= now.getTime()) throw badRequest(`${field}: ${h.name} has expired`, field);
    throw conflict(
      r.sessions
        ? `${field}: no session left on ${h?.name ?? 'this package'}`
        : `${field}: ${h?.name ?? 'this voucher'} has ${formatINR((h?.balance_paise ?? 0) / 100, { paise: true })} left, not ${formatINR(r.paise / 100, { paise: true })}`,
    );
  }
  try {
    await repo.insertLedger(trx, [
      {
        holding_id: r.holdingId,
        kind: 'redeem',
        sessions_change: -r.sessions,
        amount_paise: -r.paise,
        sessions_after: after.sessions_left,
        balance_after_paise: after.balance_paise,
        value_paise: r.valuePaise,
        service_id: r.serviceId ?? null,
        booking_id: r.bookingId ?? null,
        checkout_id: r.checkoutId ?? null,
        created_at: now,
      },
    ]);
  } catch (err) {
    if ((err as { code?: string })?.code === '23505') throw conflict(`${field}: this is already used once for this visit`);
    throw err;
  }
  return after;
}

/** Gives back, once, what a cancelled booking took from holdings (a package session, a voucher's rupees). */
export async function restoreBookingRedemptions(trx: Executor, bookingId: string, now: Date): Promise<number> {
  const rows = await repo.unrestoredBookingRedemptions(trx, bookingId);
  for (const r of rows) {
    const after = await repo.giveBackToHolding(trx, r.holding_id, { sessions: -r.sessions_change, paise: -r.amount_paise });
    await repo.insertLedger(trx, [
      {
        holding_id: r.holding_id,
        kind: 'restore',
        sessions_change: -r.sessions_change,
        amount_paise: -r.amount_paise,
        sessions_after: after.sessions_left,
        balance_after_paise: after.balance_paise,
        value_paise: 0,
        service_id: r.service_id,
        booking_id: bookingId,
        created_at: now,
      },
    ]);
  }
  return rows.length;
}

export async function holdingWires(db: Executor, rows: (Holding & { shop_name: string })[], now: Date): Promise<HoldingWire[]> {
  const ledger = await repo.ledgerOf(
    db,
    rows.map((h) => h.id),
  );
  const names = new Map((await repo.serviceNames(db, [...new Set(rows.flatMap((h) => h.service_ids))])).map((s) => [s.id, s.name]));
  return rows.map((h) => {
    const wire = {
      kind: h.kind,
      sessionsLeft: h.sessions_left,
      balance: h.balance_paise / 100,
      discountPercent: h.discount_percent,
      expiresAt: new Date(h.expires_at).toISOString(),
    };
    const expired = ledger.find((l) => l.holding_id === h.id && l.kind === 'expire');
    return {
      _id: h.id,
      merchantId: h.merchant_id,
      salonName: h.shop_name,
      ...wire,
      name: h.name,
      code: h.code,
      sessionsTotal: h.sessions_total,
      serviceIds: h.service_ids,
      services: h.service_ids.map((id) => ({ _id: id, name: names.get(id) ?? 'Service removed' })),
      categoryIds: h.category_ids,
      value: h.value_paise / 100,
      state: holdingState(wire, now),
      receiptNumber: h.receipt_no != null ? receiptNumber(h.receipt_no) : null,
      lapsed: expired
        ? {
            sessions: -expired.sessions_change || 0,
            amount: -expired.amount_paise / 100 || 0,
            value: expired.value_paise / 100,
            at: new Date(expired.created_at).toISOString(),
          }
        : null,
      createdAt: new Date(h.created_at).toISOString(),
      ledger: ledger
        .filter((l) => l.holding_id === h.id)
        .map((l) => ({
          kind: l.kind,
          sessionsChange: l.sessions_change,
          amount: l.amount_paise / 100,
          sessionsAfter: l.sessions_after,
          balanceAfter: l.balance_after_paise / 100,
          bookingId: l.booking_id,
          receiptNumber: l.receipt_number,
          at: new Date(l.created_at).toISOString(),
        })),
    };
  });
}

/** The signed-in customer's holdings (of one salon when named), newest first. */
export async function myHoldings(deps: AppDeps, actor: Actor, input: z.output<typeof myHoldingsInput>) {
  const { rows, total } = await repo.pageAccountHoldings(deps.db, actor.id, input.merchantId, {
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { holdings: await holdingWires(deps.db, rows, deps.now()), paging: pagingOf(input.page, input.limit, total) };
}

/** A customer's holdings of this salon, for the desk (checkout). */
export async function customerHoldings(deps: AppDeps, actor: Actor, input: z.output<typeof customerHoldingsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return { holdings: await holdingWires(deps.db, await repo.listAccountHoldings(deps.db, input.userId, merchantId), deps.now()) };
}

/** A voucher of this salon by its code (the desk takes it as a payment part). */
export async function findVoucher(deps: AppDeps, actor: Actor, input: z.output<typeof voucherLookupInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const h = await repo.findHoldingByCode(deps.db, merchantId, input.code);
  if (!h) throw notFound('Voucher');
  const [row] = await repo.findHoldingsWithSalon(deps.db, [h.id]);
  return { holding: (await holdingWires(deps.db, [row], deps.now()))[0] };
}

/**
 * A customer buys a salon's offer online: from the GlowBook wallet (its ledger, under the account's
 * lock), or with the offline test gateway's test card. The holding is issued in the same
 * transaction as the wallet debit.
 */
export async function buyOffer(deps: AppDeps, actor: Actor, input: z.output<typeof buyOfferInput>) {
  const offer = await repo.findOffer(deps.db, input.offerId);
  if (!offer || !offer.active) throw notFound('Offer');
  const amount = offer.price_paise / 100;
  let reference: string | null = null;
  if (input.method === 'test_card') {
    const gateway = deps.adapters.payments;
    if (gateway.checkoutKey) throw badRequest('method: this server takes real payments; pay from the wallet', 'method');
    if (!input.cardNumber) throw badRequest('cardNumber: enter the card number', 'cardNumber');
    const charge = await gateway.charge({ amount, description: offer.name, receipt: randomUUID(), cardNumber: input.cardNumber });
    if (!charge.ok) throw badRequest('cardNumber: the card was declined (test mode)', 'cardNumber');
    reference = charge.reference;
  }
  const now = deps.now();
  const holding = await deps.db.transaction().execute(async (trx) => {
    const h = await issueHolding(trx, offer, { accountId: actor.id, soldVia: 'online', method: input.method, reference, now });
    if (input.method === 'wallet') {
      const [salon] = await repo.findHoldingsWithSalon(trx, [h.id]);
      await appendWallet(
        trx,
        { accountId: actor.id, amount: -amount, kind: 'salon_purchase', description: `${offer.name} at ${salon.shop_name}` },
        'method',
      );
    }
    return h;
  });
  const [row] = await repo.findHoldingsWithSalon(deps.db, [holding.id]);
  return { holding: (await holdingWires(deps.db, [row], now))[0] };
}

/** The sweep that records expired holdings in their ledger (an `expire` row each, once). */
export const HOLDING_EXPIRY_SWEEP = 'holding_expiry_sweep';
/** Hourly, at five past, as pg-boss's timekeeper sends it (jobs/runner.ts). */
export const HOLDING_EXPIRY_CRON = '5 * * * *';
const EXPIRY_BATCH = 500;

/**
 * Records every holding whose date has passed: one `expire` ledger row with what was left (its
 * sessions and rupees go to zero) and the value that lapsed. A holding is refused by its date
 * already (usableHolding, takeFromHolding); this is the ledger's account of it. Idempotent: two
 * sweeps at once record each holding once (repo.recordExpiredHoldings). Answers the rows written.
 */
export async function recordExpiredHoldings(db: Executor, now: Date) {
  const all: Awaited<ReturnType<typeof repo.recordExpiredHoldings>> = [];
  for (;;) {
    const rows = await repo.recordExpiredHoldings(db, now, EXPIRY_BATCH);
    all.push(...rows);
    if (rows.length < EXPIRY_BATCH) return all;
  }
}

export const holdingExpirySweepJob = defineJob(HOLDING_EXPIRY_SWEEP, async (trx, _payload, ctx) => {
  await recordExpiredHoldings(trx, ctx.deps.now());
});
