import { z } from 'zod';
import { orList, PLAN_IDS, TIER_IDS } from '../constants.js';
import { gstinSchema } from '../gstin.js';
import { idSchema } from '../validation.js';
import { pagingWire, queryPageFields } from './paging.js';

export const subscriptionInput = z.object({ merchantId: idSchema.optional() });

const planField = z.enum(PLAN_IDS, { error: `plan: ${orList(PLAN_IDS)}` });
/**
 * One id per payment attempt, made by the client when the owner starts paying: the same id sent
 * again (a double click, a retry after a lost answer) is the same payment, never a second charge.
 */
const attemptIdField = z.string({ error: 'attemptId: a UUID' }).uuid('attemptId: a UUID').optional();
const rzpField = (name: string) =>
  z
    .string({ error: `${name}: from Razorpay Checkout` })
    .trim()
    .min(1, `${name}: from Razorpay Checkout`)
    .max(100, `${name}: from Razorpay Checkout`)
    .regex(/^[\w-]+$/, `${name}: from Razorpay Checkout`);

/** 'MM/YY' or 'MM/YYYY' → {month, year}. */
export function parseCardExpiry(v: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(v);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 && year <= 2200 ? { month, year } : null;
}

export const changePlanInput = z
  .object({
    merchantId: idSchema.optional(),
    plan: planField,
    attemptId: attemptIdField,
    cardNumber: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
      z
        .string({ error: 'cardNumber: 12 to 19 digits' })
        .regex(/^\d{12,19}$/, 'cardNumber: 12 to 19 digits')
        .optional(),
    ),
    /** The test card's expiry, 'MM/YY'. */
    cardExpiry: z
      .string({ error: 'cardExpiry: MM/YY' })
      .max(10, 'cardExpiry: MM/YY')
      .transform((v, ctx) => {
        const e = parseCardExpiry(v);
        if (!e) ctx.addIssue({ code: 'custom', message: 'cardExpiry: MM/YY' });
        return e ?? { month: 1, year: 2000 };
      })
      .optional(),
    /** Razorpay Checkout's answer for an order from createPlanOrder. */
    razorpay_order_id: rzpField('razorpay_order_id').optional(),
    razorpay_payment_id: rzpField('razorpay_payment_id').optional(),
    razorpay_signature: z
      .string({ error: 'razorpay_signature: from Razorpay Checkout' })
      .regex(/^[0-9a-f]{64}$/i, 'razorpay_signature: from Razorpay Checkout')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const proof = [v.razorpay_order_id, v.razorpay_payment_id, v.razorpay_signature].filter(Boolean).length;
    if (proof > 0 && proof < 3)
      ctx.addIssue({
        code: 'custom',
        path: ['razorpay_signature'],
        message: 'razorpay_signature: send razorpay_order_id, razorpay_payment_id and razorpay_signature together',
      });
  });

/**
 * The plan checkout's test-mode card (no real money moves; asked only without Razorpay Checkout):
 * the number (blank: none) and the expiry, which the checkout asks for, checked by changePlan's
 * own rules. Its output is what is sent: the expiry as typed.
 */
const testCardFields = z.object({ cardNumber: changePlanInput.shape.cardNumber, cardExpiry: changePlanInput.shape.cardExpiry });
export const testCardForm = z
  .object({ cardNumber: z.string(), cardExpiry: z.string().trim().min(1, 'Enter the card expiry (MM/YY).') })
  .transform((v): z.input<typeof testCardFields> => ({ cardNumber: v.cardNumber.trim() || undefined, cardExpiry: v.cardExpiry }))
  .superRefine((card, ctx) => {
    const checked = testCardFields.safeParse(card);
    if (!checked.success) for (const { path, message } of checked.error.issues) ctx.addIssue({ code: 'custom', path, message });
  });

/** The tiers a salon can move down to: every one below the top plan. */
const LOWER_TIERS = z.enum(TIER_IDS).exclude(['enterprise']).options;
/** A downgrade or leaving for Free ('free'), at the end of the paid period. */
export const schedulePlanChangeInput = z.object({
  merchantId: idSchema.optional(),
  plan: z.enum(LOWER_TIERS, { error: `plan: ${orList(LOWER_TIERS)}` }),
});
const scheduledChangeWire = z.object({ plan: z.enum(TIER_IDS), on: z.string() }).nullable();
export const scheduledChangeAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ scheduledChange: scheduledChangeWire }),
});
export const cancelScheduledChangeInput = z.object({ merchantId: idSchema.optional() });

export const createPlanOrderInput = z.object({ merchantId: idSchema.optional(), plan: planField, attemptId: attemptIdField });
export const createPlanOrderAnswer = z.object({
  data: z.object({
    attemptId: z.string(),
    orderId: z.string(),
    /** Rupees, as every amount on the wire (the client hands Checkout paise). */
    amount: z.number(),
    currency: z.literal('INR'),
    keyId: z.string(),
    description: z.string(),
  }),
});

