import {
  availableSlotsAnswer,
  deskBookingInput,
  deskSlotsInput,
  availableSlotsInput,
  bookingAnswer,
  bookingByIdInput,
  bookingsAnswer,
  cancelBookingAnswer,
  cancelBookingInput,
  createBookingInput,
  dashboardAnswer,
  dashboardInput,
  manualBookingInput,
  manualBookingsAnswer,
  manualBookingsInput,
  merchantBookingAnswer,
  merchantBookingsAnswer,
  merchantBookingsInput,
  rescheduleBookingInput,
  scanQrInput,
  updateBookingStatusInput,
  userBookingsInput,
  validateCouponAnswer,
  validateCouponInput,
} from '../../shared/schemas/bookings.js';
import { messageAnswer } from '../../shared/schemas/auth.js';
import { getAvailableSlots } from '../services/bookings/availability.js';
import { validateCoupon } from '../services/bookings/coupons.js';
import { createBooking } from '../services/bookings/create.js';
import { cancelMyBooking, getMyBooking, listMyBookings, rescheduleMyBooking } from '../services/bookings/customer.js';
import * as desk from '../services/bookings/merchant.js';
import { deskBooking, deskSlots } from '../services/bookings/desk.js';
import { customerProcedure, merchantActingProcedure, merchantProcedure, publicProcedure } from '../trpc/procedures.js';

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
    .query(({ ctx, input }) => getAvailableSlots(ctx.deps.db, ctx.actor, input)),

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
    .output(bookingAnswer)
    .mutation(({ ctx, input }) => rescheduleMyBooking(ctx.deps, ctx.actor, input)),
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
        description: 'The free start times of a day for the desk, for the chosen services (the salon’s shortest active service when none is named) and professional.',
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
          'Books a slot for a customer on the phone or at the counter: the customer is found by e-mail or gets a customer account (they sign in with an e-mail code). Same rules as a customer’s own booking; 409 when the time was just taken.',
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
