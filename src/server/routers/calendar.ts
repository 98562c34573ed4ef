import {
  calendarAnswer,
  calendarInput,
  createBlockAnswer,
  createBlockInput,
  deleteBlockAnswer,
  deleteBlockInput,
  deskEventsInput,
  moveBookingAnswer,
  moveBookingInput,
} from '../../shared/schemas/calendar.js';
import { RateLimitError } from '../errors.js';
import { deskStream } from '../live/deskEvents.js';
import { assertStreamRoom, guardedStream } from '../live/sessionGuard.js';
import { createBlock, deleteBlock, getCalendar, moveBooking } from '../services/calendar/index.js';
import { shopOf } from '../services/scope.js';
import { merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Merchant calendar'];

/** The merchant's calendar: the day view's data, blocked time, moves, and its live feed. */
export const calendarMerchantProcedures = {
  getCalendar: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/calendar',
        tags,
        description:
          'A day (days=1) or a week (days=7) of the salon’s calendar in one call: each professional with their hours per date, the bookings of every status (customer, services, price) and the blocked time, placed in salon-local minutes.',
        summary: "Read a day or week of the salon's calendar",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(calendarInput)
    .output(calendarAnswer)
    .query(({ ctx, input }) => getCalendar(ctx.deps, ctx.actor, input)),

  createBlock: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/calendar/blocks',
        tags,
        description:
          'Blocks a professional’s time (break, leave, training) once, on every day of a date range (endDate: leave from Monday to Wednesday), or every week. Refused with 409 listing the bookings in the way; a weekly block can be repeated with skipConflicts to leave those dates out.',
        summary: "Block a professional's time",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
      successStatus: 201,
    })
    .input(createBlockInput)
    .output(createBlockAnswer)
    .mutation(({ ctx, input }) => createBlock(ctx.deps, ctx.actor, input)),

  deleteBlock: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/calendar/blocks/delete',
        tags,
        description:
          'Removes one occurrence of blocked time, or (series) that occurrence and the later ones: the later weeks of a weekly block, the later days of a range.',
        summary: 'Remove blocked time',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(deleteBlockInput)
    .output(deleteBlockAnswer)
    .mutation(({ ctx, input }) => deleteBlock(ctx.deps, ctx.actor, input)),

  moveBooking: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/moveBooking',
        tags,
        description:
          'Moves a booking to another time and/or professional at the same price. 400 when the professional does not offer its services or is not working then; 409 when the time was taken meanwhile. The customer is told once the Undo window (customerToldAt) has passed.',
        summary: 'Move a booking to another time or professional',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(moveBookingInput)
    .output(moveBookingAnswer)
    .mutation(({ ctx, input }) => moveBooking(ctx.deps, ctx.actor, input)),

  /**
   * Server-sent events (tRPC subscription): 'sync' first and after a gap, then 'changed' with the dates. Not on /api.
   * The session is checked again while the stream is open, and an account holds a few streams at most (live/sessionGuard.ts).
   */
  deskEvents: merchantProcedure.input(deskEventsInput).subscription(async ({ ctx, input, signal }) => {
    const merchantId = await shopOf(ctx.deps.db, ctx.actor!, input.merchantId);
    try {
      assertStreamRoom(ctx.deps, ctx.actor!.id);
    } catch (err) {
      if (err instanceof RateLimitError && ctx.refused) ctx.refused.limit = err.limit;
      throw err;
    }
    return guardedStream({ deps: ctx.deps, accountId: ctx.actor!.id, token: ctx.token }, signal, (stop) =>
      deskStream(ctx.deps.db, merchantId, stop),
    );
  }),
};
