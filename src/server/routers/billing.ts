import * as s from '../../shared/schemas/billing.js';
import { cancelInvoice } from '../services/billing/cancellation.js';
import * as billing from '../services/billing/index.js';
import { startPaymentMethod, updatePaymentMethod } from '../services/billing/paymentMethod.js';
import { adminProcedure, merchantProcedure } from '../trpc/procedures.js';
import { changePlanErrors, changePlanIdempotency } from './billing.docs.js';
import { errors } from './common.docs.js';

const tags = ['Subscription & Billing'];

/** Subscription & Billing (merchant panel): plan, plan change through the payment gateway, invoices. */
export const billingMerchantProcedures = {
  getSubscription: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getSubscription',
        tags,
        summary: "Read the salon's plan and invoices",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.subscriptionInput)
    .output(s.subscriptionAnswer)
    .query(({ ctx, input }) => billing.getSubscription(ctx.deps, ctx.actor, input.merchantId)),
  changePlan: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/changePlan',
        tags,
        summary: 'Change (and pay for) the subscription plan',
        errorResponses: errors(400, 401, 403, changePlanErrors),
        requestHeaders: changePlanIdempotency,
      },
      successStatus: 201,
    })
    .input(s.changePlanInput)
    .output(s.changePlanAnswer)
    .mutation(({ ctx, input }) => billing.changePlan(ctx.deps, ctx.actor, input, ctx.idempotencyKey)),
  schedulePlanChange: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/schedulePlanChange',
        tags,
        description: 'A downgrade (or free: leave the paid plan) at the end of the paid period; cancellable.',
        summary: 'Change the plan at the end of the paid period',
        errorResponses: errors(400, 401, 403, 404, { 409: 'The team is bigger than the lower plan allows (`data.field`: staff)' }),
      },
    })
    .input(s.schedulePlanChangeInput)
    .output(s.scheduledChangeAnswer)
    .mutation(({ ctx, input }) => billing.schedulePlanChange(ctx.deps, ctx.actor, input)),
  cancelScheduledPlanChange: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/cancelScheduledPlanChange',
        tags,
        summary: 'Cancel a scheduled plan change',
        errorResponses: errors(400, 401, 403, 404, { 409: 'There is no scheduled plan change to cancel' }),
      },
    })
    .input(s.cancelScheduledChangeInput)
    .output(s.scheduledChangeAnswer)
    .mutation(({ ctx, input }) => billing.cancelScheduledChange(ctx.deps, ctx.actor, input.merchantId)),
  updateGstin: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateGstin',
        tags,
        description:
          "The salon's GSTIN (format, check character, and a state code matching the salon's state); blank removes it. Printed on invoices issued from then on.",
        summary: "Set or remove the salon's GSTIN",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.updateGstinInput)
    .output(s.updateGstinAnswer)
    .mutation(({ ctx, input }) => billing.updateGstin(ctx.deps, ctx.actor, input)),
  createPlanOrder: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createPlanOrder',
        tags,
        description:
          'Razorpay: the order to pay in Razorpay Checkout; then changePlan with its razorpay_order_id, razorpay_payment_id and razorpay_signature.',
        summary: 'Create a Razorpay order for a plan',
        errorResponses: errors(400, 401, 403, 404, {
          409: 'The payment attempt (`attemptId`) was for another plan, or has already finished',
        }),
      },
      successStatus: 201,
    })
    .input(s.createPlanOrderInput)
    .output(s.createPlanOrderAnswer)
    .mutation(({ ctx, input }) => billing.createPlanOrder(ctx.deps, ctx.actor, input)),
  startPaymentMethod: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/startPaymentMethod',
        tags,
        summary: 'Start changing the payment method renewals charge',
        description:
          'Razorpay: a customer and a recurring order (₹1, refunded once the card or UPI AutoPay mandate is saved) to authorise in Razorpay Checkout with `recurring: 1`; then updatePaymentMethod with its proof. The test gateway answers `checkout: null`: send the card or UPI id to updatePaymentMethod.',
        errorResponses: errors(400, 401, 403, 404, { 409: 'The gateway keeps no card or mandate for renewals' }),
      },
    })
    .input(s.startPaymentMethodInput)
    .output(s.startPaymentMethodAnswer)
    .mutation(({ ctx, input }) => startPaymentMethod(ctx.deps, ctx.actor, input)),
  updatePaymentMethod: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updatePaymentMethod',
        tags,
        summary: 'Change the card or UPI AutoPay mandate renewals charge',
        description:
          'Saves the method through the gateway (its token, never the card number) as the one plan renewals charge, replacing the one before, and e-mails the owner. Test gateway: the card 4111 1111 1111 1111 with a future expiry, or a UPI id (failure@razorpay is declined). Razorpay: the proof Checkout handed back for the order of startPaymentMethod.',
        errorResponses: errors(401, 403, 404, {
          400: 'The card (`cardNumber`, `cardExpiry`), the UPI id (`upiId`) or the proof (`razorpay_signature`) was refused; nothing changed',
          409: 'The gateway keeps no card or mandate for renewals',
        }),
      },
    })
    .input(s.updatePaymentMethodInput)
    .output(s.updatePaymentMethodAnswer)
    .mutation(({ ctx, input }) => updatePaymentMethod(ctx.deps, ctx.actor, input)),
};

export const supportProcedures = {};

export const billingAdminProcedures = {
  invoices: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/payments/invoices',
        tags,
        summary: 'List subscription invoices',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.adminInvoicesInput)
    .output(s.adminInvoicesAnswer)
    .query(({ ctx, input }) => billing.adminInvoices(ctx.deps, input)),
  cancelInvoice: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/invoices/cancel',
        tags,
        description:
          'Cancels a paid invoice: a credit note (reason cancellation) for the taxable value not yet credited, refunded through the gateway that took the payment. Once per invoice (409 after).',
        summary: 'Cancel a paid invoice with a credit note and a refund',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.cancelInvoiceInput)
    .output(s.cancelInvoiceAnswer)
    .mutation(({ ctx, input }) => cancelInvoice(ctx.deps, ctx.actor, input)),
};
