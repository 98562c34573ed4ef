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

const tags = ['Shop settings'];

/** Settings & Profile, the shop profile, and publishing, under merchants/*. */
export const merchantSettingsProcedures = {
  getMerchantSettingsById: merchantProcedure
    .meta({ openapi: { method: 'GET', path: '/merchants/getMerchantSettingsById/{id}', tags } })
    .input(merchantSettingsInput)
    .output(merchantSettingsAnswer)
    .query(({ ctx, input }) => settings.getMerchantSettings(ctx.deps, ctx.actor, input.id)),

  updateBusinessProfile: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateBusinessProfile', tags } })
    .input(updateBusinessProfileInput)
    .output(updateBusinessProfileAnswer)
    .mutation(({ ctx, input }) => settings.updateBusinessProfile(ctx.deps, ctx.actor, input)),

  updateBusinessHours: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateBusinessHours', tags } })
    .input(updateBusinessHoursInput)
    .output(updateBusinessHoursAnswer)
    .mutation(({ ctx, input }) => settings.updateBusinessHours(ctx.deps, ctx.actor, input)),

  updateNotificationSettings: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateNotificationSettings', tags } })
    .input(updateNotificationSettingsInput)
    .output(updateNotificationSettingsAnswer)
    .mutation(({ ctx, input }) => settings.updateNotificationSettings(ctx.deps, ctx.actor, input)),

  getShop: merchantProcedure
    .meta({ openapi: { method: 'GET', path: '/merchants/shop', tags } })
    .input(merchantScopeInput)
    .output(shopAnswer)
    .query(({ ctx, input }) => settings.getShop(ctx.deps, ctx.actor, input.merchantId)),

  updateShop: merchantProcedure
    .meta({ openapi: { method: 'PUT', path: '/merchants/shop', tags } })
    .input(updateBusinessProfileInput)
    .output(updateShopAnswer)
    .mutation(({ ctx, input }) => settings.updateShop(ctx.deps, ctx.actor, input)),

  getProfileCompletion: merchantProcedure
    .meta({ openapi: { method: 'GET', path: '/merchants/getProfileCompletion', tags } })
    .input(merchantScopeInput)
    .output(profileCompletionAnswer)
    .query(({ ctx, input }) => publishing.getProfileCompletion(ctx.deps, ctx.actor, input.merchantId)),

  createPublishRequest: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/createPublishRequest', tags } })
    .input(merchantScopeInput)
    .output(publishRequestAnswer)
    .mutation(({ ctx, input }) => publishing.createPublishRequest(ctx.deps, ctx.actor, input.merchantId)),
};
