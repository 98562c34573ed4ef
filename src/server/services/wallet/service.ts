import { randomBytes, randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import { REWARD_POINTS, REWARD_VALID_DAYS, REWARD_VALUE, RUPEES_PER_POINT, tierFor } from '../../../shared/loyalty.js';
import { formatINR } from '../../../shared/money.js';
import { preferenceOn } from '../../../shared/reminders.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import {
  CUSTOMER_PREFERENCES,
  type createGiftCardOrderInput,
  type purchaseGiftCardInput,
  type redeemGiftCardInput,
  type updatePreferencesInput,
  type updateProfileInput,
} from '../../../shared/schemas/wallet.js';
import * as repo from '../../db/repositories/wallet.js';
import type { Database, GiftCardsTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { iso, toUserWire } from '../wire.js';
import { appendPoints, appendWallet } from './ledger.js';

type PageInput = { page: number; limit: number };
const pageOf = (p: PageInput) => ({ limit: p.limit, offset: (p.page - 1) * p.limit });

export async function getWallet(deps: AppDeps, actor: Actor, input: PageInput) {
  const [balance, entries] = await Promise.all([
    repo.walletBalance(deps.db, actor.id),
    repo.walletEntries(deps.db, actor.id, pageOf(input)),
  ]);
  return {
    data: {
      balance,
      paging: pagingOf(input.page, input.limit, entries.total),
      entries: entries.rows.map((e) => ({
        _id: String(e.id),
        amount: Number(e.amount),
        balanceAfter: Number(e.balance_after),
        kind: e.kind,
        description: e.description,
        bookingId: e.booking_id,
        createdAt: iso(e.created_at),
      })),
    },
  };
}

type CouponRow = { code: string; discount_value: number | string; valid_until: string | null; used_count: number; created_at: Date };
const rewardWire = (c: CouponRow) => ({
  code: c.code,
  value: Number(c.discount_value),
  validUntil: c.valid_until,
  used: c.used_count > 0,
  createdAt: iso(c.created_at),
});

export async function getLoyalty(deps: AppDeps, actor: Actor, input: PageInput) {
  const [points, lifetime, entries, rewards] = await Promise.all([
    repo.loyaltyBalance(deps.db, actor.id),
    repo.lifetimePoints(deps.db, actor.id),
    repo.loyaltyEntries(deps.db, actor.id, pageOf(input)),
    repo.rewardCouponsOf(deps.db, actor.id),
  ]);
  const tier = tierFor(lifetime);
  return {
    data: {
      points,
      lifetimePoints: lifetime,
      tier: tier.name,
      nextTier: tier.next ? { name: tier.next.name, pointsToGo: tier.next.from - lifetime } : null,
      rupeesPerPoint: RUPEES_PER_POINT,
      reward: { points: REWARD_POINTS, value: REWARD_VALUE, validDays: REWARD_VALID_DAYS },
      paging: pagingOf(input.page, input.limit, entries.total),
      entries: entries.rows.map((e) => ({
        _id: String(e.id),
        points: e.points,
        balanceAfter: e.balance_after,
        kind: e.kind,
        description: e.description,
        createdAt: iso(e.created_at),
      })),
      rewards: rewards.map(rewardWire),
    },
  };
}

/** Short codes without look-alike characters (0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomCode(groups: number): string {
  const bytes = randomBytes(groups * 4);
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]);
  return Array.from({ length: groups }, (_, i) => chars.slice(i * 4, i * 4 + 4).join('')).join('-');
}

function addDaysIso(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** My Rewards: 500 points become a personal ₹100-off coupon, usable once at any salon. */
export async function redeemReward(deps: AppDeps, actor: Actor) {
  return deps.db.transaction().execute(async (trx) => {
    const coupon = await repo.insertRewardCoupon(trx, {
      ownerAccountId: actor.id,
      code: `RWD-${randomCode(2)}`,
      description: `Loyalty reward: ${formatINR(REWARD_VALUE)} off`,
      value: REWARD_VALUE,
      validUntil: addDaysIso(REWARD_VALID_DAYS),
      usageLimit: 1,
    });
    const points = await appendPoints(trx, {
      accountId: actor.id,
      points: -REWARD_POINTS,
      kind: 'reward_redeemed',
      couponId: coupon.id,
      description: `Reward coupon ${coupon.code}`,
    });
    return {
      data: { coupon: rewardWire(coupon as unknown as CouponRow), points },
      message: `Your code ${coupon.code} takes ${formatINR(REWARD_VALUE)} off your next booking.`,
    };
  });
}

function giftCardWire(g: Selectable<GiftCardsTable>, me: string) {
  return {
    _id: g.id,
    code: g.code,
    amount: Number(g.amount),
    status: g.status,
    recipientName: g.recipient_name,
    recipientEmail: g.recipient_email,
    message: g.message,
    paymentMethod: g.payment_method,
    purchasedByMe: g.purchaser_id === me,
    redeemedAt: g.redeemed_at ? iso(g.redeemed_at) : null,
    createdAt: iso(g.created_at),
  };
}

export async function getGiftCards(deps: AppDeps, actor: Actor, input: PageInput) {
  const { rows, total } = await repo.giftCardsOf(deps.db, actor.id, pageOf(input));
  return { data: { giftCards: rows.map((g) => giftCardWire(g, actor.id)), paging: pagingOf(input.page, input.limit, total) } };
}

type GiftCardDetails = Pick<z.output<typeof purchaseGiftCardInput>, 'amount' | 'recipientName' | 'recipientEmail' | 'message'>;

/**
 * Issues a paid gift card in the paying transaction, and e-mails its code to the recipient. Only
 * paid purchases get here, so the platform's address never carries an unpaid stranger's message.
 */
async function issueGiftCard(
  trx: Transaction<Database>,
  deps: AppDeps,
  actor: Actor,
  card: GiftCardDetails,
  payment: { method: GiftCardsTable['payment_method']; reference: string | null },
) {
  const row = await repo.insertGiftCard(trx, {
    code: `GB-${randomCode(3)}`,
    amount: card.amount,
    purchaser_id: actor.id,
    payment_method: payment.method,
    payment_reference: payment.reference,
    recipient_name: card.recipientName ?? null,
    recipient_email: card.recipientEmail ?? null,
    message: card.message ?? null,
  });
  if (payment.method === 'wallet') {
    await appendWallet(
      trx,
      { accountId: actor.id, amount: -card.amount, kind: 'gift_card_purchase', giftCardId: row.id, description: `Gift card ${row.code}` },
      'paymentMethod',
    );
  }
  if (card.recipientEmail) {
    await queueMessage(trx, {
      channel: 'email',
      to: card.recipientEmail,
      subject: `You have a ${formatINR(card.amount)} GlowBook gift card`,
      body: [
        `Hi ${card.recipientName ?? 'there'},`,
        '',
        `${actor.email} sent you a GlowBook gift card worth ${formatINR(card.amount)}.`,
        card.message ? `\n"${card.message}"\n` : '',
        `Your code: ${row.code}`,
        `Redeem it at ${deps.env.PUBLIC_URL}/gift-cards and book any salon, spa or parlour.`,
        '',
        'GlowBook',
      ].join('\n'),
      meta: { purpose: 'gift_card', giftCardId: row.id },
    });
  }
  return row;
}

function purchased(row: Selectable<GiftCardsTable>, actor: Actor) {
  return {
    data: { giftCard: giftCardWire(row, actor.id) },
    message: row.recipient_email ? `Gift card bought; the code is on its way to ${row.recipient_email}.` : `Gift card bought: ${row.code}`,
  };
}

const LIVE_GATEWAY_ONLY =
  'paymentMethod: this server takes real payments: pay by card or UPI in Razorpay Checkout (paymentMethod razorpay)';

/** How gift cards can be paid here: the live gateway's checkout, or the offline test gateway's card form. */
export function giftCardPaymentOptions(deps: AppDeps) {
  const g = deps.adapters.payments;
  return { data: { gateway: g.name, testMode: g.testMode, checkoutKey: g.checkoutKey } };
}

/**
 * With a live gateway: records the gift card to be paid (amount and recipient fixed now) and
 * creates the gateway order the buyer pays in Checkout; purchaseGiftCard then issues it.
 */
export async function createGiftCardOrder(deps: AppDeps, actor: Actor, input: z.output<typeof createGiftCardOrderInput>) {
  const gateway = deps.adapters.payments;
  if (!gateway.createOrder || !gateway.checkoutKey)
    throw badRequest('paymentMethod: the test gateway takes the card in purchaseGiftCard; no order is needed', 'paymentMethod');
  const order = await repo.insertGiftCardOrder(deps.db, {
    purchaser_id: actor.id,
    amount: input.amount,
    recipient_name: input.recipientName ?? null,
    recipient_email: input.recipientEmail ?? null,
    message: input.message ?? null,
    gateway: gateway.name,
  });
  const orderId = await gateway.createOrder(input.amount, order.id);
  await repo.setGiftCardOrderGatewayId(deps.db, order.id, orderId);
  return {
    data: {
      orderId,
      amount: input.amount,
      currency: 'INR' as const,
      keyId: gateway.checkoutKey,
      description: `GlowBook gift card, ${formatINR(input.amount)}`,
    },
  };
}

/**
 * Buys a gift card: from the wallet; through a live gateway (Razorpay: the card is issued from the
 * order that was paid, once its payment signature is verified); or, only when no live gateway is
 * configured, with the offline test gateway's test card. A test card never buys anything on a
 * server that takes real payments.
 */
export async function purchaseGiftCard(deps: AppDeps, actor: Actor, input: z.output<typeof purchaseGiftCardInput>) {
  const gateway = deps.adapters.payments;
  if (input.paymentMethod === 'razorpay') return purchaseThroughGateway(deps, actor, input);
  let reference: string | null = null;
  if (input.paymentMethod === 'test_card') {
    if (gateway.checkoutKey) throw badRequest(LIVE_GATEWAY_ONLY, 'paymentMethod');
    if (!input.cardNumber) throw badRequest('cardNumber: enter the card number', 'cardNumber');
    const charge = await gateway.charge({
      amount: input.amount,
      description: 'GlowBook gift card',
      receipt: randomUUID(),
      cardNumber: input.cardNumber,
    });
    if (!charge.ok) throw badRequest('cardNumber: the card was declined (test mode)', 'cardNumber');
    reference = charge.reference;
  }
  return deps.db
    .transaction()
    .execute(async (trx) => purchased(await issueGiftCard(trx, deps, actor, input, { method: input.paymentMethod, reference }), actor));
}

async function purchaseThroughGateway(deps: AppDeps, actor: Actor, input: z.output<typeof purchaseGiftCardInput>) {
  const gateway = deps.adapters.payments;
  if (!gateway.checkoutKey) throw badRequest('paymentMethod: no live payment gateway is configured on this server', 'paymentMethod');
  if (!input.razorpay_order_id || !input.razorpay_payment_id || !input.razorpay_signature) {
    throw badRequest(
      'razorpay_signature: pay in Razorpay Checkout for an order from createGiftCardOrder, then send its razorpay_order_id, razorpay_payment_id and razorpay_signature',
      'razorpay_signature',
    );
  }
  const order = await repo.findGiftCardOrder(deps.db, input.razorpay_order_id, actor.id);
  if (!order) throw notFound('Payment order');
  // A repeat of a proof already used answers the card it bought.
  const already = async () => purchased(await repo.giftCardOfOrder(deps.db, order.id), actor);
  if (order.status === 'paid') return already();
  const charge = await gateway.charge({
    amount: Number(order.amount),
    description: 'GlowBook gift card',
    receipt: order.id,
    proof: { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature },
  });
  if (!charge.ok)
    throw badRequest(
      charge.error.startsWith('razorpay_signature') ? charge.error : `razorpay_signature: ${charge.error}`,
      'razorpay_signature',
    );
  const details: GiftCardDetails = {
    amount: Number(order.amount),
    recipientName: order.recipient_name ?? undefined,
    recipientEmail: order.recipient_email ?? undefined,
    message: order.message ?? undefined,
  };
  const issued = await deps.db.transaction().execute(async (trx) => {
    // The order row decides between two requests with the same proof: one issues the card.
    const locked = await repo.lockGiftCardOrder(trx, order.id);
    if (locked.status === 'paid') return null;
    const card = await issueGiftCard(trx, deps, actor, details, { method: 'razorpay', reference: charge.reference });
    await repo.markGiftCardOrderPaid(trx, order.id, { reference: charge.reference, giftCardId: card.id });
    return card;
  });
  return issued ? purchased(issued, actor) : already();
}

/** Redeems a code into the caller's wallet, once: the conditional update decides between racers. */
export async function redeemGiftCard(deps: AppDeps, actor: Actor, input: z.output<typeof redeemGiftCardInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const card = await repo.redeemActiveGiftCard(trx, input.code, actor.id);
    if (!card) {
      const exists = await repo.findGiftCardStatus(trx, input.code);
      if (!exists) throw notFound('Gift card');
      throw conflict('code: this gift card has already been redeemed');
    }
    const amount = Number(card.amount);
    const balance = await appendWallet(trx, {
      accountId: actor.id,
      amount,
      kind: 'gift_card_redeemed',
      giftCardId: card.id,
      description: `Gift card ${card.code}`,
    });
    return { data: { amount, balance }, message: `${formatINR(amount)} added to your wallet.` };
  });
}

