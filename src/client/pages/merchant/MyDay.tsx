import { useState } from 'react';
import { formatMinutes12h } from '../../../shared/clock';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const todayIst = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** A professional's own day or week (the server gives them only their own column) with check-in and complete. */
export default function MyDay() {
  usePageTitle('My day');
  const me = trpc.merchants.myMembership.useQuery();
  const [days, setDays] = useState<1 | 7>(1);
  const date = todayIst();
  const cal = trpc.merchants.getCalendar.useQuery({ date, days });
  const move = trpc.merchants.updateBookingStatus.useMutation({
    meta: { successToast: 'Booking updated', invalidates: ['merchants.getCalendar'] },
  });
  const bookings = (cal.data?.bookings ?? []).slice().sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return (
    <PageContainer>
      <PageHeader
        eyebrow={me.data?.shopName}
        title={days === 1 ? 'My day' : 'My week'}
        description={me.data ? `Bookings of ${me.data.name}` : undefined}
        actions={
          <>
            <Button size="sm" variant={days === 1 ? 'primary' : 'outline'} onClick={() => setDays(1)} data-testid="my-day-day">
              Day
            </Button>
            <Button size="sm" variant={days === 7 ? 'primary' : 'outline'} onClick={() => setDays(7)} data-testid="my-day-week">
              Week
            </Button>
          </>
        }
      />
      {cal.isLoading && <Skeleton className="h-40" />}
      {cal.error && <LoadError title="Could not load" description={cal.error.message} onRetry={() => void cal.refetch()} />}
      {cal.data && (
        <Card>
          {bookings.length === 0 ? (
            <p className="text-sm text-ink-500" data-testid="my-day-empty">
              No bookings {days === 1 ? 'today' : 'this week'}.
            </p>
          ) : (
            <ul className="divide-y divide-ink-100" data-testid="my-day-list">
              {bookings.map((b) => (
                <li key={b._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div>
                    <p className="font-medium text-ink-900">
                      {b.bookingDate} · {formatMinutes12h(b.start)} · {b.customerName}
                    </p>
                    <p className="text-sm text-ink-500">
                      {b.services.map((s) => s.serviceName).join(', ')} · {b.status}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {b.status === 'upcoming' && (
                      <Button size="sm" onClick={() => move.mutate({ bookingId: b._id, status: 'confirmed' })} disabled={move.isPending}>
                        Check in
                      </Button>
                    )}
                    {b.status === 'confirmed' && (
                      <Button size="sm" onClick={() => move.mutate({ bookingId: b._id, status: 'completed' })} disabled={move.isPending}>
                        Complete
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </PageContainer>
  );
}
