import { z } from 'zod';
import { PAYMENT_METHODS, PRODUCT_GST_RATES } from '../checkout.js';
import { HOLDING_KINDS } from '../packages.js';
import { blankMeansNone, emailSchema, idSchema, mobileSchema, nameSchema } from '../validation.js';
import { holdingWire, offerWire } from './packages.js';
import { bodyPageFields, pagingWire } from './paging.js';
import { intSchema, merchantIdField, moneySchema } from './shop.js';

/* Products and stock, and the visit checkout (point of sale) with its receipt: docs/checkout-and-stock.md. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---------------------------------------------------------------- products and stock

const hsnSchema = z
  .string({ error: 'HSN code is required.' })
  .trim()
  .regex(/^\d{4}(\d{2}){0,2}$/, 'HSN code: 4, 6 or 8 digits (e.g. 3305 for hair care).');
const gstRateSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: 'GST rate is required.' })
    .refine((n) => (PRODUCT_GST_RATES as readonly number[]).includes(n), `GST rate must be one of ${PRODUCT_GST_RATES.join(', ')}%.`),
);

export const productFields = z.object({
  name: nameSchema('Product name'),
  hsn: hsnSchema,
  price: moneySchema('Price', { positive: true, max: 1_000_000 }),
  gstRate: gstRateSchema,
  lowStockAt: intSchema('Low-stock level', 0, 10_000),
});

export const createProductInput = productFields.extend({
  merchantId: merchantIdField,
  openingStock: intSchema('Opening stock', 0, 100_000),
});
export const updateProductInput = productFields.partial().extend({
  merchantId: merchantIdField,
  productId: idSchema,
  active: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Active must be true or false.' }))
    .optional(),
});

export const adjustStockInput = z.object({
  merchantId: merchantIdField,
  productId: idSchema,
  change: intSchema('Change', -100_000, 100_000).refine((n) => n !== 0, 'Change cannot be 0.'),
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(3, 'Reason: say why (at least 3 characters).')
    .max(200, 'Reason is too long.'),
});

export const productsInput = z.object({
  merchantId: merchantIdField,
  lowStockOnly: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
  ...bodyPageFields(200, 500),
});
/** The product's ledger, newest first. */
export const stockMovementsInput = z.object({ merchantId: merchantIdField, productId: idSchema, ...bodyPageFields(100, 500) });

export const productWire = z.object({
  _id: z.string(),
  name: z.string(),
  hsn: z.string(),
  price: z.number(),
  gstRate: z.number(),
  stock: z.number(),
  lowStockAt: z.number(),
  lowStock: z.boolean(),
  active: z.boolean(),
});
export type ProductWire = z.infer<typeof productWire>;
export const productAnswer = z.object({ product: productWire });
export const productsAnswer = z.object({ products: z.array(productWire), paging: pagingWire });

export const stockMovementWire = z.object({
  _id: z.string(),
  kind: z.enum(['sale', 'used_in_service', 'adjustment']),
  change: z.number(),
  stockAfter: z.number(),
  reason: z.string().nullable(),
  receiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
});
export const stockMovementsAnswer = z.object({ product: productWire, movements: z.array(stockMovementWire), paging: pagingWire });

// ---------------------------------------------------------------- checkout

const quantitySchema = intSchema('Quantity', 1, 99);

