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

const tags = ['Notifications'];

/** The signed-in account's in-app notifications, under users/* for every role. */
export const notificationUserProcedures = {
  getNotifications: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/getNotifications', tags } })
    .input(getNotificationsInput)
    .output(getNotificationsAnswer)
    .query(({ ctx, input }) => notifications.getNotifications(ctx.deps, ctx.actor, input)),

  markNotificationAsRead: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/users/markNotificationAsRead/{id}', tags } })
    .input(notificationIdInput)
    .output(notificationSuccessAnswer)
    .mutation(({ ctx, input }) => notifications.markNotificationAsRead(ctx.deps, ctx.actor, input.id)),

  markAllNotificationsAsRead: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/users/markAllNotificationsAsRead', tags } })
    .input(z.object({}).optional())
    .output(markAllNotificationsAnswer)
    .mutation(({ ctx }) => notifications.markAllNotificationsAsRead(ctx.deps, ctx.actor)),

  deleteNotification: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/deleteNotification/{id}', tags } })
    .input(notificationIdInput)
    .output(notificationSuccessAnswer)
    .mutation(({ ctx, input }) => notifications.deleteNotification(ctx.deps, ctx.actor, input.id)),
};
