import * as s from '../../shared/schemas/push.js';
import * as push from '../services/push/service.js';
import { accountProcedure, adminProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Push notifications'];

/** Web push under notification/* (customer spec section 7). */
export const pushProcedures = {
  vapidPublicKey: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notification/vapidPublicKey',
        tags,
        summary: 'Read the Web Push public key',
        errorResponses: errors(400),
      },
    })
    .input(s.pushBroadcastsInput)
    .output(s.vapidAnswer)
    .query(({ ctx }) => push.vapidPublicKey(ctx.deps)),
  subscribeUserToNotifications: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notification/subscribeUserToNotifications',
        tags,
        summary: 'Register a web push subscription',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
      successStatus: 201,
    })
    .input(s.subscribeInput)
    .output(s.successAnswer)
    .mutation(({ ctx, input }) => push.subscribe(ctx.deps, ctx.actor, input, ctx.userAgent ?? null)),
  createSubscribeUserNotifications: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notification/createSubscribeUserNotifications',
        tags,
        summary: 'Send a test push to the caller',
        errorResponses: errors(400, 401, 403, 409),
      },
      successStatus: 201,
    })
    .input(s.pushBroadcastInput)
    .output(s.pushBroadcastAnswer)
    .mutation(({ ctx, input }) => push.createBroadcast(ctx.deps, ctx.actor, input)),
  getAllSubscribeUserNotifications: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notification/getAllSubscribeUserNotifications',
        tags,
        summary: "List the caller's push subscriptions",
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.pushBroadcastsInput)
    .output(s.pushBroadcastsAnswer)
    .query(({ ctx, input }) => push.listBroadcasts(ctx.deps, input)),
};

export const pushUserProcedures = {
  unsubscribeUserFromNotifications: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/unsubscribeUserFromNotifications',
        tags,
        summary: 'Remove a web push subscription',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.unsubscribeInput)
    .output(s.unsubscribeAnswer)
    .mutation(({ ctx, input }) => push.unsubscribe(ctx.deps, ctx.actor, input)),
};