export const checkoutInput = z
  .object({
    merchantId: merchantIdField,
    /** A checked-in booking of the salon; or leave it out and describe the walk-in. */
    bookingId: z.preprocess(blankToUndefined, idSchema.optional()),
    walkIn: z
      .object({
        name: nameSchema('Customer name'),
        phone: z.preprocess(blankToUndefined, mobileSchema.optional()),
        email: z.preprocess(blankToUndefined, emailSchema.optional()),
      })
      .optional(),
    /** Services done beyond a booking's own (which are always on its bill), each with who did it. */
    services: z
      .array(z.object({ serviceId: idSchema, staffId: idSchema }))
      .max(20, 'At most 20 services.')
      .default([]),
    products: z
      .array(z.object({ productId: idSchema, quantity: quantitySchema }))
      .max(30, 'At most 30 products.')
      .default([]),
    /** Stock the professionals used on the customer: not charged, taken off the shelf. */
    usedInService: z
      .array(z.object({ productId: idSchema, quantity: quantitySchema }))
      .max(30, 'At most 30 products.')
      .default([]),
    discount: z
      .object({
        amount: moneySchema('Discount', { positive: true }),
        reason: z
          .string({ error: 'Reason is required.' })
          .trim()
          .min(3, 'Reason: say why (at least 3 characters).')
          .max(200, 'Reason is too long.'),
      })
      .optional(),
    tips: z
      .array(z.object({ staffId: idSchema, amount: moneySchema('Tip', { positive: true, max: 100_000 }) }))
      .max(10, 'At most 10 tips.')
      .default([]),
    payments: z
      .array(
        z.object({
          method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}.` }),
          amount: moneySchema('Amount', { positive: true }),
          reference: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Reference is too long.').optional()),
          /** A `voucher` part: the salon voucher it is taken from (found by its code: findVoucher). */
          holdingId: z.preprocess(blankToUndefined, idSchema.optional()),
        }),
      )
      .max(6, 'At most 6 payments.')
      .default([]),
    /** Packages, memberships and vouchers the salon sells on this bill (docs/checkout-and-stock.md). */
    sell: z
      .array(z.object({ offerId: idSchema }))
      .max(10, 'At most 10 packages, memberships or vouchers.')
      .default([]),
    /** Sessions of the customer's packages (or memberships with sessions), each covering one service line. */
    redeem: z
      .array(z.object({ holdingId: idSchema, serviceId: idSchema }))
      .max(20, 'At most 20 sessions.')
      .default([]),
    /** The customer's membership whose discount prices the bill's services. */
    membershipId: z.preprocess(blankToUndefined, idSchema.optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.bookingId === !v.walkIn)
      ctx.addIssue({
        code: 'custom',
        path: ['bookingId'],
        message: 'bookingId: check out a checked-in booking, or a walk-in (walkIn.name), not both',
      });
    v.payments.forEach((p, i) => {
      if ((p.method === 'voucher') !== !!p.holdingId)
        ctx.addIssue({
          code: 'custom',
          path: ['payments', i, 'holdingId'],
          message: 'payments: a voucher part names its voucher (holdingId), and only a voucher part does',
        });
    });
    const tipped = new Set<string>();
    v.tips.forEach((t, i) => {
      if (tipped.has(t.staffId)) ctx.addIssue({ code: 'custom', path: ['tips', i, 'staffId'], message: 'one tip per professional' });
      tipped.add(t.staffId);
    });
  });
export type CheckoutInput = z.input<typeof checkoutInput>;

export const receiptWire = z.object({
  _id: z.string(),
  receiptNumber: z.string(),
  documentKind: z.enum(['tax_invoice', 'bill_of_supply']),
  issuedAt: z.string(),
  bookingId: z.string().nullable(),
  customer: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  supplier: z.object({ name: z.string(), gstin: z.string().nullable(), state: z.string(), address: z.string() }),
  placeOfSupply: z.string(),
  lines: z.array(
    z.object({
      kind: z.enum(['service', 'product', ...HOLDING_KINDS]),
      name: z.string(),
      code: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      gross: z.number(),
      discount: z.number(),
      gstRate: z.number(),
      taxable: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      total: z.number(),
      staffName: z.string().nullable(),
    }),
  ),
  gross: z.number(),
  discount: z.number(),
  discountReason: z.string().nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  total: z.number(),
  tips: z.array(z.object({ staffId: z.string(), staffName: z.string(), amount: z.number() })),
  tipsTotal: z.number(),
  amountDue: z.number(),
  payments: z.array(z.object({ method: z.enum([...PAYMENT_METHODS, 'prepaid']), amount: z.number(), reference: z.string().nullable() })),
  /** Packages, memberships and vouchers this bill sold (a voucher's code to hand over) and what it redeemed. */
  holdings: z.array(
    z.object({
      holdingId: z.string(),
      kind: z.enum(HOLDING_KINDS),
      name: z.string(),
      code: z.string().nullable(),
      use: z.enum(['sold', 'redeemed']),
      sessions: z.number(),
      amount: z.number(),
    }),
  ),
});
export type ReceiptWire = z.infer<typeof receiptWire>;
export const receiptAnswer = z.object({ receipt: receiptWire });

export const receiptInput = z.object({ merchantId: merchantIdField, receiptId: idSchema });
export const receiptsInput = z.object({
  merchantId: merchantIdField,
  ...bodyPageFields(50, 100),
});
export const receiptsAnswer = z.object({
  receipts: z.array(
    receiptWire.pick({
      _id: true,
      receiptNumber: true,
      documentKind: true,
      issuedAt: true,
      bookingId: true,
      customer: true,
      total: true,
      amountDue: true,
    }),
  ),
  paging: pagingWire,
});

export const sendReceiptInput = z.object({
  merchantId: merchantIdField,
  receiptId: idSchema,
  channels: z
    .array(z.enum(['email', 'whatsapp'], { error: 'Channel must be email or whatsapp.' }))
    .min(1, 'Choose e-mail, WhatsApp or both.')
    .max(2),
  /** Where to, when the receipt has none (a walk-in's number or address typed at the desk). */
  email: blankMeansNone(emailSchema),
  phone: blankMeansNone(mobileSchema),
});
export const sendReceiptAnswer = z.object({ message: z.string(), sent: z.array(z.object({ channel: z.string(), to: z.string() })) });

/** What the checkout screen needs: the salon's catalogue, team, GST registration and the booking, if any. */
export const checkoutOptionsInput = z.object({
  merchantId: merchantIdField,
  bookingId: z.preprocess(blankToUndefined, idSchema.optional()),
});
export const checkoutOptionsAnswer = z.object({
  gstRegistered: z.boolean(),
  services: z.array(z.object({ _id: z.string(), name: z.string(), price: z.number(), categoryId: z.string().nullable() })),
  staff: z.array(z.object({ _id: z.string(), name: z.string() })),
  products: z.array(productWire),
  /** Packages, memberships and vouchers on sale. */
  offers: z.array(offerWire),
  booking: z
    .object({
      _id: z.string(),
      status: z.string(),
      customerName: z.string(),
      customerPhone: z.string().nullable(),
      customerEmail: z.string().nullable(),
      hasAccount: z.boolean(),
      walletBalance: z.number().nullable(),
      staffId: z.string(),
      staffName: z.string(),
      bookingDate: z.string(),
      bookingTime: z.string(),
      services: z.array(
        z.object({ serviceId: z.string().nullable(), name: z.string(), price: z.number(), categoryId: z.string().nullable() }),
      ),
      /** The customer's packages, memberships and vouchers at this salon (usable ones). */
      holdings: z.array(holdingWire),
      bookedDiscount: z.number(),
      prepaid: z.number(),
      receiptId: z.string().nullable(),
      /** Why it cannot be checked out now (not checked in, not started, already checked out), or null. */
      refusal: z.string().nullable(),
    })
    .nullable(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsAnswer>;
