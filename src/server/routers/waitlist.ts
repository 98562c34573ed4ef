import {
  acceptWaitlistOfferAnswer,
  acceptWaitlistOfferInput,
  joinWaitlistInput,
  merchantWaitlistAnswer,
  merchantWaitlistInput,
  myWaitlistAnswer,
  myWaitlistInput,
  waitlistEntryAnswer,
  waitlistEntryIdInput,
} from '../../shared/schemas/waitlist.js';
import { acceptWaitlistOffer, cancelWaitlistEntry, getMyWaitlist, getSalonWaitlist, joinWaitlist } from '../services/waitlist/index.js';
import { customerProcedure, merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Waitlist'];

/** The customer's waitlist: join for a full day, list, leave, accept an offered time. */
export const waitlistUserProcedures = {
  joinWaitlist: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/waitlist',
        tags,
        summary: 'Join a salon’s waitlist for a day and a window of times',
        description:
          'Waits for a salon-local date and a window of start times (fromTime up to toTime) for the chosen services, optionally with one professional. When a time in the window frees up, waiting customers are offered it in the order they joined, each held for 15 minutes.',
        errorResponses: errors(400, 401, 403, 404, {
          409: 'Already waiting for an overlapping window of that day and services, or already waiting for 5 times',
        }),
      },
      successStatus: 201,
    })
    .input(joinWaitlistInput)
    .output(waitlistEntryAnswer)
    .mutation(({ ctx, input }) => joinWaitlist(ctx.deps, ctx.actor, input)),

  getMyWaitlist: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/waitlist',
        tags,
        summary: 'List my waitlist entries and their offers',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(myWaitlistInput)
    .output(myWaitlistAnswer)
    .query(({ ctx, input }) => getMyWaitlist(ctx.deps, ctx.actor, input)),

  cancelWaitlistEntry: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/waitlist/{entryId}/cancel',
        tags,
        summary: 'Leave a waitlist',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(waitlistEntryIdInput)
    .output(waitlistEntryAnswer)
    .mutation(({ ctx, input }) => cancelWaitlistEntry(ctx.deps, ctx.actor, input)),

  acceptWaitlistOffer: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/waitlist/offers/{offerId}/accept',
        tags,
        summary: 'Book a time offered from the waitlist',
        description:
          'Books the offered time through the normal booking path, paid as the customer chooses at checkout: at the salon (the default), from the wallet, or online (the time is held as a pending booking and the answer carries the payment and its checkout; verify it with payments/verifyBookingPayment). Accepting the same offer again answers the same booking.',
        errorResponses: errors(400, 401, 403, 404, {
          409: 'The offer expired or was withdrawn, or someone else booked the time first (the entry keeps waiting)',
        }),
      },
      successStatus: 201,
    })
    .input(acceptWaitlistOfferInput)
    .output(acceptWaitlistOfferAnswer)
    .mutation(({ ctx, input }) => acceptWaitlistOffer(ctx.deps, ctx.actor, input)),
};

/** The salon's waitlist for a calendar day. */
export const waitlistMerchantProcedures = {
  getWaitlist: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/waitlist',
        tags,
        summary: "Read the salon's waitlist for a day",
        description:
          'Who waits for the salon-local date, in the order they joined: services, window, professional, status and latest offer.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(merchantWaitlistInput)
    .output(merchantWaitlistAnswer)
    .query(({ ctx, input }) => getSalonWaitlist(ctx.deps, ctx.actor, input)),
};
