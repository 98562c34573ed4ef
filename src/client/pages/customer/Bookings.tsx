import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { bookingReference } from '../../../shared/bookingReference';
import { canReschedule, NO_SHOW_DISPUTE_DAYS, refundSummary } from '../../../shared/policy';
import { bookAgainPath } from '../../../shared/rebooking';
import type { BookingWire } from '../../../shared/schemas/bookings';
import type { BookingPaymentWire } from '../../../shared/schemas/payments';
import { CalendarIcon, ClockIcon, UserIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import {
  CancelBookingDialog,
  DeleteReviewDialog,
  DisputeNoShowDialog,
  OwnReviewBlock,
  RescheduleDialog,
  ReviewDialog,
  SALON_NOT_BOOKABLE,
  salonTakesBookings,
} from '../../features/booking/BookingActions';
import { byAppointment, formatINR, salonToday } from '../../features/booking/format';
import { type OpenPayment, PaymentLine, PayNowDialog } from '../../features/payments/PayNow';
import { PushOffer } from '../../features/push/PushOptIn';
import { MyWaitlist } from '../../features/waitlist/MyWaitlist';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

type StatusTab = 'all' | 'upcoming' | 'completed' | 'cancelled';
type TabId = StatusTab | 'waitlist';
const TABS: { id: TabId; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'completed', label: 'Completed' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'waitlist', label: 'Waitlist' },
];

/** Upcoming counts only status upcoming dated today or later on the salon's clock (customer doc, States). */
function isUpcoming(b: BookingWire): boolean {
  return b.status === 'upcoming' && b.bookingDate >= salonToday(b.timeZone);
}

function inTab(b: BookingWire, tab: StatusTab): boolean {
  if (tab === 'all') return true;
  if (tab === 'upcoming') return isUpcoming(b);
  return b.status === tab;
}

/** ?status=upcoming picks a status; ?tab=waitlist (the link in a waitlist offer) the waitlist. */
function tabFromSearch(search: string): TabId {
  const params = new URLSearchParams(search);
  const wanted = (params.get('tab') ?? params.get('status'))?.toLowerCase();
  return TABS.some((t) => t.id === wanted) ? (wanted as TabId) : 'all';
}

