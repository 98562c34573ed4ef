import { reportsAnswer, reportsInput } from '../../shared/schemas/reports.js';
import { getReports } from '../services/reports/index.js';
import { merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

/** The owner's weekly reports (docs/clients-and-reports.md). */
export const reportMerchantProcedures = {
  getReports: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getReports',
        tags: ['Reports'],
        summary: 'Sales, occupancy, clients and attendance of the salon over a date range',
        description:
          'Sales are completed bookings dated in the range (salon-local dates, both included); occupancy is booked ÷ available hours per professional; rates are shares from 0 to 1, null when there is nothing to divide by.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(reportsInput)
    .output(reportsAnswer)
    .query(({ ctx, input }) => getReports(ctx.deps, ctx.actor, input)),
};
