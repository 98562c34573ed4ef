import * as s from '../../shared/schemas/payments.js';
import { myPayments, paymentOptions, startBookingPayment, testCheckout, verifyBookingPayment } from '../services/payments/booking.js';
import { authedProcedure, customerProcedure } from '../trpc/procedures.js';
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
};
