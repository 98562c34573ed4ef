import { z } from 'zod';
import { messageAnswer } from '../../shared/schemas/auth.js';
import {
  answerDeskInviteAnswer,
  answerDeskInviteInput,
  availableSlotsAnswer,
  availableSlotsInput,
  bookingAnswer,
  bookingByIdInput,
  bookingsAnswer,
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

const userTags = ['Bookings'];
const deskTags = ['Merchant bookings'];

/**
 * Availability, booking and the customer's bookings, under users/*. Reads are tRPC queries
 * (the client caches them) even where the REST contract fixes POST.
 */
export const bookingUserProcedures = {
  getAvailableSlots: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/users/getAvailableSlots', tags: userTags, protect: false } })
    .input(availableSlotsInput)
    .output(availableSlotsAnswer)
    .query(({ ctx, input }) =>
      // Slots for display may come from the replica; moving a booking reads it (and its time) from the primary.
      getAvailableSlots(input.exceptBookingId ? ctx.deps.db : discoveryDb(ctx), ctx.actor, input),
    ),

  createBooking: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/createBooking', tags: userTags }, successStatus: 201 })
    .input(createBookingInput)
    .output(bookingAnswer)
    .mutation(({ ctx, input }) => createBooking(ctx.deps, ctx.actor, input, { idempotencyKey: ctx.idempotencyKey })),

  validateCoupon: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/validateCoupon', tags: userTags } })
    .input(validateCouponInput)
    .output(validateCouponAnswer)
    .query(({ ctx, input }) => validateCoupon(ctx.deps, ctx.actor, input)),

  findDuplicateBooking: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/findDuplicateBooking', tags: userTags } })
    .input(duplicateBookingInput)
    .output(duplicateBookingAnswer)
    .query(({ ctx, input }) => findDuplicateBooking(ctx.deps, ctx.actor, input)),

  getAllBookings: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/getAllBookings', tags: userTags } })
    .input(userBookingsInput)
    .output(bookingsAnswer)
    .query(({ ctx, input }) => listMyBookings(ctx.deps, ctx.actor, input)),

  getBookingById: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/getBookingById', tags: userTags } })
    .input(bookingByIdInput)
    .output(bookingAnswer)
    .query(({ ctx, input }) => getMyBooking(ctx.deps, ctx.actor, input)),

  cancelBooking: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/cancelBooking', tags: userTags } })
    .input(cancelBookingInput)
    .output(cancelBookingAnswer)
    .mutation(({ ctx, input }) => cancelMyBooking(ctx.deps, ctx.actor, input)),

  rescheduleBooking: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/users/rescheduleBooking', tags: userTags } })
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
    .meta({ openapi: { method: 'POST', path: '/merchants/getAllBookings', tags: deskTags } })
    .input(merchantBookingsInput)
    .output(merchantBookingsAnswer)
    .query(({ ctx, input }) => desk.merchantBookings(ctx.deps, ctx.actor, input)),

  updateBookingStatus: merchantActingProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateBookingStatus', tags: deskTags } })
    .input(updateBookingStatusInput)
    .output(merchantBookingAnswer)
    .mutation(({ ctx, input }) => desk.updateBookingStatus(ctx.deps, ctx.actor, input)),

  scanQRForBooking: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/scanQRForBooking', tags: deskTags } })
    .input(scanQrInput)
    .output(merchantBookingAnswer)
    .query(({ ctx, input }) => desk.scanQrForBooking(ctx.deps, ctx.actor, input)),

  createManualBooking: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/createManualBooking', tags: deskTags }, successStatus: 201 })
    .input(manualBookingInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => desk.createManualBooking(ctx.deps, ctx.actor, input)),

  getManualBookings: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getManualBookings', tags: deskTags } })
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
      },
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
      },
      successStatus: 201,
    })
    .input(deskBookingInput)
    .output(bookingAnswer)
    .mutation(({ ctx, input }) => deskBooking(ctx.deps, ctx.actor, input)),

  getDashboard: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getDashboard', tags: deskTags } })
    .input(dashboardInput)
    .output(dashboardAnswer)
    .query(({ ctx, input }) => desk.getDashboard(ctx.deps, ctx.actor, input)),
};
