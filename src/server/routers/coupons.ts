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

const tags = ['Coupons'];

/** Coupons & Offers, under Coupons/* (the spec's capital C). An admin without merchantId manages platform coupons. */
export const couponProcedures = {
  getAllCoupons: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/Coupons/getAllCoupons', tags } })
    .input(couponsListInput)
    .output(couponsAnswer)
    .query(({ ctx, input }) => coupons.getAllCoupons(ctx.deps, ctx.actor, input.merchantId)),

  createCoupon: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/Coupons/createCoupon', tags }, successStatus: 201 })
    .input(createCouponInput)
    .output(couponAnswer)
    .mutation(({ ctx, input }) => coupons.createCoupon(ctx.deps, ctx.actor, input)),

  getCouponById: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/Coupons/getCouponById', tags } })
    .input(couponTargetInput)
    .output(couponAnswer)
    .query(({ ctx, input }) => coupons.getCouponById(ctx.deps, ctx.actor, input)),

  updateCoupon: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/Coupons/updateCoupon', tags } })
    .input(updateCouponInput)
    .output(couponAnswer)
    .mutation(({ ctx, input }) => coupons.updateCoupon(ctx.deps, ctx.actor, input)),

  deleteCoupon: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/Coupons/deleteCoupon', tags } })
    .input(couponTargetInput)
    .output(deleteCouponAnswer)
    .mutation(({ ctx, input }) => coupons.deleteCoupon(ctx.deps, ctx.actor, input)),
};
