import {
  amenitiesAnswer,
  amenitiesInput,
  categoryAnswer,
  categoryIdInput,
  createCategoryInput,
  createServiceInput,
  deleteSelectedCategoriesInput,
  deleteServiceInput,
  merchantScopeInput,
  merchantSelectedCategoriesAnswer,
  merchantSelectedCategoriesInput,
  merchantServicesUpdateInput,
  messageAnswer,
  pricingChartsAnswer,
  pricingChartsInput,
  selectCategoriesAnswer,
  selectCategoriesInput,
  serviceAnswer,
  serviceByIdInput,
  servicesAnswer,
  specificCategoryAnswer,
  specificCategoryInput,
  updateCategoryInput,
  updateServiceInput,
} from '../../shared/schemas/shop.js';
import * as categories from '../services/shop/categories.js';
import * as services from '../services/shop/services.js';
import * as settings from '../services/shop/settings.js';
import { adminProcedure, merchantProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const categoryTags = ['Categories'];
const serviceTags = ['Services'];

/** Manage Categories and the admin catalogue, under categories/* (the discovery reads join them there). */
export const shopCategoryProcedures = {
  getMerchantSelectedCategories: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/categories/getMerchantSelectedCategories',
        tags: categoryTags,
        summary: "List the salon's categories with their services",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantSelectedCategoriesInput)
    .output(merchantSelectedCategoriesAnswer)
    .query(({ ctx, input }) => categories.getMerchantSelectedCategories(ctx.deps, ctx.actor, input)),

  getSpecificCategoryToSelect: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/categories/getSpecificCategoryToSelect',
        tags: categoryTags,
        protect: false,
        summary: 'List predefined categories of shop types',
        errorResponses: errors(400),
      },
    })
    .input(specificCategoryInput)
    .output(specificCategoryAnswer)
    .query(({ ctx, input }) => categories.getSpecificCategoryToSelect(ctx.deps, input)),

  selectCategoriesByMarchent: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/categories/selectCategoriesByMarchent',
        tags: categoryTags,
        summary: 'Add predefined categories to the salon',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(selectCategoriesInput)
    .output(selectCategoriesAnswer)
    .mutation(({ ctx, input }) => categories.selectCategories(ctx.deps, ctx.actor, input)),

  deleteMerchantSelectedCategories: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/categories/deleteMerchantSelectedCategories',
        tags: categoryTags,
        summary: 'Remove categories from the salon',
        errorResponses: errors(400, 401, 403, 404, { 409: 'Services of the shop are still in the category; move or delete them first' }),
      },
    })
    .input(deleteSelectedCategoriesInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => categories.deleteSelectedCategories(ctx.deps, ctx.actor, input)),

  createCategory: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/categories/createCategory',
        tags: categoryTags,
        summary: 'Create a category',
        errorResponses: errors(400, 401, 403, { 409: 'A category of this name already exists for this shop category' }),
      },
      successStatus: 201,
    })
    .input(createCategoryInput)
    .output(categoryAnswer)
    .mutation(({ ctx, input }) => categories.createCategory(ctx.deps, input)),

  updateCategory: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/categories/updateCategory/{id}',
        tags: categoryTags,
        summary: 'Update a category',
        errorResponses: errors(400, 401, 403, 404, { 409: 'A category of this name already exists for this shop category' }),
      },
    })
    .input(updateCategoryInput)
    .output(categoryAnswer)
    .mutation(({ ctx, input }) => categories.updateCategory(ctx.deps, input)),

  deleteCategory: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/categories/deleteCategory/{id}',
        tags: categoryTags,
        summary: 'Delete a category',
        errorResponses: errors(400, 401, 403, 404, { 409: 'Services still use this category; salons must move them first' }),
      },
    })
    .input(categoryIdInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => categories.deleteCategory(ctx.deps, input.id)),

  getCategoryById: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/getCategoryById/{id}',
        tags: categoryTags,
        protect: false,
        summary: 'Read a category',
        errorResponses: errors(400, 404),
      },
    })
    .input(categoryIdInput)
    .output(categoryAnswer)
    .query(({ ctx, input }) => categories.getCategoryById(ctx.deps, input.id)),
};

