import type { z } from 'zod';
import type { getNotificationsInput, NotificationWire } from '../../../shared/schemas/notifications.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import {
  deleteNotification as deleteRow,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead as markRow,
  type NotificationRow,
} from '../../db/repositories/notifications.js';
import type { Actor, AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { iso } from '../wire.js';

/*
 * The caller's own in-app notifications. Every call is scoped to the caller's account, admins
 * included: another account's notification is reported as unknown (404), never as forbidden,
 * so ids do not leak whose they are.
 */

export function toNotificationWire(r: NotificationRow): NotificationWire {
  return { _id: r.id, type: r.type, title: r.title, message: r.message, link: r.link, read: r.is_read, timestamp: iso(r.created_at) };
}

export async function getNotifications(deps: AppDeps, actor: Actor, input: z.output<typeof getNotificationsInput>) {
  const { rows, total, unreadCount } = await listNotifications(deps.db, actor.id, {
    unreadOnly: input.unreadOnly,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { data: { notifications: rows.map(toNotificationWire), unreadCount, total, paging: pagingOf(input.page, input.limit, total) } };
}

export async function markNotificationAsRead(deps: AppDeps, actor: Actor, id: string) {
  if (!(await markRow(deps.db, actor.id, id))) throw notFound('Notification');
  return { success: true as const };
}

export async function markAllNotificationsAsRead(deps: AppDeps, actor: Actor) {
  return { success: true as const, updated: await markAllNotificationsRead(deps.db, actor.id) };
}

export async function deleteNotification(deps: AppDeps, actor: Actor, id: string) {
  if (!(await deleteRow(deps.db, actor.id, id))) throw notFound('Notification');
  return { success: true as const };
}
