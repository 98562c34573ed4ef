import { z } from 'zod';
import { idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const commissionInput = z.object({ merchantId: z.preprocess(blankToUndefined, idSchema.optional()) });

export const commissionMonthWire = z.object({
  month: z.string(),
  completedBookings: z.number(),
  /** Completed bookings made through the salon's own link, widget or poster: no commission on them. */
  directBookings: z.number(),
  noShows: z.number(),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  paid: z.number(),
  outstanding: z.number(),
});

export const commissionAnswer = z.object({
  data: z.object({
    /** The commission rate on marketplace bookings (0.1). */
    rate: z.number(),
    /** The commission rate on direct bookings (0). */
    directRate: z.number(),
    months: z.array(commissionMonthWire),
    totals: commissionMonthWire.omit({ month: true }),
    payments: z.array(z.object({ _id: z.string(), month: z.string(), amount: z.number(), reference: z.string(), createdAt: z.string() })),
  }),
});

export const recordCommissionPaymentInput = z.object({
  merchantId: idSchema,
  month: z.string({ error: 'month: YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM'),
  amount: jsonValue(
    z.number({ error: 'amount: a number of rupees' }).positive('amount: more than 0').multipleOf(0.01, 'amount: at most two decimals'),
  ),
  reference: z
    .string({ error: 'reference: the bank or UPI reference' })
    .trim()
    .min(3, 'reference: the bank or UPI reference (at least 3 characters)')
    .max(100, 'reference: at most 100 characters'),
});
/** Form inputs send numbers as text; blank text is "missing", not 0. */
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v);
/**
 * The admin's Record payment form: the amount as typed (text), then the server's rules; the salon
 * and the month are the form's own, not fields.
 */
export const recordCommissionPaymentForm = recordCommissionPaymentInput.pick({ reference: true }).extend({
  amount: z.preprocess(numberFromText, recordCommissionPaymentInput.shape.amount),
});
export const recordCommissionPaymentAnswer = z.object({ success: z.literal(true), message: z.string() });
