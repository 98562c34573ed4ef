import {
  merchantScopeInput,
  merchantSettingsAnswer,
  merchantSettingsInput,
  profileCompletionAnswer,
  publishRequestAnswer,
  shopAnswer,
  updateBusinessHoursAnswer,
  updateBusinessHoursInput,
  updateBusinessProfileAnswer,
  updateBusinessProfileInput,
  updateNotificationSettingsAnswer,
  updateNotificationSettingsInput,
  updateShopAnswer,
} from '../../shared/schemas/shop.js';
import * as publishing from '../services/shop/publishing.js';
import * as settings from '../services/shop/settings.js';
import { merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';
import { updateBusinessHoursErrors } from './settings.docs.js';

const tags = ['Shop settings'];

/** Settings & Profile, the shop profile, and publishing, under merchants/*. */
export const merchantSettingsProcedures = {
  getMerchantSettingsById: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/getMerchantSettingsById/{id}',
        tags,
        summary: "Read the salon's settings",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantSettingsInput)
    .output(merchantSettingsAnswer)
    .query(({ ctx, input }) => settings.getMerchantSettings(ctx.deps, ctx.actor, input.id)),

  updateBusinessProfile: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateBusinessProfile',
        tags,
        summary: "Update the salon's business profile",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(updateBusinessProfileInput)
    .output(updateBusinessProfileAnswer)
    .mutation(({ ctx, input }) => settings.updateBusinessProfile(ctx.deps, ctx.actor, input)),

  updateBusinessHours: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateBusinessHours',
        tags,
        summary: "Set the salon's opening hours",
        errorResponses: errors(400, 401, 403, 404, updateBusinessHoursErrors),
      },
    })
    .input(updateBusinessHoursInput)
    .output(updateBusinessHoursAnswer)
    .mutation(({ ctx, input }) => settings.updateBusinessHours(ctx.deps, ctx.actor, input)),

  updateNotificationSettings: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateNotificationSettings',
        tags,
        summary: "Change the salon's notification settings",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(updateNotificationSettingsInput)
    .output(updateNotificationSettingsAnswer)
    .mutation(({ ctx, input }) => settings.updateNotificationSettings(ctx.deps, ctx.actor, input)),

  getShop: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/shop',
        tags,
        summary: "Read the salon's shop profile",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(shopAnswer)
    .query(({ ctx, input }) => settings.getShop(ctx.deps, ctx.actor, input.merchantId)),

  updateShop: merchantProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/merchants/shop',
        tags,
        summary: "Update the salon's shop profile",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(updateBusinessProfileInput)
    .output(updateShopAnswer)
    .mutation(({ ctx, input }) => settings.updateShop(ctx.deps, ctx.actor, input)),

  getProfileCompletion: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/getProfileCompletion',
        tags,
        summary: 'Read what the shop profile still lacks',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(profileCompletionAnswer)
    .query(({ ctx, input }) => publishing.getProfileCompletion(ctx.deps, ctx.actor, input.merchantId)),

  createPublishRequest: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createPublishRequest',
        tags,
        summary: 'Ask to publish the salon',
        errorResponses: errors(400, 401, 403, 404, {
          409: 'The shop is already published, or its team is bigger than its plan allows (`data.field`: staff)',
        }),
      },
    })
    .input(merchantScopeInput)
    .output(publishRequestAnswer)
    .mutation(({ ctx, input }) => publishing.createPublishRequest(ctx.deps, ctx.actor, input.merchantId)),
};
