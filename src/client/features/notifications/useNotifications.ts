import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { NotificationWire } from '../../../shared/schemas/notifications';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC } from '../../trpc';

/** The bell polls this often (spec: the badge stays current without a reload). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const NOTIFICATION_MUTATIONS = new Set(['users.markNotificationAsRead', 'users.markAllNotificationsAsRead', 'users.deleteNotification']);

/**
 * Mark-read, mark-all and delete, each refreshing every notifications query (bell and page)
 * once it lands.
 */
export function useNotificationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.getNotifications.pathKey() });
  const onError = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

  const markRead = useMutation(
    trpc.users.markNotificationAsRead.mutationOptions({ onSettled: refresh, onError: onError('Could not mark the notification as read.') }),
  );
  const markAll = useMutation(
    trpc.users.markAllNotificationsAsRead.mutationOptions({ onSettled: refresh, onError: onError('Could not mark notifications as read.') }),
  );
  const remove = useMutation(
    trpc.users.deleteNotification.mutationOptions({ onSettled: refresh, onError: onError('Could not delete the notification.') }),
  );

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const path = trpcPath(event.mutation.options.mutationKey);
        if (path && NOTIFICATION_MUTATIONS.has(path)) return;
        void queryClient.invalidateQueries({ queryKey: trpc.users.getNotifications.pathKey() });
      }),
    [queryClient, trpc],
  );
}

/** tRPC mutation keys look like [['users', 'cancelBooking']]. */
function trpcPath(key: readonly unknown[] | undefined): string | null {
  const first = key?.[0];
  return Array.isArray(first) ? first.join('.') : null;
}
