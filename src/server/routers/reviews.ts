import {
  createReviewInput,
  deleteReviewAnswer,
  merchantReviewsAnswer,
  merchantReviewsInput,
  publicReviewAnswer,
  respondToReviewAnswer,
  respondToReviewInput,
  reviewAnswer,
  reviewByIdInput,
  reviewIdInput,
  updateReviewInput,
} from '../../shared/schemas/reviews.js';
import * as reviews from '../services/shop/reviews.js';
import { authedProcedure, customerProcedure, merchantProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Reviews'];

/** Customers review completed bookings; salons read and answer them. Under reviewRoutes/*. */
export const reviewProcedures = {
  createReview: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviewRoutes/createReview',
        tags,
        summary: 'Review a completed booking',
        errorResponses: errors(400, 401, 403, 404, { 409: 'This booking has already been reviewed' }),
      },
      successStatus: 201,
    })
    .input(createReviewInput)
    .output(reviewAnswer)
    .mutation(({ ctx, input }) => reviews.createReview(ctx.deps, ctx.actor, input)),

  updateReview: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviewRoutes/updateReview',
        tags,
        summary: 'Edit a review',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(updateReviewInput)
    .output(reviewAnswer)
    .mutation(({ ctx, input }) => reviews.updateReview(ctx.deps, ctx.actor, input)),

  deleteReview: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviewRoutes/deleteReview',
        tags,
        summary: 'Delete a review',
        errorResponses: errors(400, 401, 404, 409, {
          403: 'A salon cannot delete the reviews of its own salon; it replies to them instead',
        }),
      },
    })
    .input(reviewIdInput)
    .output(deleteReviewAnswer)
    .mutation(({ ctx, input }) => reviews.deleteReview(ctx.deps, ctx.actor, input.reviewId)),

  getReviewById: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/reviewRoutes/getReviewById/{id}',
        tags,
        protect: false,
        summary: 'Read a review',
        errorResponses: errors(400, 404),
      },
    })
    .input(reviewByIdInput)
    .output(publicReviewAnswer)
    .query(({ ctx, input }) => reviews.getReviewById(ctx.deps, input.id)),

  getReviewsByMerchant: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviewRoutes/getReviewsByMerchant',
        tags,
        summary: "List the salon's reviews",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantReviewsInput)
    .output(merchantReviewsAnswer)
    .query(({ ctx, input }) => reviews.getMerchantReviews(ctx.deps, ctx.actor, input)),

  respondToReviewByMerchant: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviewRoutes/respondToReviewByMerchant',
        tags,
        summary: 'Answer a review as the salon',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(respondToReviewInput)
    .output(respondToReviewAnswer)
    .mutation(({ ctx, input }) => reviews.respondToReview(ctx.deps, ctx.actor, input)),

  respondToReview: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviewRoutes/respondToReview',
        tags,
        summary: 'Answer a review',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(respondToReviewInput)
    .output(respondToReviewAnswer)
    .mutation(({ ctx, input }) => reviews.respondToReview(ctx.deps, ctx.actor, input)),
};
