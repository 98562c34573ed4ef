import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { NotificationWire } from '../../../shared/schemas/notifications';
import { trpc } from '../../trpc';

/** The bell polls this often (spec: the badge stays current without a reload). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const NOTIFICATION_MUTATIONS = new Set(['users.markNotificationAsRead', 'users.markAllNotificationsAsRead', 'users.deleteNotification']);

/**
 * Mark-read, mark-all and delete, each refreshing every notifications query (bell and page)
 * once it lands.
 */
export function useNotificationActions() {
  const utils = trpc.useUtils();
  const invalidates = ['users.getNotifications'] as const;
  // A failure may mean the notification changed elsewhere (read, deleted): the list is fetched again then too.
  const onError = () => void utils.users.getNotifications.invalidate();
  const markRead = trpc.users.markNotificationAsRead.useMutation({
    meta: { invalidates, errorToast: 'Could not mark the notification as read.' },
    onError,
  });
  const markAll = trpc.users.markAllNotificationsAsRead.useMutation({
    meta: { invalidates, errorToast: 'Could not mark notifications as read.' },
    onError,
  });
  const remove = trpc.users.deleteNotification.useMutation({
    meta: { invalidates, errorToast: 'Could not delete the notification.' },
    onError,
  });

  /** Marks the notification read (if it is not yet) and follows its link, if it has one. */
  const open = (n: NotificationWire) => {
    if (!n.read) markRead.mutate({ id: n._id });
    followLink(n.link);
  };

  return { markRead, markAll, remove, open };
}

function followLink(link: string | null) {
  if (!link) return;
  if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
  // Only web links leave the app; anything else (javascript:, data:) stored in a link is ignored.
  else if (/^https?:\/\//i.test(link)) window.location.assign(link);
}

/**
 * Booking, cancelling, reviewing... any successful call may have written a notification for the
 * caller, so the counts refresh then instead of waiting for the next poll.
 */
export function useRefreshNotificationsAfterMutations() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const path = trpcPath(event.mutation.options.mutationKey);
        if (path && NOTIFICATION_MUTATIONS.has(path)) return;
        void utils.users.getNotifications.invalidate();
      }),
    [queryClient, utils],
  );
}

/** tRPC mutation keys look like [['users', 'cancelBooking']]. */
function trpcPath(key: readonly unknown[] | undefined): string | null {
  const first = key?.[0];
  return Array.isArray(first) ? first.join('.') : null;
}
