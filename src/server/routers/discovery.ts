import { z } from 'zod';
import {
  categoryListAnswer,
  createTestimonialInput,
  geoReverseAnswer,
  geoReverseInput,
  geoSearchAnswer,
  geoSearchInput,
  getMerchantsInput,
  locationsAnswer,
  merchantByIdAnswer,
  merchantByIdInput,
  merchantsAnswer,
  messageOnlyAnswer,
  nearbyInput,
  newsletterInput,
  recommendedInput,
  searchAnswer,
  searchInput,
  specialOffersAnswer,
  sponsoredAnswer,
  sponsoredInput,
  testimonialAnswer,
  testimonialByIdInput,
  testimonialsAnswer,
  trendingServicesAnswer,
  updateTestimonialInput,
} from '../../shared/schemas/discovery.js';
import * as content from '../services/discovery/content.js';
import { getMerchantById } from '../services/discovery/details.js';
import { geoReverse, geoSearch } from '../services/discovery/geo.js';
import { getSpecialOffers, getTrendingServices, listCategories, listPopularLocations } from '../services/discovery/home.js';
import { getMerchants, getNearby, getRecommended, getSponsoredShops, searchMerchants } from '../services/discovery/search.js';
import type { Context } from '../trpc/context.js';
import { adminProcedure, publicProcedure } from '../trpc/procedures.js';
import { discoveryDb } from '../trpc/reads.js';
import { CATALOGUE_CACHE, errors, LISTING_CACHE } from './common.docs.js';
import { searchParameterExamples } from './discovery.docs.js';

/** What the search services need, over the database this request's discovery reads use (the replica when it may). */
const discoveryDeps = (ctx: Context) => ({ db: discoveryDb(ctx), adapters: ctx.deps.adapters });

// No parameters: callable with no argument from the tRPC client (as users.profile).
const none = z.object({}).optional();
const discoveryTags = ['Discovery'];
const homeTags = ['Home page'];

/** Salon lists, search and the salon page, under merchants/*. All public. */
export const discoveryMerchantProcedures = {
  getMerchants: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/getMerchants',
        tags: discoveryTags,
        protect: false,
        summary: 'List salons, nearest first',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE },
    })
    .input(getMerchantsInput)
    .output(merchantsAnswer)
    .query(({ ctx, input }) => getMerchants(discoveryDeps(ctx), input)),

  search: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/search',
        tags: discoveryTags,
        protect: false,
        summary: 'Search salons',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE, parameterExamples: searchParameterExamples },
    })
    .input(searchInput)
    .output(searchAnswer)
    .query(({ ctx, input }) => searchMerchants(discoveryDeps(ctx), input)),

  getMerchantById: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/getMerchantById/{id}',
        tags: discoveryTags,
        protect: false,
        summary: 'Read a salon with its services, staff and hours',
        errorResponses: errors(400, 404),
      },
      docs: { cache: LISTING_CACHE, optionalAuth: "The salon's owner and administrators also see an unpublished salon." },
    })
    .input(merchantByIdInput)
    .output(merchantByIdAnswer)
    .query(({ ctx, input }) => getMerchantById(discoveryDb(ctx), ctx.actor, input)),
};

/** Home-page sections and the filter search, under users/*. All public. */
export const discoveryUserProcedures = {
  getTrendingServices: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getTrendingServices',
        tags: homeTags,
        protect: false,
        summary: 'List trending services',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE },
    })
    .input(none)
    .output(trendingServicesAnswer)
    .query(({ ctx }) => getTrendingServices(discoveryDb(ctx))),

  getSponsoredShops: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getSponsoredShops',
        tags: homeTags,
        protect: false,
        summary: 'List sponsored salons',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE },
    })
    .input(sponsoredInput)
    .output(sponsoredAnswer)
    .query(({ ctx, input }) => getSponsoredShops(discoveryDeps(ctx), input)),

  getShopByFilter: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/getShopByFilter',
        tags: discoveryTags,
        protect: false,
        summary: 'Filter salons (legacy search)',
        errorResponses: errors(400),
      },
    })
    .input(searchInput)
    .output(searchAnswer)
    .query(({ ctx, input }) => searchMerchants(discoveryDeps(ctx), input)),

  getSpecialOffers: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getSpecialOffers',
        tags: homeTags,
        protect: false,
        summary: 'List live offers and coupons',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE },
    })
    .input(none)
    .output(specialOffersAnswer)
    .query(({ ctx }) => getSpecialOffers(discoveryDb(ctx))),

  getNearby: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getNearby',
        tags: homeTags,
        protect: false,
        summary: 'List salons near a point',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE },
    })
    .input(nearbyInput)
    .output(merchantsAnswer)
    .query(({ ctx, input }) => getNearby(discoveryDeps(ctx), input)),

  getRecommended: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getRecommended',
        tags: homeTags,
        protect: false,
        summary: 'List recommended salons',
        errorResponses: errors(400),
      },
      docs: { cache: LISTING_CACHE },
    })
    .input(recommendedInput)
    .output(merchantsAnswer)
    .query(({ ctx, input }) => getRecommended(discoveryDeps(ctx), input)),
};