const invoiceWire = z.object({
  _id: z.string(),
  number: z.string(),
  date: z.string(),
  description: z.string(),
  plan: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  baseAmount: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  amount: z.number(),
  status: z.enum(['paid', 'pending', 'failed']),
  gateway: z.string(),
  /** SAC of the service, and the GST facts as issued (GSTINs are null on invoices from before they were kept). */
  sac: z.string(),
  placeOfSupply: z.string(),
  supplierGstin: z.string().nullable(),
  recipientGstin: z.string().nullable(),
});

const creditNoteWire = z.object({
  _id: z.string(),
  number: z.string(),
  date: z.string(),
  /** The invoice it reduces. */
  invoiceNumber: z.string(),
  reason: z.enum(['proration', 'refund', 'cancellation']),
  description: z.string(),
  baseAmount: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  amount: z.number(),
  /** A cancellation's refund as the gateway reported it: none (refunded outside GlowBook, or nothing to refund), queued, refunded, failed. */
  refund: z.object({
    status: z.enum(['none', 'queued', 'refunded', 'failed']),
    reference: z.string().nullable(),
    error: z.string().nullable(),
  }),
});
export type CreditNoteWire = z.infer<typeof creditNoteWire>;

const planQuoteWire = z.object({
  plan: z.enum(PLAN_IDS),
  /** current; new (a month from today at due); upgrade (due now: the new plan's prorated charge less the credit); downgrade (on the period's end). */
  kind: z.enum(['current', 'new', 'upgrade', 'downgrade']),
  due: z.number().nullable(),
  credit: z.number().nullable(),
  charge: z.number().nullable(),
  days: z.number().nullable(),
  periodDays: z.number().nullable(),
  on: z.string().nullable(),
});
export type InvoiceWire = z.infer<typeof invoiceWire>;

/**
 * A plan payment besides the invoices: in_progress (being paid or fulfilled), failed, or a late
 * payment that was not applied (its order replaced or expired, or its plan changed since it was
 * priced) and is refunded in full: refunding, refunded (refundReference), refund_due (the gateway
 * could not refund it; GlowBook refunds it by hand). Superseded orders were never paid and are not listed.
 */
const planPaymentWire = z.object({
  _id: z.string(),
  date: z.string(),
  plan: z.enum(PLAN_IDS).nullable(),
  purpose: z.enum(['change', 'renewal', 'upgrade']),
  amount: z.number(),
  status: z.enum(['in_progress', 'failed', 'refunding', 'refunded', 'refund_due']),
  reason: z.string().nullable(),
  refundReference: z.string().nullable(),
});
export type PlanPaymentWire = z.infer<typeof planPaymentWire>;

export const paymentMethodWire = z.object({
  kind: z.enum(['card', 'upi']),
  /** The card's last four digits (null for UPI). */
  last4: z.string().nullable(),
  /** The card network as the gateway named it (Visa, MasterCard, RuPay), when it did. */
  brand: z.string().nullable(),
  expMonth: z.number().nullable(),
  expYear: z.number().nullable(),
  /** The UPI id of an AutoPay mandate. */
  vpa: z.string().nullable(),
  gateway: z.string(),
  updatedAt: z.string().nullable(),
});
export type PaymentMethodWire = z.infer<typeof paymentMethodWire>;

export const startPaymentMethodInput = z.object({
  merchantId: idSchema.optional(),
  method: z.enum(['card', 'upi'], { error: 'method: card or upi' }),
});
export const startPaymentMethodAnswer = z.object({
  data: z.object({
    method: z.enum(['card', 'upi']),
    gateway: z.string(),
    testMode: z.boolean(),
    /** Razorpay: the recurring order to authorise in Checkout (₹1, refunded), its customer and key; null on the test gateway, whose form takes the card or UPI id. */
    checkout: z
      .object({
        orderId: z.string(),
        customerId: z.string(),
        keyId: z.string(),
        amount: z.number().describe('Rupees, as every amount on the wire; hand Checkout Math.round(amount * 100) paise'),
        amountPaise: z.number().meta({ deprecated: true }).describe('Deprecated: the same amount in paise (amount × 100); read `amount`'),
        currency: z.literal('INR'),
      })
      .nullable(),
  }),
});

