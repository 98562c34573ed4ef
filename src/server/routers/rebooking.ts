import { bookAgainAnswer, bookAgainInput, rebookStatsAnswer, rebookStatsInput } from '../../shared/schemas/rebooking.js';
import { getBookAgain, getRebookStats } from '../services/rebooking/index.js';
import { customerProcedure, merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Rebooking'];

/** Book again: a completed visit as the booking flow's starting point. */
export const rebookingUserProcedures = {
  getBookAgain: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/bookings/{bookingId}/again',
        tags,
        summary: 'Start booking again from a completed visit',
        description:
          'The salon, the services of the visit it still offers (at today’s prices), the ones it dropped, and the professional while still on the team and offering them. Nothing here books: the booking is made with users/createBooking, which prices and checks it again.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(bookAgainInput)
    .output(bookAgainAnswer)
    .query(({ ctx, input }) => getBookAgain(ctx.deps, ctx.actor, input)),
};

/** The salon's rebooking reminders. */
export const rebookingMerchantProcedures = {
  getRebookStats: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/rebook-reminders',
        tags,
        summary: 'Count rebooking reminders sent and the bookings they brought',
        description:
          'For the last 90 days: the rebooking reminders sent, and how many were followed within 30 days by a booking at the salon with the reminded service (not cancelled); per service with an interval.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(rebookStatsInput)
    .output(rebookStatsAnswer)
    .query(({ ctx, input }) => getRebookStats(ctx.deps, ctx.actor, input)),
};