/**
 * The public catalogue, under categories/*. index.ts composes it with the shop-management
 * category procedures: `categories: router({ ...discoveryCategoryProcedures, ...theirs })`.
 */
export const discoveryCategoryProcedures = {
  listCategories: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories',
        tags: homeTags,
        protect: false,
        summary: 'List categories',
        errorResponses: errors(400),
      },
      docs: { cache: CATALOGUE_CACHE },
    })
    .input(none)
    .output(categoryListAnswer)
    .query(({ ctx }) => listCategories(discoveryDb(ctx))),

  getAllCategories: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/getAllCategories',
        tags: homeTags,
        protect: false,
        summary: 'List every category (legacy path)',
        errorResponses: errors(400),
      },
      docs: { cache: CATALOGUE_CACHE },
    })
    .input(none)
    .output(categoryListAnswer)
    .query(({ ctx }) => listCategories(discoveryDb(ctx))),
};

export const discoveryLocationProcedures = {
  getLocations: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/locations',
        tags: homeTags,
        protect: false,
        summary: 'List featured locations',
        errorResponses: errors(400),
      },
      docs: { cache: CATALOGUE_CACHE },
    })
    .input(none)
    .output(locationsAnswer)
    .query(({ ctx }) => listPopularLocations(discoveryDb(ctx))),
};

const testimonialTags = ['Testimonials'];

/** Public list; creating, reading one, editing and deleting are for admins. */
export const testimonialProcedures = {
  getTestimonials: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/getTestimonials',
        tags: testimonialTags,
        protect: false,
        summary: 'List testimonials',
        errorResponses: errors(400),
      },
      docs: { cache: CATALOGUE_CACHE },
    })
    .input(none)
    .output(testimonialsAnswer)
    .query(({ ctx }) => content.getTestimonials(discoveryDb(ctx))),

  createTestimonials: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/createTestimonials',
        tags: testimonialTags,
        summary: 'Create a testimonial',
        errorResponses: errors(400, 401, 403, 409),
      },
      successStatus: 201,
    })
    .input(createTestimonialInput)
    .output(testimonialAnswer)
    .mutation(({ ctx, input }) => content.createTestimonial(ctx.deps.db, input)),

  getTestimonialById: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/getTestimonialById/{id}',
        tags: testimonialTags,
        summary: 'Read a testimonial',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(testimonialByIdInput)
    .output(testimonialAnswer)
    .query(({ ctx, input }) => content.getTestimonialById(ctx.deps.db, input)),

  updateTestimonial: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/updateTestimonial/{id}',
        tags: testimonialTags,
        summary: 'Update a testimonial',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(updateTestimonialInput)
    .output(testimonialAnswer)
    .mutation(({ ctx, input }) => content.updateTestimonial(ctx.deps.db, input)),

  deleteTestimonial: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/deleteTestimonial/{id}',
        tags: testimonialTags,
        summary: 'Delete a testimonial',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(testimonialByIdInput)
    .output(messageOnlyAnswer)
    .mutation(({ ctx, input }) => content.deleteTestimonial(ctx.deps.db, input)),
};

export const newsletterProcedures = {
  subscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/subscribe',
        tags: homeTags,
        protect: false,
        summary: 'Subscribe an e-mail address to the newsletter',
        errorResponses: errors(400, 409),
      },
      successStatus: 201,
      docs: { alsoSucceeds: { 200: 'The address was already subscribed: nothing new is created, the same thanks' } },
    })
    .input(newsletterInput)
    .output(messageOnlyAnswer)
    .mutation(async ({ ctx, input }) => {
      const { message, created } = await content.subscribeNewsletter(ctx.deps.db, input);
      // A repeat address is no new subscription: 200 instead of 201, the same thanks.
      if (!created) ctx.responseStatus = 200;
      return { message };
    }),
};

const geoTags = ['Geocoding'];

export const geoProcedures = {
  search: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/geo/search',
        tags: geoTags,
        protect: false,
        summary: 'Find places by name',
        errorResponses: errors(400),
      },
    })
    .input(geoSearchInput)
    .output(geoSearchAnswer)
    .query(({ ctx, input }) => geoSearch(ctx.deps.adapters.geocoder, input)),

  reverse: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/geo/reverse',
        tags: geoTags,
        protect: false,
        summary: 'Name the place at coordinates',
        errorResponses: errors(400, { 404: 'No place is known near these coordinates' }),
      },
    })
    .input(geoReverseInput)
    .output(geoReverseAnswer)
    .query(({ ctx, input }) => geoReverse(ctx.deps.adapters.geocoder, input)),
};
