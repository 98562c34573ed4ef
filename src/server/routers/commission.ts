import * as s from '../../shared/schemas/commission.js';
import { getCommission, recordCommissionPayment } from '../services/billing/commission.js';
import { adminProcedure, merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Commission'];

/** The salon's commission statement (merchant panel, Commission). */
export const commissionMerchantProcedures = {
  getCommission: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getCommission',
        tags,
        description:
          'Per month of appointment: completed bookings, no-shows, gross, the 10% commission, net, paid (deducted from online prepayments, plus payments recorded) and outstanding.',
        summary: "Read the salon's commission per month (gross, commission, net, paid, outstanding)",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.commissionInput)
    .output(s.commissionAnswer)
    .query(({ ctx, input }) => getCommission(ctx.deps, ctx.actor, input.merchantId)),
};

export const commissionAdminProcedures = {
  recordCommissionPayment: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/commissionPayment',
        tags,
        description: 'Records commission a salon paid for a month (bank transfer, UPI); at most the month’s outstanding.',
        summary: "Record a salon's payment of a month's commission",
        errorResponses: errors(400, 401, 403, {
          404: 'No salon has this `merchantId`',
          409: '`amount`: more than the month’s outstanding commission',
        }),
      },
      successStatus: 201,
    })
    .input(s.recordCommissionPaymentInput)
    .output(s.recordCommissionPaymentAnswer)
    .mutation(({ ctx, input }) => recordCommissionPayment(ctx.deps, ctx.actor, input)),
};
