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
import { errors, PLAN_TOOL } from './common.docs.js';

const tags = ['Staff'];

/** Staff Management, under merchants/*, scoped to the caller's shop. */
export const staffProcedures = {
  getAllStaffByMerchant: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getAllStaffByMerchant',
        tags,
        summary: "List the salon's staff",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(staffListAnswer)
    .query(({ ctx, input }) => staff.getAllStaff(ctx.deps, ctx.actor, input.merchantId)),

  addStaffByMerchant: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/addStaffByMerchant',
        tags,
        summary: 'Add a staff member',
        errorResponses: errors(400, 401, 403, 404, {
          409: '`email`: another staff member of the shop already uses this e-mail, or the plan’s staff limit is reached (`data.field`: staff; the message names the plan and its limit)',
        }),
      },
      successStatus: 201,
    })
    .input(addStaffInput)
    .output(staffAnswer)
    .mutation(({ ctx, input }) => staff.addStaff(ctx.deps, ctx.actor, input)),

  updateStaffByMerchant: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateStaffByMerchant',
        tags,
        summary: 'Update a staff member',
        errorResponses: errors(400, 401, 403, 404, {
          409: '`email`: another staff member of the shop already uses this e-mail, or the plan’s staff limit is reached (`data.field`: staff; the message names the plan and its limit) (bringing someone back from Inactive)',
        }),
      },
    })
    .input(updateStaffInput)
    .output(staffAnswer)
    .mutation(({ ctx, input }) => staff.updateStaff(ctx.deps, ctx.actor, input)),

  deleteStaffByMerchant: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/deleteStaffByMerchant',
        tags,
        summary: 'Remove a staff member',
        errorResponses: errors(400, 401, 403, 404, { 409: 'The staff member still has upcoming bookings' }),
      },
    })
    .input(staffTargetInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => staff.deleteStaff(ctx.deps, ctx.actor, input)),

  updateStaffHours: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateStaffHours',
        tags,
        summary: "Set a staff member's working hours",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(updateStaffHoursInput)
    .output(staffAnswer)
    .mutation(({ ctx, input }) => staff.updateStaffHours(ctx.deps, ctx.actor, input)),

  getStaffAnalytics: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getStaffAnalytics',
        tags,
        summary: "Read a staff member's bookings and earnings",
        errorResponses: errors(400, 401, 404, { 403: PLAN_TOOL }),
      },
    })
    .input(staffAnalyticsInput)
    .output(staffAnalyticsAnswer)
    .query(({ ctx, input }) => staffAnalytics(ctx.deps, ctx.actor, input)),
};
