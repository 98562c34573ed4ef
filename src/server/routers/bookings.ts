import { z } from 'zod';
import { messageAnswer } from '../../shared/schemas/auth.js';
import {
  answerDeskInviteAnswer,
  answerDeskInviteInput,
  availableSlotsAnswer,
  availableSlotsInput,
  bookingAnswer,
  bookingByIdInput,
  cancelBookingAnswer,
  cancelBookingInput,
  createBookingInput,
  dashboardAnswer,
  dashboardInput,
  deskBookingInput,
  deskInviteAnswer,
  deskInviteInput,
  deskSlotsInput,
  disputeNoShowAnswer,
  disputeNoShowInput,
  duplicateBookingAnswer,
  duplicateBookingInput,
  manualBookingInput,
  manualBookingsAnswer,
  manualBookingsInput,
  merchantBookingAnswer,
  merchantBookingsAnswer,
  merchantBookingsInput,
  pendingDeskInvitesAnswer,
  rescheduleBookingAnswer,
  rescheduleBookingInput,
  scanQrInput,
  updateBookingStatusInput,
  userBookingsAnswer,
  userBookingsInput,
  validateCouponAnswer,
  validateCouponInput,
} from '../../shared/schemas/bookings.js';
import { getAvailableSlots } from '../services/bookings/availability.js';
import { validateCoupon } from '../services/bookings/coupons.js';
import { createBooking } from '../services/bookings/create.js';
import {
  cancelMyBooking,
  disputeNoShow,
  findDuplicateBooking,
  getMyBooking,
  listMyBookings,
  rescheduleMyBooking,
} from '../services/bookings/customer.js';
import { answerDeskInvite, deskBooking, deskSlots, getDeskInvite, pendingDeskInvites } from '../services/bookings/desk.js';
import * as desk from '../services/bookings/merchant.js';
import { customerProcedure, merchantActingProcedure, merchantProcedure, publicProcedure } from '../trpc/procedures.js';
import { discoveryDb } from '../trpc/reads.js';
import {
  availableSlotsExamples,
  createBookingErrors,
  createBookingExamples,
  createBookingIdempotency,
  createSlotErrors,
  createSlotExamples,
  deskSlotsExamples,
  rescheduleBookingErrors,
  updateBookingStatusExamples,
} from './bookings.docs.js';
import { bookingLinks, errors, JUST_CHANGED } from './common.docs.js';

const userTags = ['Bookings'];
const deskTags = ['Merchant bookings'];

/**
 * Availability, booking and the customer's bookings, under users/*. Reads are tRPC queries
 * (the client caches them) even where the REST contract fixes POST.
 */
export const bookingUserProcedures = {
  getAvailableSlots: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/getAvailableSlots',
        tags: userTags,
        protect: false,
        summary: 'List free start times of a salon day',
        errorResponses: errors(400, 404),
      },
      docs: {
        optionalAuth: "The salon's owner and administrators also see the slots of an unpublished salon.",
        examples: availableSlotsExamples,
      },
    })
    .input(availableSlotsInput)
    .output(availableSlotsAnswer)
    .query(({ ctx, input }) =>
      // Slots for display may come from the replica; moving a booking reads it (and its time) from the primary.
      getAvailableSlots(input.exceptBookingId ? ctx.deps.db : discoveryDb(ctx), ctx.actor, input),
    ),

  createBooking: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/createBooking',
        tags: userTags,
        summary: 'Book an appointment',
        errorResponses: errors(400, 401, 403, createBookingErrors),
        requestHeaders: createBookingIdempotency,
      },
      successStatus: 201,
      docs: { examples: createBookingExamples, links: bookingLinks('$response.body#/data/booking/_id') },
    })
    .input(createBookingInput)
    .output(bookingAnswer)
    .mutation(({ ctx, input }) => createBooking(ctx.deps, ctx.actor, input, { idempotencyKey: ctx.idempotencyKey })),

  validateCoupon: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/validateCoupon',
        tags: userTags,
        summary: 'Check a coupon against a booking',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(validateCouponInput)
    .output(validateCouponAnswer)
    .query(({ ctx, input }) => validateCoupon(ctx.deps, ctx.actor, input)),

  findDuplicateBooking: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/findDuplicateBooking',
        tags: userTags,
        summary: 'Find a live booking the requested one would repeat',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(duplicateBookingInput)
    .output(duplicateBookingAnswer)
    .query(({ ctx, input }) => findDuplicateBooking(ctx.deps, ctx.actor, input)),

  getAllBookings: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/getAllBookings',
        tags: userTags,
        summary: "List the customer's bookings",
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(userBookingsInput)
    .output(userBookingsAnswer)
    .query(({ ctx, input }) => listMyBookings(ctx.deps, ctx.actor, input)),

  getBookingById: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/getBookingById',
        tags: userTags,
        summary: 'Read one booking of the customer',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(bookingByIdInput)
    .output(bookingAnswer)
    .query(({ ctx, input }) => getMyBooking(ctx.deps, ctx.actor, input)),

  cancelBooking: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/cancelBooking',
        tags: userTags,
        summary: 'Cancel a booking (with its refund share)',
        errorResponses: errors(400, 401, 403, 404, { 409: JUST_CHANGED }),
      },
    })
    .input(cancelBookingInput)
    .output(cancelBookingAnswer)
    .mutation(({ ctx, input }) => cancelMyBooking(ctx.deps, ctx.actor, input)),

  rescheduleBooking: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/rescheduleBooking',
        tags: userTags,
        summary: 'Move a booking to another time',
        errorResponses: errors(400, 401, 403, 404, rescheduleBookingErrors),
      },
    })
    .input(rescheduleBookingInput)
    .output(rescheduleBookingAnswer)
    .mutation(({ ctx, input }) => rescheduleMyBooking(ctx.deps, ctx.actor, input)),

  getDeskInvite: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/deskInvite/{token}',
        tags: userTags,
        protect: false,
        description:
          'A booking a salon made at its desk for an e-mail address, as the link e-mailed to that address shows it (salon, services, time, the name typed, whether it was answered).',
        summary: "A salon's desk booking, as its confirmation link shows it",
        errorResponses: errors(400, 404),
      },
    })
    .input(deskInviteInput)
    .output(deskInviteAnswer)
    .query(({ ctx, input }) => getDeskInvite(ctx.deps, input.token)),

  pendingDeskInvites: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/pendingDeskInvites',
        tags: userTags,
        description:
          'Bookings salons made at their desks for the signed-in customer’s e-mail that wait for an answer; empty until the e-mail is verified.',
        summary: 'Desk bookings waiting for your answer',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(z.object({}).optional())
    .output(pendingDeskInvitesAnswer)
    .query(({ ctx }) => pendingDeskInvites(ctx.deps, ctx.actor)),

  answerDeskInvite: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/answerDeskInvite',
        tags: userTags,
        protect: false,
        description:
          'Confirms or declines a salon’s desk booking: with the e-mailed link’s `token`, or signed in with the verified address and the `bookingId`. Declining cancels it (no sign-in needed with the token); confirming needs the customer account of that e-mail, signed in, and makes the booking theirs. 409 once answered.',
        summary: "Confirm or decline a salon's desk booking",
        errorResponses: errors(400, 404, 409),
      },
      docs: {
        optionalAuth:
          'Confirming needs the token of the customer account with the booking’s e-mail; declining with the link’s token needs none.',
      },
    })
    .input(answerDeskInviteInput)
    .output(answerDeskInviteAnswer)
    .mutation(({ ctx, input }) => answerDeskInvite(ctx.deps, ctx.actor, input)),

  disputeNoShow: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/disputeNoShow',
        tags: userTags,
        description:
          'The customer says they did come to a booking the salon marked as a no-show: opens a support ticket for the admins (Feedback), once per booking, within 14 days.',
        summary: 'Dispute a no-show (opens a support ticket)',
        errorResponses: errors(400, 401, 403, 404, { 409: 'This no-show has already been disputed' }),
      },
      successStatus: 201,
    })
    .input(disputeNoShowInput)
    .output(disputeNoShowAnswer)
    .mutation(({ ctx, input }) => disputeNoShow(ctx.deps, ctx.actor, input)),
};

