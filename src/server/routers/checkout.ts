import * as s from '../../shared/schemas/checkout.js';
import * as products from '../services/checkout/products.js';
import * as receipts from '../services/checkout/receipt.js';
import { checkoutOptions, checkoutVisit } from '../services/checkout/visit.js';
import { merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const productTags = ['Products and stock'];
const checkoutTags = ['Checkout'];
const OTHER_SALON = "Another salon's record (a product, booking, service, professional or receipt of another salon is unknown here)";

/** Products, stock and the visit checkout with its receipts (docs/checkout-and-stock.md), under merchants/*. */
export const checkoutMerchantProcedures = {
  getProducts: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getProducts',
        tags: productTags,
        summary: "List the salon's retail products with their stock (lowStockOnly: those at or under their low-stock level)",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.productsInput)
    .output(s.productsAnswer)
    .query(({ ctx, input }) => products.listProducts(ctx.deps, ctx.actor, input)),
  createProduct: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createProduct',
        tags: productTags,
        summary: 'Add a retail product (name, HSN, GST-inclusive price, GST rate, opening stock, low-stock level)',
        errorResponses: errors(400, 401, 403, 404, { 409: '`name`: the salon already has a product of this name' }),
      },
      successStatus: 201,
    })
    .input(s.createProductInput)
    .output(s.productAnswer)
    .mutation(({ ctx, input }) => products.createProduct(ctx.deps, ctx.actor, input)),
  updateProduct: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateProduct',
        tags: productTags,
        summary: "Change a product's details or take it off sale (stock changes through adjustStock and checkout)",
        errorResponses: errors(400, 401, 403, { 404: OTHER_SALON, 409: '`name`: the salon already has a product of this name' }),
      },
    })
    .input(s.updateProductInput)
    .output(s.productAnswer)
    .mutation(({ ctx, input }) => products.updateProduct(ctx.deps, ctx.actor, input)),
  adjustStock: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/adjustStock',
        tags: productTags,
        summary: 'Add or take off stock with a reason (a delivery, breakage, a stock-take); never below zero',
        errorResponses: errors(400, 401, 403, { 404: OTHER_SALON, 409: '`change`: fewer in stock than the decrease' }),
      },
    })
    .input(s.adjustStockInput)
    .output(s.productAnswer)
    .mutation(({ ctx, input }) => products.adjustStock(ctx.deps, ctx.actor, input)),
  getStockMovements: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getStockMovements',
        tags: productTags,
        summary: "A product's stock ledger, newest first: sales, use in services and adjustments, each with the stock after it",
        errorResponses: errors(400, 401, 403, { 404: OTHER_SALON }),
      },
    })
    .input(s.stockMovementsInput)
    .output(s.stockMovementsAnswer)
    .query(({ ctx, input }) => products.stockMovements(ctx.deps, ctx.actor, input)),
  getCheckoutOptions: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getCheckoutOptions',
        tags: checkoutTags,
        summary: 'What the checkout screen offers: services, team, products on sale, GST registration and the booking to bill',
        errorResponses: errors(400, 401, 403, { 404: OTHER_SALON }),
      },
    })
    .input(s.checkoutOptionsInput)
    .output(s.checkoutOptionsAnswer)
    .query(({ ctx, input }) => checkoutOptions(ctx.deps, ctx.actor, input)),
  checkoutVisit: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/checkoutVisit',
        tags: checkoutTags,
        summary: 'Check out a checked-in booking or a walk-in: bill, split payment, stock and receipt in one transaction',
        description:
          "A booking's own services are always on its bill; `services` adds others done, each with its professional. Prices are the salon's (GST included). The payments (cash, UPI, card, wallet) must add up exactly to the total plus tips, less what was prepaid online. The booking becomes completed and its commission and points follow what its services were charged. Products sold and used are taken off stock only while enough is there.",
        errorResponses: errors(401, 403, {
          400: 'A field is not valid (the message names it): no lines, a discount over the bill or without a reason, payments that do not add up, a wallet payment for a walk-in, a booking not checked in or not started',
          404: OTHER_SALON,
          409: '`bookingId`: the booking was already checked out; or `products`: not enough in stock',
        }),
      },
      successStatus: 201,
    })
    .input(s.checkoutInput)
    .output(s.receiptAnswer)
    .mutation(({ ctx, input }) => checkoutVisit(ctx.deps, ctx.actor, input)),
  getReceipts: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getReceipts',
        tags: checkoutTags,
        summary: "List the salon's visit receipts, newest first",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.receiptsInput)
    .output(s.receiptsAnswer)
    .query(({ ctx, input }) => receipts.listReceipts(ctx.deps, ctx.actor, input)),
  getReceipt: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getReceipt',
        tags: checkoutTags,
        summary: 'Read a visit receipt (tax invoice or bill of supply) with its lines, tax, tips and payments',
        description: 'The PDF is GET /api/receipts/{id}/pdf with the same bearer token.',
        errorResponses: errors(400, 401, 403, { 404: OTHER_SALON }),
      },
    })
    .input(s.receiptInput)
    .output(s.receiptAnswer)
    .query(({ ctx, input }) => receipts.getReceipt(ctx.deps, ctx.actor, input)),
  sendReceipt: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/sendReceipt',
        tags: checkoutTags,
        summary: 'Send a visit receipt to the customer by e-mail and/or WhatsApp',
        errorResponses: errors(401, 403, {
          400: 'A field is not valid: `email` or `phone` is needed when the receipt has none',
          404: OTHER_SALON,
          429: "The salon's daily message limit is reached",
        }),
      },
    })
    .input(s.sendReceiptInput)
    .output(s.sendReceiptAnswer)
    .mutation(({ ctx, input }) => receipts.sendReceipt(ctx.deps, ctx.actor, input)),
};
