import { z } from 'zod';
import { HOLDING_KINDS, MAX_MEMBERSHIP_DISCOUNT } from '../packages.js';
import { idSchema, nameSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { bodyPageFields, pagingWire } from './paging.js';
import { blankToUndefined, intSchema, merchantIdField, moneySchema } from './shop.js';

/* Packages, memberships and salon gift vouchers (docs/checkout-and-stock.md). Money in rupees. */

const kindSchema = z.enum(HOLDING_KINDS, { error: `Kind must be one of ${HOLDING_KINDS.join(', ')}.` });

const offerFields = z.object({
  name: nameSchema('Name'),
  description: z.preprocess(blankToUndefined, z.string().trim().max(500, 'Description is too long.').optional()),
  /** What the customer pays (GST included for packages and memberships; a voucher's price is its value). */
  price: moneySchema('Price', { positive: true, max: 1_000_000 }),
  validityDays: intSchema('Validity (days)', 1, 1830),
  /** Packages and memberships: sessions included, of the services named. */
  sessions: intSchema('Sessions', 0, 100).optional(),
  serviceIds: z.array(idSchema).max(20, 'At most 20 services.').optional(),
  /** Memberships: % off services (of the categories named; none = every service). */
  discountPercent: intSchema('Discount %', 0, MAX_MEMBERSHIP_DISCOUNT).optional(),
  categoryIds: z.array(idSchema).max(20, 'At most 20 categories.').optional(),
});

function offerRules(v: { kind?: string; sessions?: number; serviceIds?: string[]; discountPercent?: number }, ctx: z.RefinementCtx) {
  const sessions = v.sessions ?? 0;
  const services = v.serviceIds?.length ?? 0;
  if (v.kind === 'package') {
    if (sessions < 1) ctx.addIssue({ code: 'custom', path: ['sessions'], message: 'sessions: a package has at least 1 session' });
    if (!services) ctx.addIssue({ code: 'custom', path: ['serviceIds'], message: 'serviceIds: name the services its sessions cover' });
  }
  if (v.kind === 'membership') {
    if (!(v.discountPercent ?? 0) && !sessions)
      ctx.addIssue({
        code: 'custom',
        path: ['discountPercent'],
        message: 'discountPercent: a membership gives a discount, sessions or both',
      });
    if (sessions && !services)
      ctx.addIssue({ code: 'custom', path: ['serviceIds'], message: 'serviceIds: name the services its sessions cover' });
  }
  if (v.kind === 'voucher' && (sessions || (v.discountPercent ?? 0)))
    ctx.addIssue({ code: 'custom', path: ['sessions'], message: 'sessions: a voucher is a rupee value, without sessions or discount' });
}

export const createOfferInput = offerFields.extend({ merchantId: merchantIdField, kind: kindSchema }).superRefine(offerRules);
export const updateOfferInput = offerFields.partial().extend({
  merchantId: merchantIdField,
  offerId: idSchema,
  active: jsonValue(z.boolean({ error: 'Active must be true or false.' })).optional(),
});
export const offersInput = z.object({ merchantId: merchantIdField });
export const publicOffersInput = z.object({ merchantId: idSchema });

export const offerWire = z.object({
  _id: z.string(),
  merchantId: z.string(),
  kind: kindSchema,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  validityDays: z.number(),
  sessions: z.number(),
  services: z.array(z.object({ _id: z.string(), name: z.string() })),
  discountPercent: z.number(),
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  value: z.number(),
  active: z.boolean(),
  /** The salon's own list only: holdings sold, how many lapsed (expiry recorded) and the value that lapsed unused, in rupees. */
  sales: z.object({ sold: z.number(), lapsed: z.number(), lapsedValue: z.number() }).optional(),
});
export type OfferWire = z.infer<typeof offerWire>;
export const offerAnswer = z.object({ offer: offerWire });
export const offersAnswer = z.object({ offers: z.array(offerWire) });

export const holdingWire = z.object({
  _id: z.string(),
  merchantId: z.string(),
  salonName: z.string(),
  kind: kindSchema,
  name: z.string(),
  code: z.string().nullable(),
  sessionsTotal: z.number(),
  sessionsLeft: z.number(),
  serviceIds: z.array(z.string()),
  services: z.array(z.object({ _id: z.string(), name: z.string() })),
  discountPercent: z.number(),
  categoryIds: z.array(z.string()),
  value: z.number(),
  balance: z.number(),
  expiresAt: z.string(),
  state: z.enum(['active', 'used', 'expired']),
  /** Bought online: its receipt's number (GB-R-…; the PDF at GET /api/holdings/{_id}/receipt.pdf, for its buyer), else null. */
  receiptNumber: z.string().nullable(),
  /** What was left when its expiry was recorded (the `expire` ledger row), with the value that lapsed; null before. */
  lapsed: z.object({ sessions: z.number(), amount: z.number(), value: z.number(), at: z.string() }).nullable(),
  createdAt: z.string(),
  ledger: z.array(
    z.object({
      kind: z.enum(['issue', 'redeem', 'restore', 'expire']),
      sessionsChange: z.number(),
      amount: z.number(),
      sessionsAfter: z.number(),
      balanceAfter: z.number(),
      bookingId: z.string().nullable(),
      receiptNumber: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type HoldingWire = z.infer<typeof holdingWire>;
export const holdingsAnswer = z.object({ holdings: z.array(holdingWire) });
/** The customer's own holdings, newest first, a page at a time (docs/api-clients.md "Paging"). */
export const myHoldingsInput = z.object({ merchantId: z.preprocess(blankToUndefined, idSchema.optional()), ...bodyPageFields(20, 100) });
export const myHoldingsAnswer = z.object({ holdings: z.array(holdingWire), paging: pagingWire });

export const buyOfferInput = z.object({
  offerId: idSchema,
  /** The GlowBook wallet, or (offline test gateway only) a test card. */
  method: z.enum(['wallet', 'test_card'], { error: 'Method must be wallet or test_card.' }),
  cardNumber: z.preprocess(blankToUndefined, z.string().trim().max(25, 'Card number is too long.').optional()),
});
export const holdingAnswer = z.object({ holding: holdingWire });

export const customerHoldingsInput = z.object({ merchantId: merchantIdField, userId: idSchema });
export const voucherLookupInput = z.object({
  merchantId: merchantIdField,
  code: z
    .string({ error: 'Code is required.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10}$/, 'code: a voucher code is 10 letters and digits'),
});
