import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { relativeTime } from '../../../shared/relativeTime';
import type { NotificationWire } from '../../../shared/schemas/notifications';
import { BellIcon } from '../../components/icons';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { useOpenOnThisPage } from '../../lib/useOpenOnThisPage';
import { errorMessage, trpc } from '../../trpc';
import { NotificationTypeIcon } from './NotificationTypeIcon';
import { NOTIFICATIONS_POLL_MS, useNotificationActions, useRefreshNotificationsAfterMutations } from './useNotifications';

const DROPDOWN_SIZE = 5;

/** "3" / "99+": the badge stays round however many pile up. */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * Header bell: unread badge (polled every minute) and a drop-down of the latest five, with
 * 'Mark all as read' and 'View all'. Closes on outside click, Escape or navigation.
 */
export function NotificationBell() {
  const [open, setOpen] = useOpenOnThisPage();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { markAll, open: openNotification } = useNotificationActions();
  useRefreshNotificationsAfterMutations();

  const query = trpc.users.getNotifications.useQuery({ page: 1, limit: DROPDOWN_SIZE }, { refetchInterval: NOTIFICATIONS_POLL_MS });
  const unread = query.data?.data.unreadCount ?? 0;
  const items = query.data?.data.notifications ?? [];

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onItem = (n: NotificationWire) => {
    setOpen(false);
    openNotification(n);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="nav-notifications"
        onClick={() => {
          // Each opening shows the latest, not the last poll's.
          if (!open) void query.refetch();
          setOpen(!open);
        }}
        className={cn(
          'relative inline-flex size-10 items-center justify-center rounded-full text-ink-500 transition-colors hover:bg-plum-50 hover:text-plum-800',
          open && 'bg-plum-50 text-plum-800',
        )}
      >
        <BellIcon className="size-5.5" />
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute top-1 right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rose-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-cream"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          data-testid="notification-dropdown"
          className="fixed inset-x-3 top-16 z-50 animate-pop-in overflow-hidden rounded-2xl border border-blush-200 bg-white shadow-lift sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-3 border-b border-blush-100 px-4 py-3">
            <p className="text-sm font-semibold text-ink-900">
              Notifications
              {unread > 0 && (
                <span className="ml-2 rounded-full bg-plum-50 px-2 py-0.5 text-xs font-semibold text-plum-800">{unread} new</span>
              )}
            </p>
            {unread > 0 && (
              <button
                type="button"
                data-testid="dropdown-mark-all"
                disabled={markAll.isPending}
                onClick={() => markAll.mutate()}
                className="text-xs font-semibold text-plum-700 hover:text-plum-900 disabled:opacity-60"
              >
                Mark all as read
              </button>
            )}
          </div>
          <div className="max-h-[min(24rem,calc(100dvh-10rem))] overflow-y-auto">
            {query.isPending ? (
              <div className="space-y-3 p-4" role="status" aria-label="Loading notifications">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-12 rounded-xl" />
                ))}
              </div>
            ) : query.isError ? (
              <p className="px-4 py-8 text-center text-sm text-ink-500">{errorMessage(query.error, 'Could not load notifications.')}</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-ink-500" data-testid="dropdown-empty">
                You're all caught up. No notifications yet.
              </p>
            ) : (
              <ul className="divide-y divide-blush-100">
                {items.map((n) => (
                  <li key={n._id}>
                    <button
                      type="button"
                      data-testid="dropdown-notification"
                      data-read={n.read}
                      onClick={() => onItem(n)}
                      className={cn(
                        'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-plum-50/60 focus:bg-plum-50/60 focus:outline-none',
                        !n.read && 'bg-rose-50/40',
                      )}
                    >
                      <NotificationTypeIcon type={n.type} size="sm" />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-start justify-between gap-2">
                          <span className={cn('text-sm text-ink-900', n.read ? 'font-medium' : 'font-semibold')}>{n.title}</span>
                          {!n.read && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-rose-600" role="img" aria-label="Unread" />}
                        </span>
                        <span className="mt-0.5 line-clamp-2 block text-xs text-ink-500">{n.message}</span>
                        <time dateTime={n.timestamp} className="mt-1 block text-[11px] font-medium text-ink-400">
                          {relativeTime(n.timestamp, new Date())}
                        </time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Link
            href="/notifications"
            data-testid="dropdown-view-all"
            className="block border-t border-blush-100 px-4 py-3 text-center text-sm font-semibold text-plum-700 hover:bg-plum-50"
          >
            View all
          </Link>
        </div>
      )}
    </div>
  );
}
