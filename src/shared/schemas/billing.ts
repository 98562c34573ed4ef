import { z } from 'zod';
import { PLAN_IDS } from '../gst.js';
import { idSchema } from '../validation.js';

export const subscriptionInput = z.object({ merchantId: idSchema.optional() });
export const changePlanInput = z.object({
  merchantId: idSchema.optional(),
  plan: z.enum(PLAN_IDS, { error: 'plan: basic, professional or enterprise' }),
  cardNumber: z.preprocess((v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v), z.string().regex(/^\d{12,19}$/, 'cardNumber: 12 to 19 digits').optional()),
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
});
export type InvoiceWire = z.infer<typeof invoiceWire>;

export const subscriptionAnswer = z.object({
  data: z.object({
    plan: z.enum(PLAN_IDS).nullable(),
    status: z.enum(['active', 'cancelled']).nullable(),
    nextBillingDate: z.string().nullable(),
    cardLast4: z.string().nullable(),
    gateway: z.object({ name: z.string(), testMode: z.boolean() }),
    merchantState: z.string(),
    platformState: z.string(),
    invoices: z.array(invoiceWire),
  }),
});
export const changePlanAnswer = z.object({ success: z.literal(true), message: z.string(), data: z.object({ invoice: invoiceWire }) });

export const adminInvoicesInput = z.object({});
export const adminInvoicesAnswer = z.object({
  data: z.object({
    invoices: z.array(invoiceWire.extend({ salonName: z.string() })),
    totals: z.object({ count: z.number(), base: z.number(), gst: z.number(), total: z.number() }),
    failedPayments: z.number(),
  }),
});
