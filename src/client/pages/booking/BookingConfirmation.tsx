import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { bookingReference } from '../../../shared/bookingReference';
import { isActiveBookingStatus } from '../../../shared/policy';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { CalendarIcon, CheckCircleIcon, ClockIcon, CloseIcon, MapPinIcon } from '../../components/icons';
import { PageContainer } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { track } from '../../features/analytics/track';
import { formatDuration, formatINR } from '../../features/booking/format';
import { PaymentLine } from '../../features/payments/PayNow';
import { PushOffer } from '../../features/push/PushOptIn';
import { cn } from '../../lib/cn';
import { longDate, weekdayDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-blush-100 pt-5">
      <h2 className="mb-3 text-xs font-semibold tracking-widest text-ink-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

type Heading = { title: string; note: string | null; tone: 'live' | 'done' | 'cancelled' | 'error' | 'loading' };

/** What the page's head says, from the booking's real status (never "Confirmed" for a booking that is not). */
function headingFor(booking: BookingWire | undefined, errorText: string | null): Heading {
  if (errorText) return { title: 'Booking not available', note: null, tone: 'error' };
  if (!booking) return { title: 'Loading booking', note: null, tone: 'loading' };
  switch (booking.status) {
    case 'cancelled': {
      const by =
        booking.cancelledBy === 'customer'
          ? 'You cancelled'
          : booking.cancelledBy
            ? `The ${booking.cancelledBy === 'merchant' ? 'salon' : 'GlowBook team'} cancelled`
            : 'Cancelled';
      const when = booking.cancelledAt ? ` on ${longDate(booking.cancelledAt)}` : '';
      const why = booking.cancellationReason ? ` Reason: ${booking.cancellationReason}.` : '';
      return {
        title: 'Booking Cancelled',
        note: `${by} this booking${when}.${why} There is nothing to show at the salon.`,
        tone: 'cancelled',
      };
    }
    case 'completed':
      return {
        title: 'Booking Completed',
        note: `This visit was completed${booking.completedAt ? ` on ${longDate(booking.completedAt)}` : ''}. Thank you for visiting.`,
        tone: 'done',
      };
    case 'confirmed':
      return { title: 'Checked In', note: 'The salon has checked you in for this booking.', tone: 'live' };
    case 'pending':
      return {
        title: 'Awaiting Payment',
        note: 'Your slot is held while you pay. Finish paying from My Bookings, or the slot is released when the hold lapses.',
        tone: 'live',
      };
    default:
      return { title: 'Booking Confirmed', note: 'Show this QR code at the salon when you arrive.', tone: 'live' };
  }
}

/** How the booking is paid, as the customer reads it. */
function paymentText(booking: BookingWire): string {
  if (booking.paymentMethod === 'wallet') {
    const refund = booking.refundAmount ? ` · ${formatINR(booking.refundAmount)} refunded to your wallet` : '';
    return `Paid ${formatINR(booking.amountPaid)} from your GlowBook wallet${refund}`;
  }
  if (booking.paymentMethod === 'online') {
    if (booking.status === 'pending') return 'Awaiting your online payment';
    return `Paid ${formatINR(booking.amountPaid)} online`;
  }
  if (booking.status === 'cancelled') return 'Pay at salon: nothing was charged';
  if (booking.paymentReceived) return `Paid at the salon`;
  return `Pay at the salon: ${formatINR(booking.totalPrice)} due on your visit`;
}

export default function BookingConfirmation({ params }: { params: { id: string } }) {
  const search = new URLSearchParams(useSearch());
  const bookingId = search.get('bookingId') ?? search.get('id') ?? '';
  const session = useAtomValue(sessionAtom);
  const signedIn = Boolean(session.token);

  const query = trpc.users.getBookingById.useQuery({ bookingId }, { enabled: signedIn && Boolean(bookingId) });
  const booking = query.data?.data.booking;
  // The online payment and its refunds, as the gateway reported them (the customer's own; an admin's view has none).
  const payments = trpc.payments.myPayments.useQuery(
    { bookingId },
    { enabled: signedIn && session.userType === 'customer' && Boolean(bookingId) },
  );

  let errorText: string | null = null;
  if (!bookingId) errorText = 'No booking was named in the link.';
  else if (!signedIn) errorText = 'Sign in to see this booking.';
  else if (query.isError) errorText = errorMessage(query.error, 'We could not load this booking. Please try again.');

  const head = headingFor(booking, errorText);
  usePageTitle(head.title);
  // The check-in QR is for a booking that still holds its time; the server draws none for any other.
  const live = booking ? isActiveBookingStatus(booking.status) : query.isPending && signedIn && Boolean(bookingId);
  const showQr = live && !errorText;

  const fired = useRef(false);
  useEffect(() => {
    if (fired.current || (!booking && !errorText)) return;
    fired.current = true;
    track('bookingConfirmation', {
      bookingId: bookingId || null,
      salonId: params.id,
      status: booking ? 'loaded' : 'error',
      totalPrice: booking?.totalPrice ?? null,
    });
  }, [booking, errorText, bookingId, params.id]);

  return (
    <PageContainer className="max-w-3xl">
      <Card padded={false} className="relative overflow-hidden" data-testid="booking-confirmation">
        <Link
          href="/bookings"
          aria-label="Close"
          data-testid="confirmation-close"
          className="absolute top-3 right-3 rounded-full p-2 text-ink-500 hover:bg-blush-100 hover:text-ink-900"
        >
          <CloseIcon className="size-5" />
        </Link>
        <div
          className={cn(
            'px-5 pt-8 pb-6 text-center sm:px-8',
            head.tone === 'live' ? 'bg-gradient-to-br from-plum-50 via-blush-50 to-gold-100' : 'bg-blush-50',
          )}
        >
          <span
            className={cn(
              'mx-auto mb-3 flex size-14 items-center justify-center rounded-full',
              head.tone === 'live'
                ? 'bg-emerald-100 text-emerald-700'
                : head.tone === 'cancelled'
                  ? 'bg-red-100 text-red-700'
                  : 'bg-blush-200 text-ink-700',
            )}
          >
            {head.tone === 'cancelled' || head.tone === 'error' ? (
              <CloseIcon className="size-8" />
            ) : head.tone === 'loading' ? (
              <ClockIcon className="size-8" />
            ) : (
              <CheckCircleIcon className="size-8" />
            )}
          </span>
          <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl" data-testid="page-title">
            {head.title}
          </h1>
          {head.note && (
            <p className="mt-1 text-sm text-ink-500" data-testid="confirmation-status-note">
              {head.note}
            </p>
          )}
          {showQr && (
            <div className="mx-auto mt-5 flex size-52 items-center justify-center rounded-2xl bg-white p-3 shadow-soft">
              {booking?.qrCodeImage ? (
                <img
                  src={booking.qrCodeImage}
                  alt="Booking QR code"
                  width={184}
                  height={184}
                  className="size-full"
                  data-testid="booking-qr"
                />
              ) : (
                <Skeleton className="size-full" />
              )}
            </div>
          )}
        </div>

        <div className="space-y-5 px-5 py-6 sm:px-8">
          {errorText && (
            <div
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
              data-testid="confirmation-error"
            >
              <p className="font-semibold">Error loading booking details</p>
              <p className="mt-0.5">{errorText}</p>
              {!signedIn && bookingId && (
                <Link
                  href={`/login?redirect=${encodeURIComponent(`/salon/${params.id}/booking/confirmation?bookingId=${bookingId}`)}`}
                  className="mt-2 inline-block font-semibold underline"
                >
                  Sign in
                </Link>
              )}
            </div>
          )}

          {!booking && !errorText && (
            <div className="space-y-3" role="status" aria-label="Loading booking">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-16" />
              <Skeleton className="h-24" />
            </div>
          )}

          {booking && (
            <>
              <section>
                <h2 className="mb-1 text-xs font-semibold tracking-widest text-ink-500 uppercase">Booking reference</h2>
                <p className="font-mono text-base font-semibold text-ink-900" data-testid="booking-reference" title={booking._id}>
                  {bookingReference(booking._id)}
                </p>
                <p className="text-xs text-ink-500">Booked on {longDate(booking.createdAt)}</p>
              </section>

              <Section title="Professional">
                <div className="flex items-center gap-3" data-testid="confirmation-professional">
                  <Avatar src={booking.professional.image} name={booking.professional.name} size="lg" />
                  <div>
                    <p className="font-semibold text-ink-900">{booking.professional.name}</p>
                    <p className="text-sm text-ink-500">{booking.professional.role}</p>
                    {booking.professional.specialization.length > 0 && (
                      <div className="mt-1 flex flex-wrap gap-1">
                        {booking.professional.specialization.map((tag) => (
                          <Badge key={tag} tone="brand" className="text-[11px]">
                            {tag}
                          </Badge>
                        ))}
                      </div>
                    )}
                  </div>
                </div>
              </Section>

              <Section title="Appointment">
                <div className="grid gap-3 sm:grid-cols-2">
                  <p className="flex items-center gap-2 text-ink-900">
                    <CalendarIcon className="size-5 text-plum-600" />
                    <span data-testid="confirmation-date">{weekdayDate(booking.bookingDate)}</span>
                  </p>
                  <p className="flex items-center gap-2 text-ink-900">
                    <ClockIcon className="size-5 text-plum-600" />
                    <span data-testid="confirmation-time">{booking.bookingTime}</span>
                  </p>
                </div>
              </Section>

              <Section title="Services">
                <ul className="divide-y divide-blush-100 text-sm">
                  {booking.services.map((s, i) => (
                    <li key={`${s._id}-${i}`} className="flex justify-between gap-3 py-2">
                      <span>
                        <span className="block text-ink-900">{s.serviceName}</span>
                        <span className="text-xs text-ink-500">{formatDuration(s.duration)}</span>
                      </span>
                      <span className="font-medium text-ink-900">{formatINR(s.price)}</span>
                    </li>
                  ))}
                </ul>
              </Section>

              <Section title="Salon">
                <div className="flex items-start gap-3">
                  {booking.salonImage ? (
                    <img src={booking.salonImage} alt="" width={64} height={64} className="size-16 shrink-0 rounded-xl object-cover" />
                  ) : null}
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-900">{booking.salonName}</p>
                    <p className="text-sm text-ink-700">
                      <span className="text-gold-500" aria-hidden="true">
                        ★
                      </span>{' '}
                      {booking.rating.toFixed(1)} <span className="text-ink-500">({booking.reviewCount} reviews)</span>
                    </p>
                    <p className="mt-0.5 flex items-start gap-1 text-sm text-ink-500">
                      <MapPinIcon className="mt-0.5 size-4 shrink-0" /> {booking.address}
                    </p>
                  </div>
                </div>
              </Section>

              <section className="space-y-1.5 rounded-2xl bg-blush-50 px-4 py-3 text-sm">
                {booking.discount > 0 && (
                  <div className="flex justify-between text-emerald-700">
                    <span>Coupon {booking.couponCode}</span>
                    <span>−{formatINR(booking.discount)}</span>
                  </div>
                )}
                <div className="flex justify-between">
                  <span className="text-ink-500">Total duration</span>
                  <span className="font-medium text-ink-900">{formatDuration(booking.totalDuration)}</span>
                </div>
                <div className="flex justify-between text-base">
                  <span className="font-semibold text-ink-900">Total amount</span>
                  <span className="font-bold text-plum-800" data-testid="confirmation-total">
                    {formatINR(booking.totalPrice)}
                  </span>
                </div>
                <div className="flex justify-between gap-3 border-t border-blush-100 pt-1.5">
                  <span className="text-ink-500">Payment</span>
                  <span className="text-right font-medium text-ink-900" data-testid="confirmation-payment">
                    {paymentText(booking)}
                  </span>
                </div>
                <PaymentLine booking={booking} payment={payments.data?.data.payments[0]} />
              </section>
            </>
          )}

          <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:justify-center">
            <Link href="/bookings" className={buttonClasses('primary', 'lg')} data-testid="view-all-bookings">
              View All Bookings
            </Link>
          </div>
        </div>
      </Card>
      {/* After the booking is made, below it: the offer of reminders covers no action here. */}
      {booking && live && <PushOffer className="mt-4" />}
    </PageContainer>
  );
}
