import type { z } from 'zod';
import { round2 } from '../../../shared/money.js';
import {
  type BookingPaymentTerms,
  bookingPaymentTerms,
  type PaymentPolicy,
  type PaymentPolicyKind,
  paymentTermsText,
} from '../../../shared/paymentPolicy.js';
import { servicePrice } from '../../../shared/policy.js';
import type {
  bookingTermsInput,
  paymentPolicySettingsInput,
  setSalonPaymentPolicyInput,
  setServicePaymentPolicyInput,
} from '../../../shared/schemas/paymentPolicy.js';
import * as repo from '../../db/repositories/payments.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';

/*
 * The payment policy of a salon and of its services (docs/payments.md: payment policy): what a
 * booking must pay online when it is made. placeBooking enforces it (services/bookings/create.ts);
 * startBookingPayment charges its dueNow.
 */

interface PolicyColumns {
  payment_policy: PaymentPolicyKind | null;
  deposit_percent: number | null;
  deposit_fixed: string | number | null;
}

export function policyOf(row: PolicyColumns | undefined | null): PaymentPolicy | null {
  if (!row?.payment_policy) return null;
  return {
    kind: row.payment_policy,
    depositPercent: row.deposit_percent,
    depositFixed: row.deposit_fixed == null ? null : Number(row.deposit_fixed),
  };
}

export const PAY_AT_SALON: PaymentPolicy = { kind: 'pay_at_salon', depositPercent: null, depositFixed: null };

/**
 * The terms of a booking of these services (priced as the booking prices them, each with its own
 * policy) at a salon with this policy, for this total. A booking reads the policies with the salon
 * and its services (loadSalonDay), so its terms cost no statement.
 */
export function bookingTermsFor(
  salon: { paymentPolicy: PaymentPolicy; services: readonly { price: number; policy?: PaymentPolicy | null }[] },
  total: number,
): BookingPaymentTerms {
  return bookingPaymentTerms(
    salon.paymentPolicy,
    salon.services.map((s) => ({ price: s.price, policy: s.policy ?? null })),
    total,
  );
}

/** The refusal of a booking paid at the salon where the policy asks for payment at booking. */
export function payAtSalonRefusal(terms: BookingPaymentTerms): string | null {
  if (terms.kind === 'pay_at_salon') return null;
  return terms.kind === 'deposit'
    ? `paymentMethod: this salon asks for a deposit of ₹${terms.dueNow} when you book: pay it online (or the whole booking from your wallet)`
    : 'paymentMethod: this salon asks for payment online when you book: pay now online or from your wallet';
}

/** What the checkout shows before paying: the terms of these services at this salon, and their text. */
export async function bookingTerms(deps: AppDeps, input: z.output<typeof bookingTermsInput>) {
  const { salon, services } = await repo.paymentPoliciesOf(deps.db, input.merchantId, input.serviceIds);
  if (!salon) throw notFound('Salon');
  const priced = input.serviceIds.map((id) => {
    const s = services.find((r) => r.id === id);
    if (!s) throw badRequest('serviceIds: a service is not this salon’s', 'serviceIds');
    return {
      price: servicePrice({
        price: Number(s.price),
        discountType: s.discount_type,
        discountValue: Number(s.discount_value),
        discountActive: s.discount_active,
      }),
      policy: policyOf(s),
    };
  });
  const total = round2(priced.reduce((sum, s) => sum + s.price, 0));
  const terms = bookingTermsFor({ paymentPolicy: policyOf(salon) ?? PAY_AT_SALON, services: priced }, total);
  return { data: { ...terms, total, text: paymentTermsText(terms), payAtSalon: terms.kind === 'pay_at_salon' } };
}

export async function paymentPolicySettings(deps: AppDeps, actor: Actor, input: z.output<typeof paymentPolicySettingsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const [{ salon }, services] = await Promise.all([
    repo.paymentPoliciesOf(deps.db, merchantId, []),
    repo.servicePoliciesOfSalon(deps.db, merchantId),
  ]);
  return {
    data: {
      salon: policyOf(salon) ?? PAY_AT_SALON,
      services: services.map((s) => ({ _id: s.id, name: s.name, price: Number(s.price), policy: policyOf(s) })),
    },
  };
}

export async function setSalonPaymentPolicy(deps: AppDeps, actor: Actor, input: z.output<typeof setSalonPaymentPolicyInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await repo.setSalonPaymentPolicy(deps.db, merchantId, {
    payment_policy: input.kind,
    deposit_percent: input.depositPercent,
    deposit_fixed: input.depositFixed,
  });
  return paymentPolicySettings(deps, actor, { merchantId });
}

/** A service's own policy (kind null: the salon's again). A fixed deposit is at most the service's price. */
export async function setServicePaymentPolicy(deps: AppDeps, actor: Actor, input: z.output<typeof setServicePaymentPolicyInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await deps.db.transaction().execute(async (trx) => {
    // Locked, so a price lowered meanwhile cannot slip under the fixed deposit checked here.
    const service = await repo.lockServicePrice(trx, merchantId, input.serviceId);
    if (!service) throw notFound('Service');
    if (input.depositFixed != null && input.depositFixed > Number(service.price))
      throw badRequest(`depositFixed: at most the service's price, ₹${Number(service.price)}`, 'depositFixed');
    await repo.setServicePaymentPolicy(trx, merchantId, input.serviceId, {
      payment_policy: input.kind,
      deposit_percent: input.depositPercent,
      deposit_fixed: input.depositFixed,
    });
  });
  return paymentPolicySettings(deps, actor, { merchantId });
}