/** The merchant booking desk and dashboard, under merchants/*. */
export const bookingMerchantProcedures = {
  merchantGetAllBookings: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getAllBookings',
        tags: deskTags,
        summary: "List the salon's bookings with totals",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantBookingsInput)
    .output(merchantBookingsAnswer)
    .query(({ ctx, input }) => desk.merchantBookings(ctx.deps, ctx.actor, input)),

  updateBookingStatus: merchantActingProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateBookingStatus',
        tags: deskTags,
        summary: 'Confirm, complete or cancel a booking',
        errorResponses: errors(400, 401, 403, 404, { 409: JUST_CHANGED }),
      },
      docs: { examples: updateBookingStatusExamples },
    })
    .input(updateBookingStatusInput)
    .output(merchantBookingAnswer)
    .mutation(({ ctx, input }) => desk.updateBookingStatus(ctx.deps, ctx.actor, input)),

  scanQRForBooking: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/scanQRForBooking',
        tags: deskTags,
        summary: "Check a customer in from the booking's QR code",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(scanQrInput)
    .output(merchantBookingAnswer)
    .query(({ ctx, input }) => desk.scanQrForBooking(ctx.deps, ctx.actor, input)),

  createManualBooking: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createManualBooking',
        tags: deskTags,
        summary: 'Record a walk-in request',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
      successStatus: 201,
    })
    .input(manualBookingInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => desk.createManualBooking(ctx.deps, ctx.actor, input)),

  getManualBookings: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getManualBookings',
        tags: deskTags,
        summary: 'List recorded walk-in requests',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(manualBookingsInput)
    .output(manualBookingsAnswer)
    .query(({ ctx, input }) => desk.getManualBookings(ctx.deps, ctx.actor, input)),

  getSlots: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getSlots',
        tags: deskTags,
        description:
          'The free start times of a day for the desk, for the chosen services (the salon’s shortest active service when none is named) and professional.',
        summary: 'List free start times for the desk',
        errorResponses: errors(400, 401, 403, 404),
      },
      docs: { examples: deskSlotsExamples },
    })
    .input(deskSlotsInput)
    .output(availableSlotsAnswer)
    .query(({ ctx, input }) => deskSlots(ctx.deps, ctx.actor, input)),

  createSlot: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createSlot',
        tags: deskTags,
        description:
          'Books a slot for someone on the phone or at the counter. The booking keeps what the salon typed (name, mobile, e-mail) and belongs to no account: the address gets a link to confirm or decline it (deskConfirmation says which), and only a confirmation makes it the customer’s. Same rules as a customer’s own booking; 409 when the time was just taken.',
        summary: 'Book a slot for a customer at the desk',
        errorResponses: errors(401, 403, 404, createSlotErrors),
      },
      successStatus: 201,
      docs: { examples: createSlotExamples },
    })
    .input(deskBookingInput)
    .output(bookingAnswer)
    .mutation(({ ctx, input }) => deskBooking(ctx.deps, ctx.actor, input)),

  getDashboard: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getDashboard',
        tags: deskTags,
        summary: "Read the salon's dashboard figures",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(dashboardInput)
    .output(dashboardAnswer)
    .query(({ ctx, input }) => desk.getDashboard(ctx.deps, ctx.actor, input)),
};
