import * as s from '../../shared/schemas/packages.js';
import * as holdings from '../services/packages/holdings.js';
import * as offers from '../services/packages/offers.js';
import { customerProcedure, merchantProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Packages, memberships and vouchers'];
const OTHER_SALON = "Another salon's offer or holding (unknown here)";

/** What a salon sells ahead of a visit and its customers' holdings (docs/checkout-and-stock.md), under merchants/*. */
export const packageMerchantProcedures = {
  getSalonOffers: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getSalonOffers',
        tags,
        summary: "List the salon's packages, memberships and gift vouchers (on sale or not)",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.offersInput)
    .output(s.offersAnswer)
    .query(({ ctx, input }) => offers.listOffers(ctx.deps, ctx.actor, input)),
  createSalonOffer: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createSalonOffer',
        tags,
        summary: 'Add a package (sessions of services), a membership (a discount and/or sessions) or a gift voucher (a rupee value)',
        description:
          "Prices in rupees, GST included for packages and memberships; a voucher is worth its price. Validity in days from the sale. Services and categories must be the salon's own.",
        errorResponses: errors(401, 403, 404, {
          400: 'A field is not valid (the message names it): a package without sessions or services, a membership without a discount or sessions, a voucher with sessions',
          409: '`name`: the salon already sells something of this name',
        }),
      },
      successStatus: 201,
    })
    .input(s.createOfferInput)
    .output(s.offerAnswer)
    .mutation(({ ctx, input }) => offers.createOffer(ctx.deps, ctx.actor, input)),
  updateSalonOffer: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateSalonOffer',
        tags,
        summary: 'Change an offer for future sales, or take it off sale (holdings already sold keep their terms)',
        errorResponses: errors(400, 401, 403, { 404: OTHER_SALON, 409: '`name`: the salon already sells something of this name' }),
      },
    })
    .input(s.updateOfferInput)
    .output(s.offerAnswer)
    .mutation(({ ctx, input }) => offers.updateOffer(ctx.deps, ctx.actor, input)),
  getCustomerHoldings: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getCustomerHoldings',
        tags,
        summary: "A customer's packages, memberships and vouchers at this salon, with balances, expiry and ledger",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.customerHoldingsInput)
    .output(s.holdingsAnswer)
    .query(({ ctx, input }) => holdings.customerHoldings(ctx.deps, ctx.actor, input)),
  findSalonVoucher: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/findSalonVoucher',
        tags,
        summary: "Find one of the salon's gift vouchers by its code, with its balance (to take it as a payment part at checkout)",
        errorResponses: errors(400, 401, 403, { 404: 'No voucher of this salon has that code' }),
      },
    })
    .input(s.voucherLookupInput)
    .output(s.holdingAnswer)
    .query(({ ctx, input }) => holdings.findVoucher(ctx.deps, ctx.actor, input)),
};

/** A salon page's offers, for anyone. */
export const packagePublicProcedures = {
  salonOffers: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/salonOffers/{merchantId}',
        tags,
        protect: false,
        summary: "A salon's packages, memberships and gift vouchers on sale",
        errorResponses: errors(400),
      },
    })
    .input(s.publicOffersInput)
    .output(s.offersAnswer)
    .query(({ ctx, input }) => offers.publicOffers(ctx.deps, input)),
};

/** The customer's own holdings and buying online, under users/*. */
export const packageUserProcedures = {
  getMyHoldings: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/getMyHoldings',
        tags,
        summary: 'My packages, memberships and salon vouchers, with sessions or balance left, expiry and ledger',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.myHoldingsInput)
    .output(s.myHoldingsAnswer)
    .query(({ ctx, input }) => holdings.myHoldings(ctx.deps, ctx.actor, input)),
  buySalonOffer: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/buySalonOffer',
        tags,
        summary: "Buy a salon's package, membership or gift voucher online: from the GlowBook wallet, or with the test gateway's card",
        errorResponses: errors(401, 403, {
          400: 'A field is not valid: not enough in the wallet, a declined test card, or a test card on a server that takes real payments',
          404: 'No offer on sale with this id',
        }),
      },
      successStatus: 201,
    })
    .input(s.buyOfferInput)
    .output(s.holdingAnswer)
    .mutation(({ ctx, input }) => holdings.buyOffer(ctx.deps, ctx.actor, input)),
};