export async function updateProfile(deps: AppDeps, actor: Actor, input: z.output<typeof updateProfileInput>) {
  // A new number is unverified until its code is entered (it cannot sign in before).
  const updated = await repo.updateCustomerProfile(deps.db, actor.id, input);
  if (!updated) throw notFound('Account');
  return { user: toUserWire(updated), message: 'Profile updated' };
}

function preferencesOf(prefs: unknown) {
  const out = {} as Record<(typeof CUSTOMER_PREFERENCES)[number]['key'], boolean>;
  for (const p of CUSTOMER_PREFERENCES) {
    out[p.key] = p.key === 'marketing' ? (prefs as Record<string, unknown> | null)?.marketing === true : preferenceOn(prefs, p.key);
  }
  return out;
}

export async function getPreferences(deps: AppDeps, actor: Actor) {
  const row = await repo.findNotificationPrefs(deps.db, actor.id);
  return { preferences: preferencesOf(row.notification_prefs) };
}

export async function updatePreferences(deps: AppDeps, actor: Actor, input: z.output<typeof updatePreferencesInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findNotificationPrefs(trx, actor.id, { lock: true });
    const current =
      row.notification_prefs && typeof row.notification_prefs === 'object' && !Array.isArray(row.notification_prefs)
        ? row.notification_prefs
        : {};
    const next = { ...current, ...input.preferences };
    await repo.setNotificationPrefs(trx, actor.id, next);
    return { preferences: preferencesOf(next) };
  });
}
