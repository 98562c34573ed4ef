import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { PaymentMethodWire, startPaymentMethodInput, updatePaymentMethodInput } from '../../../shared/schemas/billing.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as repo from '../../db/repositories/billing.js';
import { type findPaymentMethod, savePaymentMethod } from '../../db/repositories/paymentMethods.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, conflict } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';
import type { SubscriptionRow } from './attempts.js';

/*
 * The card or UPI AutoPay mandate a salon's renewals charge (docs/billing.md "Payment method"):
 * saved through the gateway (its token, never the card number), replacing the one before; the
 * renewal job charges it. The test gateway takes the test card or a test UPI id in our form;
 * Razorpay authorises a recurring payment in Checkout (createMandateOrder) whose token is saved.
 */

type MethodRow = NonNullable<Awaited<ReturnType<typeof findPaymentMethod>>>;

/** The method renewals charge: the one saved last, else the card the subscription was first paid with. */
export function paymentMethodOf(saved: MethodRow | undefined, sub: SubscriptionRow | undefined, gateway: string): PaymentMethodWire | null {
  if (saved)
    return {
      kind: saved.kind,
      last4: saved.card_last4,
      brand: saved.card_brand,
      expMonth: saved.card_exp_month,
      expYear: saved.card_exp_year,
      vpa: saved.upi_vpa,
      gateway: saved.gateway,
      updatedAt: iso(saved.updated_at),
    };
  if (sub?.card_last4)
    return {
      kind: 'card',
      last4: sub.card_last4,
      brand: null,
      expMonth: sub.card_exp_month,
      expYear: sub.card_exp_year,
      vpa: null,
      gateway,
      updatedAt: null,
    };
  return null;
}

/** Whether renewals can charge the salon's method on this gateway. */
export function canChargeSaved(saved: MethodRow | undefined, sub: SubscriptionRow | undefined, gateway: AppDeps['adapters']['payments']) {
  if (!gateway.chargeSaved) return false;
  return saved ? saved.gateway === gateway.name : Boolean(sub?.payment_token);
}

/** Starts saving a method: Razorpay's recurring order to authorise in Checkout, or nothing on the test gateway. */
export async function startPaymentMethod(deps: AppDeps, actor: Actor, input: z.output<typeof startPaymentMethodInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const gateway = deps.adapters.payments;
  if (!gateway.saveMethod) throw conflict(`method: the ${gateway.name} gateway keeps no card or mandate for renewals`);
  let checkout = null;
  if (gateway.createMandateOrder && gateway.checkoutKey) {
    const salon = await repo.findSalonBilling(deps.db, shop);
    const order = await gateway.createMandateOrder({
      receipt: `pm_${randomUUID().replace(/-/g, '').slice(0, 30)}`,
      method: input.method,
      customer: { name: salon.shop_name, email: salon.email || salon.account_email, contact: salon.phone ?? '' },
    });
    checkout = {
      orderId: order.orderId,
      customerId: order.customerRef,
      keyId: gateway.checkoutKey,
      amount: order.amount,
      amountPaise: Math.round(order.amount * 100),
      currency: 'INR' as const,
    };
  }
  return { data: { method: input.method, gateway: gateway.name, testMode: gateway.testMode, checkout } };
}

/**
 * Saves the card or UPI mandate the gateway confirmed as the one renewals charge, and tells the
 * owner by e-mail. A refusal is a 400 naming the field (the card, the UPI id, the proof); nothing
 * changes then.
 */
export async function updatePaymentMethod(deps: AppDeps, actor: Actor, input: z.output<typeof updatePaymentMethodInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const gateway = deps.adapters.payments;
  if (!gateway.saveMethod) throw conflict(`method: the ${gateway.name} gateway keeps no card or mandate for renewals`);
  const proof =
    input.razorpay_order_id && input.razorpay_payment_id && input.razorpay_signature
      ? { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature }
      : undefined;
  const result = await gateway.saveMethod({
    receipt: randomUUID(),
    method: input.method,
    cardNumber: input.cardNumber,
    cardExpiry: input.cardExpiry,
    upiId: input.upiId,
    proof,
  });
  if (!result.ok) {
    const field = /^(\w+):/.exec(result.error)?.[1] ?? (input.method === 'upi' ? 'upiId' : 'cardNumber');
    throw new AppError('BAD_REQUEST', result.error.includes(':') ? result.error : `${field}: ${result.error}`, field);
  }
  const m = result.method;
  const saved = await deps.db.transaction().execute(async (trx) => {
    const row = await savePaymentMethod(trx, {
      merchant_id: shop,
      gateway: gateway.name,
      kind: m.kind,
      token: m.token,
      customer_ref: m.customerRef,
      card_last4: m.last4,
      card_brand: m.brand,
      card_exp_month: m.expMonth,
      card_exp_year: m.expYear,
      upi_vpa: m.vpa,
    });
    const salon = await repo.findSalonBilling(trx, shop);
    const what = describe(m.kind, m.last4, m.brand, m.vpa);
    await queueMessage(trx, {
      channel: 'email',
      to: salon.email || salon.account_email,
      accountId: shop,
      subject: 'Your GlowBook payment method was changed',
      body: `Hi,\n\nYour plan renewals will now be charged to ${what}. If you did not make this change, contact GlowBook support at once.\n\nGlowBook`,
      meta: { purpose: 'payment_method_changed', merchantId: shop },
    });
    if (actor.role === 'admin') await recordAudit(trx, actor.id, 'billing.payment_method', 'merchant', shop, { kind: m.kind });
    return row;
  });
  const wire = paymentMethodOf(saved, undefined, gateway.name)!;
  return {
    success: true as const,
    message: `Renewals will be charged to ${describe(wire.kind, wire.last4, wire.brand, wire.vpa)}.`,
    data: wire,
  };
}

function describe(kind: 'card' | 'upi', last4: string | null, brand: string | null, vpa: string | null): string {
  return kind === 'upi' ? `UPI AutoPay (${vpa})` : `${brand ? `${brand} ` : ''}card ending ${last4}`;
}