function BookingCard({
  booking,
  reviewed,
  onCancel,
  onReschedule,
  onReview,
  onEditReview,
  onDeleteReview,
  onDispute,
  payment,
  onResume,
}: {
  booking: BookingWire;
  /** Its online payment, when it was paid (or is being paid) online. */
  payment: BookingPaymentWire | undefined;
  onResume: () => void;
  reviewed: boolean;
  onCancel: () => void;
  onReschedule: () => void;
  onReview: () => void;
  onEditReview: () => void;
  onDeleteReview: () => void;
  onDispute: () => void;
}) {
  const disputable =
    booking.status === 'no_show' &&
    !booking.noShowDispute &&
    Date.now() - new Date(booking.noShowAt ?? booking.startsAt).getTime() <= NO_SHOW_DISPUTE_DAYS * 86_400_000;
  const upcoming = isUpcoming(booking);
  const inTime = (booking.status === 'upcoming' || booking.status === 'confirmed') && canReschedule(new Date(booking.startsAt));
  // An unpublished salon's times cannot be booked (its slots answer 404): no Reschedule, a note instead.
  const bookable = salonTakesBookings(booking);
  const movable = inTime && bookable;
  return (
    <Card padded={false} data-testid="booking-card" data-booking-id={booking._id} data-status={booking.status}>
      <div className="flex gap-4 p-4 sm:p-5">
        {booking.salonImage ? (
          <img
            src={booking.salonImage}
            alt=""
            width={96}
            height={96}
            className="size-20 shrink-0 rounded-xl object-cover sm:size-24"
            loading="lazy"
          />
        ) : (
          <div className="size-20 shrink-0 rounded-xl bg-gradient-to-br from-plum-100 to-rose-100 sm:size-24" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="truncate font-semibold text-ink-900">{booking.salonName}</h3>
              <p className="truncate font-mono text-xs text-ink-500" title={booking._id}>
                {bookingReference(booking._id)}
              </p>
            </div>
            <StatusBadge status={booking.status} />
          </div>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
            <span className="flex items-center gap-1.5">
              <CalendarIcon className="size-4 text-plum-600" /> {longDate(booking.bookingDate)}
            </span>
            <span className="flex items-center gap-1.5">
              <ClockIcon className="size-4 text-plum-600" /> {booking.bookingTime}
            </span>
            <span className="flex items-center gap-1.5">
              <UserIcon className="size-4 text-plum-600" /> {booking.professional.name}
            </span>
          </div>
        </div>
      </div>
      <div className="border-t border-blush-100 px-4 py-3 sm:px-5">
        <ul className="space-y-1 text-sm">
          {booking.services.map((s, i) => (
            <li key={`${s._id}-${i}`} className="flex justify-between gap-3">
              <span className="text-ink-700">{s.serviceName}</span>
              <span className="text-ink-900">{formatINR(s.price)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-2 flex items-center justify-between border-t border-dashed border-blush-200 pt-2 text-sm">
          <span className="text-ink-500">
            {booking.services.length} service{booking.services.length === 1 ? '' : 's'}
          </span>
          <span className="font-semibold text-ink-900">Total {formatINR(booking.totalPrice)}</span>
        </div>
        {booking.review && <OwnReviewBlock review={booking.review} onEdit={onEditReview} onDelete={onDeleteReview} />}
        <PaymentLine booking={booking} payment={payment} onResume={onResume} />
        {booking.status === 'cancelled' && (
          <p className="mt-2 rounded-lg bg-red-50 px-3 py-1.5 text-xs text-red-700" data-testid="refund-info">
            {booking.refundPercent === null
              ? 'Cancelled'
              : booking.paymentMethod === 'online'
                ? `Refund ${booking.refundPercent}% · ${formatINR(booking.refundAmount ?? 0)}`
                : refundSummary(booking.amountPaid, booking.refundPercent)}
            {booking.cancellationReason ? ` · ${booking.cancellationReason}` : ''}
          </p>
        )}
        {booking.status === 'no_show' && (
          <p className="mt-2 rounded-lg bg-orange-50 px-3 py-1.5 text-xs text-orange-800" data-testid="no-show-info">
            The salon marked that you did not come{booking.noShowAt ? ` (${longDate(booking.noShowAt)})` : ''}.
            {booking.amountPaid > 0 ? ` The ${formatINR(booking.amountPaid)} you prepaid was not refunded.` : ''}
            {booking.noShowDispute === 'closed'
              ? ' Your dispute has been closed by GlowBook support.'
              : booking.noShowDispute === 'pending'
                ? ' GlowBook support has answered your dispute by e-mail.'
                : booking.noShowDispute === 'open'
                  ? ' Your dispute is with GlowBook support.'
                  : ''}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-blush-100 px-4 py-3 sm:px-5">
        {disputable && (
          <Button variant="outline" size="sm" onClick={onDispute} data-testid="dispute-no-show">
            I did come: dispute
          </Button>
        )}
        {!bookable && (upcoming || inTime) && (
          <p className="mr-auto text-xs text-ink-600" data-testid="salon-not-bookable">
            {SALON_NOT_BOOKABLE}
            {upcoming ? '; you can still cancel.' : '.'}
          </p>
        )}
        {booking.status === 'completed' && !reviewed && !booking.review && (
          <Button variant="secondary" size="sm" onClick={onReview} data-testid="write-review">
            Write a review
          </Button>
        )}
        {booking.status === 'completed' && bookable && (
          <Link href={bookAgainPath(booking._id)} className={buttonClasses('primary', 'sm')} data-testid="book-again">
            Book again
          </Link>
        )}
        {movable && (
          <Button variant="outline" size="sm" onClick={onReschedule} data-testid="reschedule-booking">
            Reschedule
          </Button>
        )}
        {upcoming && (
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onCancel} data-testid="cancel-booking">
            Cancel Booking
          </Button>
        )}
        <Link
          href={`/salon/${booking.merchantId}/booking/confirmation?bookingId=${booking._id}`}
          className={buttonClasses('primary', 'sm')}
          data-testid="view-details"
        >
          View Details
        </Link>
      </div>
    </Card>
  );
}

/** Bookings per page of users/getAllBookings (its default). */
const BOOKINGS_PAGE_SIZE = 100;

export default function Bookings() {
  usePageTitle('My Bookings');
  const session = useAtomValue(sessionAtom);
  const search = useSearch();
  const [tab, setTab] = useState<TabId>(() => tabFromSearch(search));
  useEffect(() => setTab(tabFromSearch(search)), [search]);
  const [cancelling, setCancelling] = useState<BookingWire | null>(null);
  const [moving, setMoving] = useState<BookingWire | null>(null);
  const [reviewing, setReviewing] = useState<BookingWire | null>(null);
  const [editing, setEditing] = useState<BookingWire | null>(null);
  const [deleting, setDeleting] = useState<BookingWire | null>(null);
  const [disputing, setDisputing] = useState<BookingWire | null>(null);
  // Reviews written in this visit, shown at once while the bookings list refreshes.
  const [reviewed, setReviewed] = useState<Set<string>>(() => new Set());

  // The list comes a page at a time (newest first); "Load more" asks for the next page.
  const [pageCount, setPageCount] = useState(1);
  const userId = session.userType === 'customer' ? (session.userId ?? undefined) : undefined;
  const pages = trpc.useQueries((t) =>
    Array.from({ length: pageCount }, (_, i) => t.users.getAllBookings({ userId, page: i + 1, limit: BOOKINGS_PAGE_SIZE })),
  );
  const query = pages[0];
  const last = pages[pages.length - 1];
  const loaded = pages.every((p) => p.data);
  useEffect(() => {
    if (query.isError) console.error('getAllBookings failed', query.error);
  }, [query.isError, query.error]);

  // A booking added between two pages can shift the order: each is shown once.
  const seen = new Set<string>();
  const bookings = byAppointment(pages.flatMap((p) => p.data?.data.bookings ?? []).filter((b) => !seen.has(b._id) && seen.add(b._id)));
  const paging = last.data?.data.paging;
  // Each booking's latest online payment (the list is newest first).
  const payments = trpc.payments.myPayments.useQuery({}, { enabled: session.userType === 'customer' });
  const paymentOf = useMemo(() => {
    const map = new Map<string, BookingPaymentWire>();
    for (const p of payments.data?.data.payments ?? []) if (!map.has(p.bookingId)) map.set(p.bookingId, p);
    return map;
  }, [payments.data]);
  const [paying, setPaying] = useState<OpenPayment | null>(null);
  const counts = useMemo(
    () =>
      Object.fromEntries(
        TABS.map((t) => [t.id, t.id === 'waitlist' ? undefined : bookings.filter((b) => inTab(b, t.id as StatusTab)).length]),
      ) as Record<TabId, number | undefined>,
    [bookings],
  );
  const visible = tab === 'waitlist' ? [] : bookings.filter((b) => inTab(b, tab));
  const tabLabel = TABS.find((t) => t.id === tab)!.label.toLowerCase();

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="My Bookings" description="Your upcoming, completed and cancelled appointments, and your waitlists." />
      <PushOffer className="mb-5" />
      <Tabs
        withPanels
        idPrefix="bookings"
        label="Booking status"
        value={tab}
        onChange={setTab}
        items={TABS.map((t) => ({ ...t, count: query.data ? counts[t.id] : undefined }))}
        // Five tabs do not fit a phone's width in one row: rows of three, so none is off-screen.
        className="mb-6 grid grid-cols-3 rounded-3xl sm:flex sm:rounded-full"
      />
      <TabPanel idPrefix="bookings" id={tab}>
        {tab === 'waitlist' ? (
          <MyWaitlist />
        ) : query.isPending ? (
          <div className="space-y-4" role="status" aria-label="Loading bookings">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44 rounded-2xl" />
            ))}
          </div>
        ) : query.isError ? (
          <EmptyState
            title="Could not load your bookings"
            description={errorMessage(query.error, 'Please try again in a moment.')}
            action={
              <Button variant="outline" onClick={() => query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : visible.length === 0 ? (
          <EmptyState
            title="No bookings found"
            description={tab === 'all' ? "You don't have any bookings" : `You don't have any ${tabLabel} bookings`}
            action={
              <Link href="/salons" className={buttonClasses('primary')} data-testid="browse-salons">
                Browse Salons
              </Link>
            }
          />
        ) : (
          <div className="space-y-4">
            {visible.map((b) => (
              <BookingCard
                key={b._id}
                booking={b}
                reviewed={b.reviewed || reviewed.has(b._id)}
                payment={paymentOf.get(b._id)}
                onResume={() => {
                  const p = paymentOf.get(b._id);
                  if (p) setPaying({ payment: p, salonName: b.salonName });
                }}
                onCancel={() => setCancelling(b)}
                onReschedule={() => setMoving(b)}
                onReview={() => setReviewing(b)}
                onEditReview={() => setEditing(b)}
                onDeleteReview={() => setDeleting(b)}
                onDispute={() => setDisputing(b)}
              />
            ))}
          </div>
        )}
        {tab !== 'waitlist' && query.data && paging && (paging.hasMore || pageCount > 1) && (
          <div className="mt-6 flex flex-col items-center gap-2 text-sm text-muted-foreground" data-testid="bookings-paging">
            <p>
              Showing {bookings.length} of {paging.total} bookings
            </p>
            {paging.hasMore && (
              <Button variant="outline" disabled={!loaded} onClick={() => setPageCount((n) => n + 1)} data-testid="bookings-load-more">
                {loaded ? 'Load more' : 'Loading…'}
              </Button>
            )}
          </div>
        )}
      </TabPanel>
      <CancelBookingDialog key={cancelling?._id ?? 'no-cancel'} booking={cancelling} onClose={() => setCancelling(null)} />
      {paying && (
        <PayNowDialog
          open={paying}
          onPaid={() => {
            setPaying(null);
            void query.refetch();
          }}
          onClose={() => setPaying(null)}
        />
      )}
      <DisputeNoShowDialog key={disputing?._id ?? 'no-dispute'} booking={disputing} onClose={() => setDisputing(null)} />
      <RescheduleDialog key={moving?._id ?? 'none'} booking={moving} onClose={() => setMoving(null)} />
      <ReviewDialog
        key={reviewing?._id ?? 'none-review'}
        booking={reviewing}
        onClose={() => setReviewing(null)}
        onReviewed={(id) => {
          setReviewed((prev) => new Set(prev).add(id));
          void query.refetch();
        }}
      />
      <ReviewDialog
        key={editing?.review?._id ?? 'none-edit'}
        booking={editing}
        existing={editing?.review}
        onClose={() => setEditing(null)}
        onReviewed={() => void query.refetch()}
      />
      <DeleteReviewDialog
        review={deleting?.review ?? null}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          const bookingId = deleting?._id;
          // The booking can be reviewed again.
          setReviewed((prev) => new Set([...prev].filter((id) => id !== bookingId)));
          void query.refetch();
        }}
      />
    </PageContainer>
  );
}
