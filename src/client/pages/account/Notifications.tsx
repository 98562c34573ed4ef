import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { relativeTime } from '../../../shared/relativeTime';
import type { NotificationWire } from '../../../shared/schemas/notifications';
import { BellIcon, CloseIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { NotificationTypeIcon } from '../../features/notifications/NotificationTypeIcon';
import { useNotificationActions } from '../../features/notifications/useNotifications';
import { cn } from '../../lib/cn';
import { longDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

type TabId = 'all' | 'unread';
const PAGE_SIZE = 10;

export default function Notifications() {
  usePageTitle('Notifications');
  const [tab, setTab] = useState<TabId>('all');
  const [page, setPage] = useState(1);
  const { markRead, markAll, remove, open } = useNotificationActions();

  const query = trpc.users.getNotifications.useQuery(
    { page, limit: PAGE_SIZE, unreadOnly: tab === 'unread' },
    { placeholderData: keepPreviousData },
  );
  const data = query.data?.data;
  const unread = data?.unreadCount ?? 0;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  // After deleting (or reading, on the Unread tab) the last item of the last page, step back.
  if (data && page > pages) setPage(pages);

  const switchTab = (next: TabId) => {
    setTab(next);
    setPage(1);
  };

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Notifications"
        description="Booking updates, reminders and news from GlowBook."
        actions={
          <Button
            variant="outline"
            size="sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="mark-all-read"
          >
            Mark all as read
          </Button>
        }
      />
      <Tabs
        withPanels
        idPrefix="notifications"
        label="Which notifications"
        value={tab}
        onChange={switchTab}
        items={[
          { id: 'all', label: 'All' },
          { id: 'unread', label: 'Unread', count: data ? unread : undefined },
        ]}
        className="mb-6 max-w-xs"
      />
      <TabPanel idPrefix="notifications" id={tab}>
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading notifications">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24 rounded-2xl" />
            ))}
          </div>
        ) : query.isError ? (
          <EmptyState
            title="Could not load your notifications"
            description={errorMessage(query.error, 'Please try again in a moment.')}
            action={
              <Button variant="outline" onClick={() => query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : data!.notifications.length === 0 ? (
          <EmptyState
            icon={<BellIcon className="size-7" />}
            title={tab === 'unread' ? "You're all caught up" : 'No notifications yet'}
            description={
              tab === 'unread' ? 'You have no unread notifications.' : 'Booking confirmations, changes and reminders will show up here.'
            }
          />
        ) : (
          <>
            <ul className={cn('space-y-3 transition-opacity', query.isPlaceholderData && 'opacity-60')} data-testid="notification-list">
              {data!.notifications.map((n) => (
                <NotificationRow
                  key={n._id}
                  n={n}
                  onOpen={() => open(n)}
                  onMarkRead={() => markRead.mutate({ id: n._id })}
                  onDelete={() => remove.mutate({ id: n._id })}
                  busy={(markRead.isPending && markRead.variables?.id === n._id) || (remove.isPending && remove.variables?.id === n._id)}
                />
              ))}
            </ul>
            {pages > 1 && (
              <nav className="mt-6 flex items-center justify-between gap-3" aria-label="Notification pages">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="page-prev">
                  Previous
                </Button>
                <span className="text-sm text-ink-500" data-testid="page-info">
                  Page {page} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} data-testid="page-next">
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </TabPanel>
    </PageContainer>
  );
}

function NotificationRow({
  n,
  onOpen,
  onMarkRead,
  onDelete,
  busy,
}: {
  n: NotificationWire;
  onOpen: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <li>
      <Card
        padded={false}
        data-testid="notification-item"
        data-read={n.read}
        className={cn('flex gap-3 p-4 sm:gap-4 sm:p-5', !n.read && 'border-plum-200 bg-plum-50/40', busy && 'opacity-60')}
      >
        <NotificationTypeIcon type={n.type} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <button
              type="button"
              onClick={onOpen}
              disabled={!n.link && n.read}
              className="min-w-0 text-left enabled:hover:text-plum-800 disabled:cursor-default"
              data-testid="notification-open"
            >
              <span className={cn('flex items-center gap-2 text-ink-900', n.read ? 'font-medium' : 'font-semibold')}>
                {!n.read && <span className="size-2 shrink-0 rounded-full bg-rose-600" role="img" aria-label="Unread" />}
                {n.title}
              </span>
              <span className="mt-1 block text-sm text-ink-600">{n.message}</span>
            </button>
            <button
              type="button"
              onClick={onDelete}
              disabled={busy}
              aria-label={`Delete notification: ${n.title}`}
              data-testid="notification-delete"
              className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-400 hover:bg-red-50 hover:text-red-700"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
            <time dateTime={n.timestamp} className="text-xs font-medium text-ink-400" title={longDateTime(n.timestamp)}>
              {relativeTime(n.timestamp, new Date())}
            </time>
            {!n.read && (
              <button
                type="button"
                onClick={onMarkRead}
                disabled={busy}
                className="text-xs font-semibold text-plum-700 hover:text-plum-900"
                data-testid="notification-mark-read"
              >
                Mark as read
              </button>
            )}
          </div>
        </div>
      </Card>
    </li>
  );
}
