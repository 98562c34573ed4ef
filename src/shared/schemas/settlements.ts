import { z } from 'zod';
import { ISO_DATE_RE, idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { pagingWire, queryPageFields } from './paging.js';

/* Settlement statements and payouts (docs/payments.md "Settlement"). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const date = (field: string) =>
  z
    .string({ error: `${field}: a date YYYY-MM-DD` })
    .regex(ISO_DATE_RE, `${field}: a date YYYY-MM-DD that exists`)
    .meta({ format: 'date', example: '2026-12-01' });

/** The longest period one statement covers. */
export const SETTLEMENT_MAX_DAYS = 366;

export const settlementInput = z
  .object({
    /** An admin names the salon; a merchant's is its own. */
    merchantId: z.preprocess(blankToUndefined, idSchema.optional()),
    /** A month (India dates), or a from–to period. */
    month: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'month: YYYY-MM' })
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM')
        .optional(),
    ),
    from: z.preprocess(blankToUndefined, date('from').optional()),
    to: z.preprocess(blankToUndefined, date('to').optional()),
  })
  .superRefine((v, ctx) => {
    if (v.month && (v.from || v.to))
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'month: give a month or from and to, not both' });
    else if (!v.month && !(v.from && v.to))
      ctx.addIssue({ code: 'custom', path: [v.from ? 'to' : 'from'], message: `${v.from ? 'to' : 'from'}: give a month, or from and to` });
    else if (v.from && v.to) {
      const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to: on or after from' });
      else if (days >= SETTLEMENT_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `to: a statement covers at most ${SETTLEMENT_MAX_DAYS} days` });
    }
  });

export const settlementLineWire = z.object({
  paymentId: z.string(),
  bookingId: z.string(),
  /** The booking reference as shown (#44947DD4). */
  bookingReference: z.string(),
  customer: z.string(),
  paidAt: z.string(),
  appointment: z.object({ date: z.string(), time: z.string() }),
  bookingStatus: z.string(),
  /** marketplace (10 % commission) or direct (0 %). */
  channel: z.string(),
  gateway: z.string(),
  /** The gateway's payment id. */
  reference: z.string(),
  collected: z.number(),
  /** Paid from the customer's GlowBook wallet beside the online amount (not part of collected). */
  walletPaid: z.number(),
  fee: z.number(),
  feeTax: z.number(),
  /** False when the gateway did not report its fee and it is estimated at the standard rate. */
  feeReported: z.boolean(),
  refunded: z.number(),
  commission: z.number(),
  net: z.number(),
  state: z.enum(['payable', 'held', 'refunded']),
});
export type SettlementLineWire = z.infer<typeof settlementLineWire>;

export const payoutWire = z.object({
  _id: z.string(),
  amount: z.number(),
  reference: z.string(),
  paidOn: z.string(),
  createdAt: z.string(),
});

export const settlementAnswer = z.object({
  data: z.object({
    merchantId: z.string(),
    salonName: z.string(),
    from: z.string(),
    to: z.string(),
    rates: z.object({ commission: z.number(), directCommission: z.number(), gatewayFee: z.number(), gatewayFeeGst: z.number() }),
    lines: z.array(settlementLineWire),
    totals: z.object({
      payments: z.number(),
      collected: z.number(),
      fees: z.number(),
      refunds: z.number(),
      commission: z.number(),
      net: z.number(),
      /** Net of the lines whose appointment is still to come. */
      held: z.number(),
      /** Net of the settled lines: what this period adds to the salon's balance. */
      payable: z.number(),
    }),
    /** Payouts made in the period. */
    payouts: z.array(payoutWire),
    /** The salon's balance to date, whatever the period: settled net, held, paid out, and due. */
    balance: z.object({ settledNet: z.number(), held: z.number(), paidOut: z.number(), due: z.number() }),
  }),
});
export type SettlementWire = z.infer<typeof settlementAnswer>['data'];

export const settlementCsvAnswer = z.object({ filename: z.string(), csv: z.string() });

/** Salons by name, a page at a time; the totals are of every salon, not the page. */
export const payablesInput = z.object(queryPageFields(20, 200));
export const payablesAnswer = z.object({
  data: z.object({
    salons: z.array(
      z.object({
        merchantId: z.string(),
        salonName: z.string(),
        city: z.string(),
        payments: z.number(),
        collected: z.number(),
        settledNet: z.number(),
        held: z.number(),
        paidOut: z.number(),
        due: z.number(),
        lastPayoutOn: z.string().nullable(),
      }),
    ),
    totals: z.object({ due: z.number(), held: z.number(), paidOut: z.number() }).describe('Of every salon, not the page'),
    paging: pagingWire,
  }),
});

export const recordPayoutInput = z.object({
  merchantId: idSchema,
  amount: jsonValue(
    z.number({ error: 'amount: a number of rupees' }).positive('amount: more than 0').multipleOf(0.01, 'amount: at most two decimals'),
  ),
  reference: z
    .string({ error: 'reference: the UTR or bank reference of the transfer' })
    .trim()
    .min(3, 'reference: the UTR or bank reference (at least 3 characters)')
    .max(100, 'reference: at most 100 characters'),
  paidOn: date('paidOn'),
});
/** Form inputs send numbers as text; blank text is "missing", not 0. */
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v);
export const recordPayoutForm = recordPayoutInput.pick({ reference: true, paidOn: true }).extend({
  amount: z.preprocess(numberFromText, recordPayoutInput.shape.amount),
});
export const recordPayoutAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  /** False when this reference was recorded before: the same payout, answered again. */
  created: z.boolean(),
  data: payoutWire,
});