export const updatePaymentMethodInput = z
  .object({
    merchantId: idSchema.optional(),
    method: z.enum(['card', 'upi'], { error: 'method: card or upi' }),
    cardNumber: changePlanInput.shape.cardNumber,
    cardExpiry: changePlanInput.shape.cardExpiry,
    /** The test gateway's UPI id (success@razorpay is approved, failure@razorpay declined). */
    upiId: z
      .string({ error: 'upiId: a UPI id such as name@bank' })
      .trim()
      .max(256, 'upiId: at most 256 characters')
      .regex(/^[\w.-]{2,256}@[a-z]{2,64}$/i, 'upiId: a UPI id such as name@bank')
      .optional(),
    razorpay_order_id: changePlanInput.shape.razorpay_order_id,
    razorpay_payment_id: changePlanInput.shape.razorpay_payment_id,
    razorpay_signature: changePlanInput.shape.razorpay_signature,
  })
  .superRefine((v, ctx) => {
    const proof = [v.razorpay_order_id, v.razorpay_payment_id, v.razorpay_signature].filter(Boolean).length;
    if (proof > 0 && proof < 3)
      ctx.addIssue({
        code: 'custom',
        path: ['razorpay_signature'],
        message: 'razorpay_signature: send the order id, payment id and signature together',
      });
    if (proof === 0 && v.method === 'card' && !v.cardNumber)
      ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: 'cardNumber: enter the card number' });
    if (proof === 0 && v.method === 'card' && !v.cardExpiry)
      ctx.addIssue({ code: 'custom', path: ['cardExpiry'], message: 'cardExpiry: MM/YY' });
    if (proof === 0 && v.method === 'upi' && !v.upiId)
      ctx.addIssue({ code: 'custom', path: ['upiId'], message: 'upiId: a UPI id such as name@bank' });
  });
export const updatePaymentMethodAnswer = z.object({ success: z.literal(true), message: z.string(), data: paymentMethodWire });

export const subscriptionAnswer = z.object({
  data: z.object({
    plan: z.enum(PLAN_IDS).nullable(),
    status: z.enum(['active', 'cancelled', 'expired']).nullable(),
    /** What the salon has now: its active paid plan, or free. */
    tier: z.enum(TIER_IDS),
    scheduledChange: scheduledChangeWire,
    /** Staff on the team (not Inactive) against the plan's limit (null: unlimited). */
    usage: z.object({ staff: z.object({ onTeam: z.number(), limit: z.number().nullable() }) }),
    quotes: z.array(planQuoteWire),
    /** The day the plan renews (or, with no card the gateway can charge, ends). */
    nextBillingDate: z.string().nullable(),
    cardLast4: z.string().nullable(),
    /** The card or UPI AutoPay mandate renewals charge (docs/billing.md "Payment method"). */
    paymentMethod: paymentMethodWire.nullable(),
    /** Whether the plan renews by itself at nextBillingDate (a saved card), or needs the owner to pay. */
    autoRenew: z.boolean(),
    /** checkoutKey: the Razorpay key id when payments run in Razorpay Checkout. */
    gateway: z.object({ name: z.string(), testMode: z.boolean(), checkoutKey: z.string().nullable() }),
    merchantState: z.string(),
    platformState: z.string(),
    gst: z.object({ salonGstin: z.string().nullable(), platformGstin: z.string(), sac: z.string() }),
    invoices: z.array(invoiceWire),
    creditNotes: z.array(creditNoteWire),
    /** Plan payments that are not invoices (added after the invoices; older clients ignore it). */
    payments: z.array(planPaymentWire),
  }),
});
export const changePlanAnswer = z.object({ success: z.literal(true), message: z.string(), data: z.object({ invoice: invoiceWire }) });

/** An admin cancels a paid invoice: a credit note for what is not yet credited, refunded through the gateway. */
export const cancelInvoiceInput = z.object({
  invoiceId: idSchema,
  reason: z
    .string({ error: 'reason: say why the invoice is cancelled' })
    .trim()
    .min(3, 'reason: say why the invoice is cancelled')
    .max(200, 'reason: at most 200 characters'),
});
export const cancelInvoiceAnswer = z.object({ success: z.literal(true), message: z.string(), creditNote: creditNoteWire });

/** The invoices page newest first; the totals are of every invoice. */
export const adminInvoicesInput = z.object(queryPageFields(200, 500));
export const adminInvoicesAnswer = z.object({
  data: z.object({
    invoices: z.array(
      invoiceWire.extend({
        salonName: z.string(),
        /** Taxable value credit notes have taken off it (prorations, a cancellation). */
        credited: z.number(),
        /** Its cancellation's credit note (number and refund), when it was cancelled. */
        cancellation: z.object({ number: z.string(), amount: z.number(), refund: creditNoteWire.shape.refund }).nullable(),
      }),
    ),
    /** Paid invoices less credit notes: `base` and `gst` are net of every credit note issued. */
    totals: z.object({
      count: z.number(),
      base: z.number(),
      gst: z.number(),
      total: z.number(),
      credited: z.number(),
      creditNotes: z.number(),
    }),
    failedPayments: z.number(),
    /** Late plan payments the gateway could not refund: to refund by hand. */
    refundsDue: z.number(),
    paging: pagingWire,
  }),
});

/** The salon's GSTIN for its tax invoices; blank removes it. */
export const updateGstinInput = z.object({ merchantId: idSchema.optional(), gstin: gstinSchema });
export const updateGstinAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  gstin: z.string().nullable(),
  state: z.string(),
});
export type AdminInvoicesAnswer = z.infer<typeof adminInvoicesAnswer>;
