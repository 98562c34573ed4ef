import { z } from 'zod';
import { idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { bodyPageFields, pagingWire } from './paging.js';
import { blankToUndefined, DISCOUNT_TYPES, intSchema, merchantIdField, moneySchema, realDateSchema } from './shop.js';

export const COUPON_CODE_RE = /^[A-Z0-9_-]{3,30}$/;
export const COUPON_STATUSES = ['active', 'expired', 'used_up', 'inactive', 'scheduled'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * A coupon code as the server takes it: 3 to 30 ASCII letters, digits, - or _, blanks around it
 * trimmed, stored upper-case (COUPON_CODE_RE). The pattern is the document's too (api-clients.md).
 */
export const COUPON_CODE_INPUT_RE = /^\s*[A-Za-z0-9_-]{3,30}\s*$/;

const codeSchema = z
  .string({ error: 'Coupon code is required.' })
  .regex(COUPON_CODE_INPUT_RE, 'Use 3 to 30 letters, digits, - or _.')
  .transform((v) => v.trim().toUpperCase())
  .describe('3 to 30 letters, digits, - or _; stored upper-case');

const optionalDate = z.preprocess(blankToUndefined, realDateSchema.nullable().optional());

const couponFields = {
  code: codeSchema,
  description: z.string().trim().max(300, 'Keep the description under 300 characters.'),
  discountType: z.enum(DISCOUNT_TYPES, { error: 'Choose a flat or percentage discount.' }),
  discountValue: moneySchema('Discount', { positive: true, max: 1_000_000 }),
  minAmount: moneySchema('Minimum amount', { max: 10_000_000 }),
  maxDiscount: z.preprocess(blankToUndefined, moneySchema('Maximum discount', { positive: true, max: 1_000_000 }).nullable().optional()),
  validFrom: optionalDate,
  validUntil: optionalDate,
  /** The customer doc's name for the last valid day; same as validUntil. */
  expiryDate: optionalDate,
  usageLimit: z.preprocess(blankToUndefined, intSchema('Usage limit', 1, 10_000_000).nullable().optional()),
  active: jsonValue(z.boolean()),
};

type Dated = {
  discountType?: 'flat' | 'percentage';
  discountValue?: number;
  validFrom?: string | null;
  validUntil?: string | null;
  expiryDate?: string | null;
};

/** The rules that span fields: a percentage is at most 100, the window runs forwards, expiryDate agrees. */
function couponRules(v: Dated, ctx: z.RefinementCtx) {
  if (v.discountType === 'percentage' && v.discountValue !== undefined && v.discountValue > 100) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Discount percentage cannot exceed 100%.' });
  }
  if (v.validUntil && v.expiryDate && v.validUntil !== v.expiryDate) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'Does not match validUntil.' });
  }
  const until = v.validUntil ?? v.expiryDate;
  if (v.validFrom && until && v.validFrom > until) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end date must not be before the start date.' });
  }
}

export const createCouponInput = z
  .object({
    merchantId: merchantIdField,
    ...couponFields,
    description: couponFields.description.default(''),
    minAmount: couponFields.minAmount.default(0),
    active: couponFields.active.default(true),
  })
  .superRefine(couponRules);

export const updateCouponInput = z
  .object({
    merchantId: merchantIdField,
    couponId: idSchema,
    code: couponFields.code.optional(),
    description: couponFields.description.optional(),
    discountType: couponFields.discountType.optional(),
    discountValue: couponFields.discountValue.optional(),
    minAmount: couponFields.minAmount.optional(),
    maxDiscount: couponFields.maxDiscount,
    validFrom: couponFields.validFrom,
    validUntil: couponFields.validUntil,
    expiryDate: couponFields.expiryDate,
    usageLimit: couponFields.usageLimit,
    active: couponFields.active.optional(),
  })
  .superRefine(couponRules);

export const couponTargetInput = z.object({ merchantId: merchantIdField, couponId: idSchema });
export const couponsListInput = z.object({ merchantId: merchantIdField, ...bodyPageFields(200, 500) });

/** A coupon's rules, on every answer that carries a coupon or an offer (shared/offers.ts words them). */
export const offerRuleFields = {
  /** The cheapest of 2+ services free, */
  buyOneGetOne: z.boolean(),
  /** Saturday and Sunday appointments only, */
  weekendOnly: z.boolean(),
  /** the customer's first booking only, */
  firstBookingOnly: z.boolean(),
  /** only services of this category. */
  serviceCategory: z.string().nullable(),
};

export const couponWire = z.object({
  _id: z.string(),
  /** Null for a platform coupon (valid at every salon). */
  merchantId: z.string().nullable(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  minAmount: z.number(),
  maxDiscount: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Same as validUntil (the customer doc's name). */
  expiryDate: z.string().nullable(),
  usageLimit: z.number().nullable(),
  usedCount: z.number(),
  active: z.boolean(),
  /** Judged on the salon's today: inactive, expired, used_up, scheduled (not started) or active. */
  status: z.enum(COUPON_STATUSES),
  createdAt: z.string(),
  ...offerRuleFields,
});
export type CouponWire = z.infer<typeof couponWire>;

export const couponAnswer = z.object({ coupon: couponWire });
export const couponsAnswer = z.object({ coupons: z.array(couponWire), paging: pagingWire });
export const deleteCouponAnswer = z.object({ message: z.string(), deactivated: z.boolean() });

/** A coupon's standing on a salon-local date, in the order that explains it best. */
export function couponStatus(
  c: { active: boolean; validFrom: string | null; validUntil: string | null; usageLimit: number | null; usedCount: number },
  today: string,
): CouponStatus {
  if (!c.active) return 'inactive';
  if (c.validUntil && today > c.validUntil) return 'expired';
  if (c.usageLimit != null && c.usedCount >= c.usageLimit) return 'used_up';
  if (c.validFrom && today < c.validFrom) return 'scheduled';
  return 'active';
}
