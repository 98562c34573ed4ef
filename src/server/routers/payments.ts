import * as pp from '../../shared/schemas/paymentPolicy.js';
import * as s from '../../shared/schemas/payments.js';
import { myPayments, paymentOptions, startBookingPayment, testCheckout, verifyBookingPayment } from '../services/payments/booking.js';
import { upholdNoShowDispute } from '../services/payments/dispute.js';
import { bookingTerms, paymentPolicySettings, setSalonPaymentPolicy, setServicePaymentPolicy } from '../services/payments/policy.js';
import { adminProcedure, authedProcedure, customerProcedure, merchantProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Online payments'];

/** 503 is documented for every procedure by the transport; here it also means the gateway did not answer. */
const GATEWAY_DOWN = ' A payment gateway that cannot be reached answers 503 naming it (nothing is held or charged): try again.';

/**
 * Paying for a booking online, under payments/* (docs/payments.md): hold the slot with a gateway
 * order, pay it (Razorpay Checkout, or the offline test gateway's checkout), verify the payment.
 * The gateway's webhook is a plain route (http/paymentWebhook.ts): it needs the raw body.
 */
export const paymentProcedures = {
  options: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/options',
        tags,
        summary: 'Read how bookings can be paid online here',
        description:
          'The gateway, whether it is in test mode (no real money moves), the key Razorpay Checkout opens with (null for the offline test gateway), and how long a slot is held for its payment.',
        errorResponses: errors(400, 401),
      },
    })
    .input(s.paymentOptionsInput)
    .output(s.paymentOptionsAnswer)
    .query(({ ctx }) => paymentOptions(ctx.deps)),

  startBookingPayment: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/startBookingPayment',
        tags,
        summary: 'Hold a slot and open its payment',
        description:
          'Places the booking as `pending`, held for `holdMinutes` (the slot is taken meanwhile), takes the wallet share when `useWallet`, and creates the gateway order to pay the rest. Pay it in the checkout, then send the proof to verifyBookingPayment; an unpaid hold is released when it lapses.' +
          GATEWAY_DOWN,
        errorResponses: errors(400, 401, 403, 404, { 409: 'The time slot is no longer available, or the salon changed its hours' }),
      },
      successStatus: 201,
    })
    .input(s.startBookingPaymentInput)
    .output(s.startBookingPaymentAnswer)
    .mutation(({ ctx, input }) => startBookingPayment(ctx.deps, ctx.actor, input)),

  testCheckout: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/testCheckout',
        tags,
        summary: 'Pay an order with the offline test gateway',
        description:
          'Test mode only (no live gateway configured): pays the order of one of your payments with a test UPI id (`failure@razorpay` is declined) or the test card 4111 1111 1111 1111, and answers what Razorpay Checkout would hand back. No money moves.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.testCheckoutInput)
    .output(s.testCheckoutAnswer)
    .mutation(({ ctx, input }) => testCheckout(ctx.deps, ctx.actor, input)),

  verifyBookingPayment: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/verifyBookingPayment',
        tags,
        summary: 'Verify a payment and confirm its booking',
        description:
          'Checks the gateway signature of the order and payment, then confirms the held booking. Sending the same proof again answers the same. A payment that arrives after its hold lapsed and the slot was taken is refunded in full (409 saying so).' +
          GATEWAY_DOWN,
        errorResponses: errors(400, 401, 403, 404, {
          409: 'The order was paid by another payment, or the payment came after the slot was released: it is being refunded in full',
        }),
      },
    })
    .input(s.verifyBookingPaymentInput)
    .output(s.verifyBookingPaymentAnswer)
    .mutation(({ ctx, input }) => verifyBookingPayment(ctx.deps, ctx.actor, input)),

  myPayments: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/myPayments',
        tags,
        summary: 'List my online payments and their refunds',
        description:
          'Newest first (at most 200), or those of one booking; each with its refunds as the gateway reported them (initiated, processed, failed).',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.myPaymentsInput)
    .output(s.myPaymentsAnswer)
    .query(({ ctx, input }) => myPayments(ctx.deps, ctx.actor, input)),

  bookingTerms: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/bookingTerms',
        tags,
        summary: 'Read what a booking must pay at booking',
        description:
          'The salon’s payment policy applied to these services (the strictest of theirs): `pay_at_salon`, `deposit` (`dueNow` online, `dueAtSalon` later) or `online` (all of it now), with the text the checkout shows before paying (what is kept on a no-show or a late cancellation).',
        errorResponses: errors(400, 404),
      },
    })
    .input(pp.bookingTermsInput)
    .output(pp.bookingTermsAnswer)
    .query(({ ctx, input }) => bookingTerms(ctx.deps, input)),

  policy: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/policy',
        tags,
        summary: 'Read my salon’s payment policy',
        description: 'The salon’s policy and each active service with its own (null: the salon’s).',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(pp.paymentPolicySettingsInput)
    .output(pp.paymentPolicySettingsAnswer)
    .query(({ ctx, input }) => paymentPolicySettings(ctx.deps, ctx.actor, input)),

  setSalonPolicy: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/setSalonPolicy',
        tags,
        summary: 'Set my salon’s payment policy',
        description:
          '`pay_at_salon` (any method; the default), `deposit` with `depositPercent` (1–100) or `depositFixed` (₹ per booking, capped at its total), or `online` (full prepayment). Customers’ bookings paid at the salon are then refused; the desk’s are not.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(pp.setSalonPaymentPolicyInput)
    .output(pp.paymentPolicySettingsAnswer)
    .mutation(({ ctx, input }) => setSalonPaymentPolicy(ctx.deps, ctx.actor, input)),

  setServicePolicy: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/setServicePolicy',
        tags,
        summary: 'Set a service’s own payment policy',
        description:
          'Overrides the salon’s policy for one service (`kind` null: follow the salon again). A fixed deposit is at most the service’s price. A booking of several services takes the strictest.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(pp.setServicePaymentPolicyInput)
    .output(pp.paymentPolicySettingsAnswer)
    .mutation(({ ctx, input }) => setServicePaymentPolicy(ctx.deps, ctx.actor, input)),

  upholdNoShowDispute: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/upholdNoShowDispute',
        tags,
        summary: 'Uphold a disputed no-show and refund what was kept',
        description:
          'For a "No-show dispute" ticket: refunds in full what the salon kept (the online share to its card or UPI, the wallet share to the wallet), closes the ticket and tells the customer. Once: a second uphold is 409.',
        errorResponses: errors(400, 401, 403, 404, { 409: 'The dispute is already closed' }),
      },
    })
    .input(pp.upholdNoShowDisputeInput)
    .output(pp.upholdNoShowDisputeAnswer)
    .mutation(({ ctx, input }) => upholdNoShowDispute(ctx.deps, ctx.actor, input)),
};
