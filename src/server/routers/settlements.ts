import * as s from '../../shared/schemas/settlements.js';
import { getPayables, getSettlement, getSettlementCsv, recordPayout } from '../services/settlements/index.js';
import { adminProcedure, merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Settlements'];
const PERIOD = 'A month (`month`, YYYY-MM) or a period (`from`, `to`: India dates, at most 366 days), by the date each payment was taken.';

/** The salon's settlement statement (merchant panel, Settlements; an admin names the salon). */
export const settlementMerchantProcedures = {
  getSettlement: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getSettlement',
        tags,
        summary: "Read the salon's settlement statement for a period",
        description: `${PERIOD} One line per online payment of the salon's bookings: collected, the gateway's fee and its GST (as the gateway reported it, else estimated at 2 % + 18 % GST), refunds, the commission booked on the booking (10 % marketplace, 0 % direct) and the net; a line is payable once its booking is completed, a no-show or cancelled, held before. With the period's payouts and the salon's balance to date.`,
        errorResponses: errors(401, 403, {
          400: '`month`, `from` or `to` missing or not a date; `to` before `from` or more than 366 days on; an admin names no `merchantId`',
          404: 'No salon has this `merchantId`',
        }),
      },
    })
    .input(s.settlementInput)
    .output(s.settlementAnswer)
    .query(({ ctx, input }) => getSettlement(ctx.deps, ctx.actor, input)),
  settlementCsv: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/settlementCsv',
        tags,
        summary: "Download the salon's settlement statement as CSV",
        description: `${PERIOD} The statement's lines (amounts in rupees, two decimals), its totals and the period's payouts as CSV text, with a file name.`,
        errorResponses: errors(401, 403, {
          400: '`month`, `from` or `to` missing or not a date; `to` before `from` or more than 366 days on; an admin names no `merchantId`',
          404: 'No salon has this `merchantId`',
        }),
      },
    })
    .input(s.settlementInput)
    .output(s.settlementCsvAnswer)
    .query(({ ctx, input }) => getSettlementCsv(ctx.deps, ctx.actor, input)),
};

export const settlementAdminProcedures = {
  payables: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/payments/payables',
        tags,
        summary: 'Read what the platform owes each salon',
        description:
          'Every salon with online payments or payouts: collected, the net of settled payments to date, what is held (appointments still to come), paid out, and due (settled net less payouts).',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.payablesInput)
    .output(s.payablesAnswer)
    .query(({ ctx, input }) => getPayables(ctx.deps, input)),
  recordPayout: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/payouts',
        tags,
        summary: 'Record a payout to a salon',
        description:
          'Records money paid to a salon (bank transfer, UPI) with its UTR or bank reference and date; at most what is due. The reference is unique: the same payout sent again answers the first (`created: false`).',
        errorResponses: errors(400, 401, 403, {
          404: 'No salon has this `merchantId`',
          409: '`amount`: more than is due to the salon; `reference`: already recorded for another payout',
        }),
      },
      successStatus: 201,
    })
    .input(s.recordPayoutInput)
    .output(s.recordPayoutAnswer)
    .mutation(({ ctx, input }) => recordPayout(ctx.deps, ctx.actor, input)),
};
