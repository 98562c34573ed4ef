import {
  couponAnswer,
  couponsAnswer,
  couponsListInput,
  couponTargetInput,
  createCouponInput,
  deleteCouponAnswer,
  updateCouponInput,
} from '../../shared/schemas/coupons.js';
import * as coupons from '../services/shop/coupons.js';
import { merchantProcedure } from '../trpc/procedures.js';
import { errors, PLAN_TOOL } from './common.docs.js';

const tags = ['Coupons'];

/** Coupons & Offers, under Coupons/* (the spec's capital C). An admin without merchantId manages platform coupons. */
export const couponProcedures = {
  getAllCoupons: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/Coupons/getAllCoupons',
        tags,
        summary: "List the salon's coupons",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(couponsListInput)
    .output(couponsAnswer)
    .query(({ ctx, input }) => coupons.getAllCoupons(ctx.deps, ctx.actor, input)),

  createCoupon: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/Coupons/createCoupon',
        tags,
        summary: 'Create a coupon',
        errorResponses: errors(400, 401, 404, { 403: PLAN_TOOL, 409: '`code`: a coupon with this code already exists' }),
      },
      successStatus: 201,
    })
    .input(createCouponInput)
    .output(couponAnswer)
    .mutation(({ ctx, input }) => coupons.createCoupon(ctx.deps, ctx.actor, input)),

  getCouponById: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/Coupons/getCouponById',
        tags,
        summary: 'Read a coupon',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(couponTargetInput)
    .output(couponAnswer)
    .query(({ ctx, input }) => coupons.getCouponById(ctx.deps, ctx.actor, input)),

  updateCoupon: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/Coupons/updateCoupon',
        tags,
        summary: 'Update a coupon',
        errorResponses: errors(400, 401, 404, {
          403: "The salon's plan does not include this tool (the message names the plan and the plan that has it) (switching a coupon off is always allowed), or another salon's `merchantId`",
          409: '`code`: a coupon with this code already exists',
        }),
      },
    })
    .input(updateCouponInput)
    .output(couponAnswer)
    .mutation(({ ctx, input }) => coupons.updateCoupon(ctx.deps, ctx.actor, input)),

  deleteCoupon: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/Coupons/deleteCoupon',
        tags,
        summary: 'Delete a coupon',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(couponTargetInput)
    .output(deleteCouponAnswer)
    .mutation(({ ctx, input }) => coupons.deleteCoupon(ctx.deps, ctx.actor, input)),
};
