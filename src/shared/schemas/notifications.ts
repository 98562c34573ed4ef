import { z } from 'zod';
import { pagingWire } from './paging.js';
import { queryBoolean, queryNumber } from './query.js';

/* In-app notifications under users/* (customer spec section 7): every signed-in role has them. */

export const NOTIFICATION_TYPES = ['booking', 'system', 'alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATIONS_MAX_LIMIT = 50;

export const getNotificationsInput = z.object({
  page: queryNumber(z.number().int('page: use a whole number').min(1, 'page: starts at 1').max(100_000), 1),
  limit: queryNumber(
    z
      .number()
      .int('limit: use a whole number')
      .min(1, 'limit: at least 1')
      .max(NOTIFICATIONS_MAX_LIMIT, `limit: at most ${NOTIFICATIONS_MAX_LIMIT}`),
    20,
  ),
  unreadOnly: queryBoolean('unreadOnly', false),
});
export type GetNotificationsInput = z.input<typeof getNotificationsInput>;

export const notificationWire = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  /** ISO instant the notification was created. */
  timestamp: z.string(),
});
export type NotificationWire = z.infer<typeof notificationWire>;

export const getNotificationsAnswer = z.object({
  data: z.object({
    notifications: z.array(notificationWire),
    /** Unread across all of the caller's notifications, whatever the page or filter. */
    unreadCount: z.number(),
    /** How many match the filter (all, or unread only), for paging. */
    total: z.number(),
    paging: pagingWire,
  }),
});
export type GetNotificationsAnswer = z.infer<typeof getNotificationsAnswer>;

export const notificationIdInput = z.object({ id: z.string({ error: 'id: required' }).uuid('id: not a valid notification id') });

export const notificationSuccessAnswer = z.object({ success: z.literal(true) });
export const markAllNotificationsAnswer = z.object({ success: z.literal(true), updated: z.number() });
