import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { WaitlistEntryWire } from '../../../shared/schemas/waitlist';
import { CalendarIcon, ClockIcon, UserIcon } from '../../components/icons';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { weekdayDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';
import { type OpenPayment, PayNowDialog } from '../payments/PayNow';

const ENTRY_STATUS: Record<WaitlistEntryWire['status'], { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'info' },
  booked: { label: 'Booked', tone: 'success' },
  cancelled: { label: 'Left', tone: 'neutral' },
  expired: { label: 'Ended', tone: 'neutral' },
};

/** '11:20 AM' on the salon's clock. */
function clockIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone })
    .format(new Date(instant))
    .toUpperCase();
}

/** What became of the entry's last offer, when it is not open. */
function offerNote(entry: WaitlistEntryWire): string | null {
  const o = entry.offer;
  if (!o || o.status === 'open' || o.status === 'accepted') return null;
  const when = `${weekdayDate(o.bookingDate)} at ${o.bookingTime}`;
  // An accepted offer whose online payment lapsed: its booking was released, the entry waits again.
  if (o.status === 'expired' && o.bookingId) return `${when} was released when its payment was not completed in time.`;
  if (o.status === 'expired') return `${when} was offered to you and went to the next person when its hold ended.`;
  if (o.status === 'taken') return `${when} was booked by someone else first.`;
  return null;
}

function EntryCard({ entry }: { entry: WaitlistEntryWire }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.users.getMyWaitlist.invalidate();
    void utils.users.getAllBookings.invalidate();
  };
  const leave = trpc.users.cancelWaitlistEntry.useMutation({ onSuccess: refresh });
  const [paying, setPaying] = useState<OpenPayment | null>(null);
  const confirmed = (bookingId: string) => navigate(`/salon/${entry.merchantId}/booking/confirmation?bookingId=${bookingId}`);
  // As at checkout: pay at the salon, or online (the time is held as a pending booking while the customer pays).
  const accept = trpc.users.acceptWaitlistOffer.useMutation({
    onSuccess: (answer) => {
      refresh();
      if (answer.data.payment) setPaying({ payment: answer.data.payment, salonName: entry.salonName });
      else confirmed(answer.data.bookingId);
    },
    onError: refresh,
  });
  const status = ENTRY_STATUS[entry.status];
  const offer = entry.offer?.status === 'open' && entry.status === 'waiting' ? entry.offer : null;
  const note = entry.status === 'waiting' ? offerNote(entry) : null;
  return (
    <Card className="space-y-3" data-testid="waitlist-entry" data-status={entry.status}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-ink-900">{entry.salonName}</h3>
          <p className="text-sm text-ink-500">{entry.services.map((s) => s.name).join(', ')}</p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
        <li className="flex items-center gap-1.5">
          <CalendarIcon className="size-4 text-ink-500" aria-hidden /> {weekdayDate(entry.date)}
        </li>
        <li className="flex items-center gap-1.5">
          <ClockIcon className="size-4 text-ink-500" aria-hidden />
          <span>
            Starting {entry.fromTime} – {entry.toTime}
          </span>
        </li>
        <li className="flex items-center gap-1.5">
          <UserIcon className="size-4 text-ink-500" aria-hidden /> {entry.professional?.name ?? 'Any professional'}
        </li>
      </ul>
      {offer && (
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-3" data-testid="waitlist-offer">
          <p className="font-semibold text-emerald-900">A time opened up for you</p>
          <p className="mt-0.5 text-sm text-emerald-900">
            {weekdayDate(offer.bookingDate)} at {offer.bookingTime}
            {offer.professional ? ` with ${offer.professional}` : ''}. Held for you until {clockIn(offer.expiresAt, entry.timeZone)} (salon
            time). Pay at the salon, or now online.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={accept.isPending}
              onClick={() => accept.mutate({ offerId: offer._id })}
              data-testid="waitlist-accept"
            >
              {accept.isPending && accept.variables?.paymentMethod !== 'online' ? 'Booking…' : 'Book this time'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={accept.isPending}
              onClick={() => accept.mutate({ offerId: offer._id, paymentMethod: 'online' })}
              data-testid="waitlist-accept-pay"
            >
              {accept.isPending && accept.variables?.paymentMethod === 'online' ? 'Holding…' : 'Pay now'}
            </Button>
          </div>
        </div>
      )}
      {paying && (
        <PayNowDialog
          open={paying}
          onPaid={(booking) => {
            setPaying(null);
            confirmed(booking._id);
          }}
          onClose={() => {
            setPaying(null);
            refresh();
          }}
        />
      )}
      {note && <p className="text-sm text-ink-500">{note} You are still on the waitlist.</p>}
      {accept.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(accept.error, 'Could not book this time. Please try again.')}
        </p>
      )}
      {leave.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(leave.error, 'Could not leave the waitlist. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {entry.status === 'waiting' && (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            disabled={leave.isPending}
            onClick={() => leave.mutate({ entryId: entry._id })}
            data-testid="waitlist-leave"
          >
            Leave waitlist
          </Button>
        )}
        {entry.bookingId && (
          <Link
            href={`/salon/${entry.merchantId}/booking/confirmation?bookingId=${entry.bookingId}`}
            className={buttonClasses('outline', 'sm')}
          >
            View booking
          </Link>
        )}
      </div>
    </Card>
  );
}

/** The customer's waitlist entries (the Bookings page's Waitlist tab): offers to accept, entries to leave. */
export function MyWaitlist() {
  const query = trpc.users.getMyWaitlist.useQuery(undefined, { refetchOnWindowFocus: true });
  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading your waitlist">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-36 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title="Could not load your waitlist"
        description={errorMessage(query.error, 'Please try again in a moment.')}
        action={
          <Button variant="outline" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const entries = query.data.data.entries;
  if (!entries.length) {
    return (
      <EmptyState
        title="You are not on any waitlist"
        description="When the day you want is full, join the salon's waitlist from its booking page: we offer you the first time that frees up."
        action={
          <Link href="/salons" className={buttonClasses('primary')}>
            Browse Salons
          </Link>
        }
      />
    );
  }
  return (
    <div className="space-y-4" data-testid="waitlist-list">
      {entries.map((e) => (
        <EntryCard key={e._id} entry={e} />
      ))}
    </div>
  );
}
