import { z } from 'zod';
import { PAYMENT_POLICIES } from '../paymentPolicy.js';
import { idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';

/* A salon's payment policy and its services' own (docs/payments.md: payment policy). */

const kind = z.enum(PAYMENT_POLICIES, { error: 'kind: pay_at_salon, deposit or online' });
const depositPercent = jsonValue(
  z
    .number({ error: 'depositPercent: a whole percent' })
    .int('depositPercent: a whole percent')
    .min(1, 'depositPercent: 1 to 100')
    .max(100, 'depositPercent: 1 to 100'),
).nullable();
const depositFixed = jsonValue(
  z
    .number({ error: 'depositFixed: an amount in ₹' })
    .min(1, 'depositFixed: at least ₹1')
    .max(1_000_000, 'depositFixed: at most ₹10,00,000')
    .refine((v) => Number.isInteger(v * 100), 'depositFixed: at most two decimals'),
).nullable();

const policyFields = {
  depositPercent: depositPercent.optional().default(null),
  depositFixed: depositFixed.optional().default(null),
};

/** A deposit names exactly one of percent and fixed; other kinds name neither. */
function depositRule<T extends { kind: string | null; depositPercent: number | null; depositFixed: number | null }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.kind === 'deposit') {
    if (v.depositPercent == null && v.depositFixed == null)
      ctx.addIssue({
        code: 'custom',
        path: ['depositPercent'],
        message: 'depositPercent: give a percent or a fixed amount for the deposit',
      });
    if (v.depositPercent != null && v.depositFixed != null)
      ctx.addIssue({ code: 'custom', path: ['depositFixed'], message: 'depositFixed: give a percent or a fixed amount, not both' });
  } else if (v.depositPercent != null || v.depositFixed != null) {
    ctx.addIssue({ code: 'custom', path: ['depositPercent'], message: 'depositPercent: only a deposit takes a percent or an amount' });
  }
}

export const paymentPolicyWire = z.object({
  kind,
  depositPercent: z.number().nullable(),
  depositFixed: z.number().nullable(),
});

export const paymentPolicySettingsInput = z.object({ merchantId: idSchema.optional() });
export const paymentPolicySettingsAnswer = z.object({
  data: z.object({
    salon: paymentPolicyWire,
    services: z.array(z.object({ _id: z.string(), name: z.string(), price: z.number(), policy: paymentPolicyWire.nullable() })),
  }),
});

export const setSalonPaymentPolicyInput = z.object({ merchantId: idSchema.optional(), kind, ...policyFields }).superRefine(depositRule);

/** A service's own policy without its ids (the service form checks it before the service is saved). */
export const servicePaymentPolicyFields = z.object({ kind: kind.nullable(), ...policyFields }).superRefine(depositRule);

export const setServicePaymentPolicyInput = z
  .object({ merchantId: idSchema.optional(), serviceId: idSchema, kind: kind.nullable(), ...policyFields })
  .superRefine(depositRule);

export const bookingTermsInput = z.object({
  merchantId: idSchema,
  serviceIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(idSchema, { error: 'serviceIds: choose at least one service' })
      .min(1, 'serviceIds: choose at least one service')
      .max(20, 'serviceIds: at most 20'),
  ),
});
export const bookingTermsWire = z.object({
  kind,
  dueNow: z.number(),
  dueAtSalon: z.number(),
  total: z.number(),
  text: z.string(),
  /** Whether a booking may be paid at the salon (false: pay online or from the wallet). */
  payAtSalon: z.boolean(),
});
export const bookingTermsAnswer = z.object({ data: bookingTermsWire });

export const upholdNoShowDisputeInput = z.object({ id: idSchema });
export const upholdNoShowDisputeAnswer = z.object({
  data: z.object({ refunded: z.number(), walletCredit: z.number(), gatewayRefund: z.number() }),
  message: z.string(),
});
