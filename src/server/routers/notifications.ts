import { z } from 'zod';
import {
  getNotificationsAnswer,
  getNotificationsInput,
  markAllNotificationsAnswer,
  notificationIdInput,
  notificationSuccessAnswer,
} from '../../shared/schemas/notifications.js';
import * as notifications from '../services/notifications/service.js';
import { authedProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Notifications'];

/** The signed-in account's in-app notifications, under users/* for every role. */
export const notificationUserProcedures = {
  getNotifications: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getNotifications',
        tags,
        summary: 'List in-app notifications',
        errorResponses: errors(400, 401),
      },
    })
    .input(getNotificationsInput)
    .output(getNotificationsAnswer)
    .query(({ ctx, input }) => notifications.getNotifications(ctx.deps, ctx.actor, input)),

  markNotificationAsRead: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/markNotificationAsRead/{id}',
        tags,
        summary: 'Mark a notification read',
        errorResponses: errors(400, 401, 404, 409),
      },
    })
    .input(notificationIdInput)
    .output(notificationSuccessAnswer)
    .mutation(({ ctx, input }) => notifications.markNotificationAsRead(ctx.deps, ctx.actor, input.id)),

  markAllNotificationsAsRead: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/markAllNotificationsAsRead',
        tags,
        summary: 'Mark every notification read',
        errorResponses: errors(400, 401, 409),
      },
    })
    .input(z.object({}).optional())
    .output(markAllNotificationsAnswer)
    .mutation(({ ctx }) => notifications.markAllNotificationsAsRead(ctx.deps, ctx.actor)),

  deleteNotification: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/users/deleteNotification/{id}',
        tags,
        summary: 'Delete a notification',
        errorResponses: errors(400, 401, 404, 409),
      },
    })
    .input(notificationIdInput)
    .output(notificationSuccessAnswer)
    .mutation(({ ctx, input }) => notifications.deleteNotification(ctx.deps, ctx.actor, input.id)),
};
