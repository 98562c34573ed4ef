import {
  deleteShopImageAnswer,
  merchantScopeInput,
  shopImageActionInput,
  shopImagesAnswer,
  uploadAvatarInput,
  uploadImageAnswer,
  uploadImageInput,
} from '../../shared/schemas/shop.js';
import * as images from '../services/shop/images.js';
import { authedProcedure, merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Images'];

/**
 * Shop photos and avatars, under images/*. The upload is JSON with a base64 data URL so it is
 * one procedure on both faces; the HTTP app allows a larger body on that path only.
 */
export const imageProcedures = {
  upload: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/images/upload',
        tags,
        summary: 'Upload a shop image',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
      successStatus: 201,
    })
    .input(uploadImageInput)
    .output(uploadImageAnswer)
    .mutation(({ ctx, input }) => images.uploadImage(ctx.deps, ctx.actor, input)),

  uploadAvatar: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/images/uploadAvatar',
        tags,
        summary: 'Upload a profile picture',
        errorResponses: errors(400, 401, 409),
      },
      successStatus: 201,
    })
    .input(uploadAvatarInput)
    .output(uploadImageAnswer)
    .mutation(({ ctx, input }) => images.uploadOwnAvatar(ctx.deps, ctx.actor, input)),

  getShopImages: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/images/getShopImages',
        tags,
        summary: "List the salon's images",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(shopImagesAnswer)
    .query(({ ctx, input }) => images.getShopImages(ctx.deps, ctx.actor, input.merchantId)),

  deleteShopImages: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/images/deleteShopImages',
        tags,
        summary: 'Delete shop images',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(shopImageActionInput)
    .output(deleteShopImageAnswer)
    .mutation(({ ctx, input }) => images.deleteShopImageById(ctx.deps, ctx.actor, input)),

  setCoverImage: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/images/setCoverImage',
        tags,
        summary: "Choose the salon's cover image",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(shopImageActionInput)
    .output(shopImagesAnswer)
    .mutation(({ ctx, input }) => images.setCoverImage(ctx.deps, ctx.actor, input)),
};
