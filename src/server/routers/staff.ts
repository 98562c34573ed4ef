import { merchantScopeInput, messageAnswer } from '../../shared/schemas/shop.js';
import {
  addStaffInput,
  staffAnalyticsAnswer,
  staffAnalyticsInput,
  staffAnswer,
  staffListAnswer,
  staffTargetInput,
  updateStaffHoursInput,
  updateStaffInput,
} from '../../shared/schemas/staff.js';
import * as staff from '../services/shop/staff.js';
import { staffAnalytics } from '../services/shop/staffAnalytics.js';
import { merchantProcedure } from '../trpc/procedures.js';

const tags = ['Staff'];

/** Staff Management, under merchants/*, scoped to the caller's shop. */
export const staffProcedures = {
  getAllStaffByMerchant: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getAllStaffByMerchant', tags } })
    .input(merchantScopeInput)
    .output(staffListAnswer)
    .query(({ ctx, input }) => staff.getAllStaff(ctx.deps, ctx.actor, input.merchantId)),

  addStaffByMerchant: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/addStaffByMerchant', tags }, successStatus: 201 })
    .input(addStaffInput)
    .output(staffAnswer)
    .mutation(({ ctx, input }) => staff.addStaff(ctx.deps, ctx.actor, input)),

  updateStaffByMerchant: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateStaffByMerchant', tags } })
    .input(updateStaffInput)
    .output(staffAnswer)
    .mutation(({ ctx, input }) => staff.updateStaff(ctx.deps, ctx.actor, input)),

  deleteStaffByMerchant: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/deleteStaffByMerchant', tags } })
    .input(staffTargetInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => staff.deleteStaff(ctx.deps, ctx.actor, input)),

  updateStaffHours: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateStaffHours', tags } })
    .input(updateStaffHoursInput)
    .output(staffAnswer)
    .mutation(({ ctx, input }) => staff.updateStaffHours(ctx.deps, ctx.actor, input)),

  getStaffAnalytics: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getStaffAnalytics', tags } })
    .input(staffAnalyticsInput)
    .output(staffAnalyticsAnswer)
    .query(({ ctx, input }) => staffAnalytics(ctx.deps, ctx.actor, input)),
};
