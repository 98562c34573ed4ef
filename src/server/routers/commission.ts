import * as s from '../../shared/schemas/commission.js';
import { getCommission, recordCommissionPayment } from '../services/billing/commission.js';
import { adminProcedure, merchantProcedure } from '../trpc/procedures.js';

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
      },
      successStatus: 201,
    })
    .input(s.recordCommissionPaymentInput)
    .output(s.recordCommissionPaymentAnswer)
    .mutation(({ ctx, input }) => recordCommissionPayment(ctx.deps, ctx.actor, input)),
};
