import {
  onlineBookingAnswer,
  onlineBookingInput,
  salonLinkAnswer,
  salonLinkInput,
  updateOnlineBookingInput,
} from '../../shared/schemas/channels.js';
import { getOnlineBooking, getSalonLink, updateOnlineBooking } from '../services/channels/links.js';
import { merchantProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Online booking'];

/** Settings → Online booking: the salon's link, widget, poster and feed opt-out (docs/channels.md), under merchants/*. */
export const channelMerchantProcedures = {
  getOnlineBooking: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/getOnlineBooking',
        tags,
        summary: "Read the salon's booking link, widget snippet, poster links and feed opt-out",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(onlineBookingInput)
    .output(onlineBookingAnswer)
    .query(({ ctx, input }) => getOnlineBooking(ctx.deps, ctx.actor, input.merchantId)),

  updateOnlineBooking: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateOnlineBooking',
        tags,
        summary: "Change the salon's link name (the old link redirects) or its Reserve with Google opt-out",
        errorResponses: errors(400, 401, 403, 404, { 409: 'slug: another salon uses, or once used, this link name' }),
      },
    })
    .input(updateOnlineBookingInput)
    .output(onlineBookingAnswer)
    .mutation(({ ctx, input }) => updateOnlineBooking(ctx.deps, ctx.actor, input)),
};

/** The salon a link /s/{slug} names, for the booking flow behind it. Public. */
export const channelPublicProcedures = {
  salonLink: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/salonLink/{slug}',
        tags,
        protect: false,
        summary: 'Find the salon of a booking link, with the token that marks bookings made from it direct',
        errorResponses: errors(400, 404),
      },
      docs: { optionalAuth: "The salon's owner and administrators also find an unpublished salon's link." },
    })
    .input(salonLinkInput)
    .output(salonLinkAnswer)
    .query(({ ctx, input }) => getSalonLink(ctx.deps, ctx.actor, input.slug)),
};