/** Services & Pricing, under services/*. */
export const serviceProcedures = {
  createService: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/services/createService',
        tags: serviceTags,
        summary: 'Create a service',
        errorResponses: errors(400, 401, 403, 404, { 409: '`service.name`: the shop already has a service of this name' }),
      },
      successStatus: 201,
    })
    .input(createServiceInput)
    .output(serviceAnswer)
    .mutation(({ ctx, input }) => services.createService(ctx.deps, ctx.actor, input)),

  updateService: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/services/updateService',
        tags: serviceTags,
        summary: 'Update a service',
        errorResponses: errors(400, 401, 403, 404, { 409: '`service.name`: the shop already has a service of this name' }),
      },
    })
    .input(updateServiceInput)
    .output(serviceAnswer)
    .mutation(({ ctx, input }) => services.updateService(ctx.deps, ctx.actor, input)),

  deleteService: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/services/deleteService',
        tags: serviceTags,
        summary: 'Delete a service',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(deleteServiceInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => services.deleteService(ctx.deps, ctx.actor, input)),

  getAllServices: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/services/getAllServices',
        tags: serviceTags,
        summary: "List the salon's services",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(servicesAnswer)
    .query(({ ctx, input }) => services.getAllServices(ctx.deps, ctx.actor, input.merchantId)),

  getServiceById: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/services/getServiceById/{id}',
        tags: serviceTags,
        protect: false,
        summary: 'Read a service',
        errorResponses: errors(400, 404),
      },
      docs: { optionalAuth: "The salon's owner and administrators also see an inactive service or one of an unpublished salon." },
    })
    .input(serviceByIdInput)
    .output(serviceAnswer)
    .query(({ ctx, input }) => services.getServiceById(ctx.deps, ctx.actor, input.id)),
};

/** The shop's service list, amenities and pricing charts as merchants/* resources (GET reads, PUT replaces). */
export const merchantCatalogueProcedures = {
  getMerchantServices: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/services',
        tags: serviceTags,
        summary: "List the salon's services for bulk editing",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(servicesAnswer)
    .query(({ ctx, input }) => services.getAllServices(ctx.deps, ctx.actor, input.merchantId)),

  updateMerchantServices: merchantProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/merchants/services',
        tags: serviceTags,
        summary: 'Bulk-edit prices, durations and availability of services',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(merchantServicesUpdateInput)
    .output(servicesAnswer)
    .mutation(({ ctx, input }) => services.updateMerchantServices(ctx.deps, ctx.actor, input)),

  getAmenities: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/amenities',
        tags: ['Shop settings'],
        summary: "Read the salon's amenities",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(amenitiesAnswer)
    .query(({ ctx, input }) => settings.getAmenities(ctx.deps, ctx.actor, input.merchantId)),

  updateAmenities: merchantProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/merchants/amenities',
        tags: ['Shop settings'],
        summary: "Change the salon's amenities",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(amenitiesInput)
    .output(amenitiesAnswer)
    .mutation(({ ctx, input }) => settings.updateAmenities(ctx.deps, ctx.actor, input)),

  getPricingCharts: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/pricing-charts',
        tags: ['Shop settings'],
        summary: "Read the salon's pricing charts",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantScopeInput)
    .output(pricingChartsAnswer)
    .query(({ ctx, input }) => settings.getPricingCharts(ctx.deps, ctx.actor, input.merchantId)),

  updatePricingCharts: merchantProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/merchants/pricing-charts',
        tags: ['Shop settings'],
        summary: "Change the salon's pricing charts",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(pricingChartsInput)
    .output(pricingChartsAnswer)
    .mutation(({ ctx, input }) => settings.updatePricingCharts(ctx.deps, ctx.actor, input)),
};
