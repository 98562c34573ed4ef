import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { CalendarIcon, ChartIcon, CheckCircleIcon, ClockIcon, QrIcon, SearchIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Tabs } from '../../components/ui/Tabs';
import { toast } from '../../components/ui/Toast';
import { byAppointment, formatINR, salonToday } from '../../features/booking/format';
import { BookingCalendar } from '../../features/bookingDesk/BookingCalendar';
import { BookingDetailsModal } from '../../features/bookingDesk/BookingDetailsModal';
import { CancelDeskBookingModal } from '../../features/bookingDesk/CancelDeskBookingModal';
import { CompleteBookingModal } from '../../features/bookingDesk/CompleteBookingModal';
import { ConfirmBookingModal } from '../../features/bookingDesk/ConfirmBookingModal';
import { DeskBookingModal } from '../../features/bookingDesk/DeskBookingModal';
import { DeskConfirmationBadge } from '../../features/bookingDesk/DeskConfirmationBadge';
import { customerName, deskMoves, serviceNames } from '../../features/bookingDesk/desk';
import { NoShowModal } from '../../features/bookingDesk/NoShowModal';
import { QrScanModal } from '../../features/bookingDesk/QrScanModal';
import { QR_MESSAGES, type QrPayload } from '../../features/bookingDesk/qr';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { type CreateRequest, DeskCalendar } from '../../features/calendar/DeskCalendar';
import { OPEN_QR_SCANNER_EVENT } from '../../layouts/MerchantLayout';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';
import { DeskStatusBadge } from './DeskStatusBadge';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'no_show', label: 'No-show' },
];

/** 'calendar' is the month grid (its name in links since before the day view). */
type View = 'day' | 'list' | 'calendar';
const VIEWS: View[] = ['day', 'list', 'calendar'];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function StatCard({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string | number | undefined;
  icon: typeof ChartIcon;
  testId: string;
}) {
  return (
    <Card padded={false} className="flex items-center gap-3 p-4 sm:p-5">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-plum-50 text-plum-700 sm:flex">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs text-ink-500 sm:text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-6 w-16" />
        ) : (
          <p className="text-lg font-bold text-ink-900 sm:text-xl" data-testid={testId}>
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

function RowActions({
  b,
  onView,
  onConfirm,
  onCancel,
  onComplete,
  onNoShow,
}: {
  b: BookingWire;
  onView: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onComplete: () => void;
  onNoShow: () => void;
}) {
  const moves = deskMoves(b);
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      <Button size="sm" variant="ghost" onClick={onView} data-testid="row-view">
        View
      </Button>
      {moves.confirm && (
        <Button size="sm" onClick={onConfirm} data-testid="row-confirm">
          Confirm
        </Button>
      )}
      {moves.complete && (
        <Button size="sm" onClick={onComplete} data-testid="row-complete">
          Complete
        </Button>
      )}
      {moves.completeFrom && (
        <span className="text-xs text-ink-500" data-testid="row-complete-from">
          Complete from {moves.completeFrom}
        </span>
      )}
      {moves.noShow && (
        <Button size="sm" variant="outline" onClick={onNoShow} data-testid="row-no-show">
          No-show
        </Button>
      )}
      {moves.cancel && (
        <Button size="sm" variant="outline" className="text-red-700" onClick={onCancel} data-testid="row-cancel">
          Cancel
        </Button>
      )}
    </div>
  );
}

export default function Appointments() {
  usePageTitle('Appointments');
  const client = trpc.useUtils().client;
  const utils = trpc.useUtils();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { merchantId, userId } = useDeskMerchant();
  const params = new URLSearchParams(search);

  const [view, setView] = useState<View>(VIEWS.find((v) => v === params.get('view')) ?? 'day');
  const [status, setStatus] = useState('all');
  const [text, setText] = useState('');
  const searchQuery = useDebounced(text.trim(), 300);

  const [details, setDetails] = useState<BookingWire | null>(null);
  const [cancelling, setCancelling] = useState<BookingWire | null>(null);
  const [completing, setCompleting] = useState<BookingWire | null>(null);
  const [noShow, setNoShow] = useState<BookingWire | null>(null);
  const [confirmState, setConfirmState] = useState<{ open: boolean; bookingId: string; booking: BookingWire | null }>({
    open: false,
    bookingId: '',
    booking: null,
  });
  const [scanOpen, setScanOpen] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  const [bookPrefill, setBookPrefill] = useState<CreateRequest | null>(null);

  const listQuery = trpc.merchants.merchantGetAllBookings.useQuery(
    {
      merchantId: merchantId ?? undefined,
      status: status === 'all' ? undefined : (status as BookingWire['status']),
      searchQuery: searchQuery || undefined,
    },
    { enabled: Boolean(merchantId), placeholderData: (prev) => prev },
  );
  const calendarQuery = trpc.merchants.merchantGetAllBookings.useQuery(
    { merchantId: merchantId ?? undefined },
    { enabled: Boolean(merchantId) && view === 'calendar' },
  );
  useEffect(() => {
    if (listQuery.isError) toast.error('Failed to fetch bookings.');
  }, [listQuery.isError]);

  const stats = listQuery.data?.stats;
  const bookings = useMemo(() => byAppointment(listQuery.data?.bookings ?? []), [listQuery.data]);
  const timeZone = bookings[0]?.timeZone ?? calendarQuery.data?.bookings[0]?.timeZone ?? 'Asia/Kolkata';

  const refresh = useCallback(async () => {
    void utils.merchants.getCalendar.invalidate();
    await utils.merchants.merchantGetAllBookings.invalidate();
    void utils.merchants.getDashboard.invalidate();
  }, [utils]);

  const openScanner = useCallback(() => setScanOpen(true), []);

  // The bottom bar's Scan button: an event when already here, ?scan=1 when arriving.
  useEffect(() => {
    window.addEventListener(OPEN_QR_SCANNER_EVENT, openScanner);
    return () => window.removeEventListener(OPEN_QR_SCANNER_EVENT, openScanner);
  }, [openScanner]);
  useEffect(() => {
    const current = new URLSearchParams(search);
    if (current.get('scan') !== '1') return;
    setScanOpen(true);
    current.delete('scan');
    const rest = current.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);

  const onPayload = async (payload: QrPayload) => {
    if (!merchantId) throw new Error('No booking selected');
    try {
      const { booking } = await client.merchants.scanQRForBooking.query({
        bookingId: payload.bookingId,
        merchantId,
        userId: payload.userId,
      });
      setScanOpen(false);
      setConfirmState({ open: true, bookingId: booking._id, booking });
    } catch (err) {
      throw new Error(errorMessage(err, QR_MESSAGES.invalid));
    }
  };

  const actor = { merchantId: merchantId ?? '', userId };
  /** A desk modal changed a booking (its meta toasted and refreshed the lists): the open details show it as it is now. */
  const afterMove = (b: BookingWire) => setDetails((d) => (d && d._id === b._id ? b : d));

  if (!merchantId) {
    return (
      <PageContainer>
        <PageHeader title="Appointments" />
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= to manage a salon's bookings as an admin." />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title="Appointments"
        description="Manage bookings in a list or calendar and check customers in with a QR scan."
        actions={
          <>
            <Button onClick={openScanner} data-testid="open-scan">
              <QrIcon className="size-4" /> Scan QR
            </Button>
            <Button
              variant="outline"
              onClick={() => setConfirmState({ open: true, bookingId: '', booking: null })}
              data-testid="open-confirm"
            >
              Enter booking ID
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setBookPrefill(null);
                setBookOpen(true);
              }}
              data-testid="open-desk-booking"
            >
              <CalendarIcon className="size-4" /> Book a slot
            </Button>
          </>
        }
      />

      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatCard label="Total Bookings" value={stats?.totalBookings} icon={CalendarIcon} testId="stat-total" />
        <StatCard label="Completed Bookings" value={stats?.completedBookings} icon={CheckCircleIcon} testId="stat-completed" />
        <StatCard label="Revenue" value={stats ? formatINR(stats.totalRevenue) : undefined} icon={ChartIcon} testId="stat-revenue" />
        <StatCard label="Upcoming Bookings" value={stats?.upcomingBookings} icon={ClockIcon} testId="stat-upcoming" />
        <StatCard label="Not checked in (needs action)" value={stats?.notCheckedIn} icon={QrIcon} testId="stat-not-checked-in" />
      </div>

      <Card padded={false} className="p-4 sm:p-5">
        <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <Tabs
            idPrefix="desk-view"
            label="View"
            value={view}
            onChange={setView}
            items={[
              { id: 'day', label: 'Calendar' },
              { id: 'list', label: 'List' },
              { id: 'calendar', label: 'Month' },
            ]}
            className="md:w-72"
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            {view === 'list' && (
              <>
                <Input
                  label="Search"
                  hideLabel
                  placeholder="Search customer, email, phone or service"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  trailing={<SearchIcon className="mr-2 size-4 text-ink-400" />}
                  containerClassName="sm:w-72"
                  data-testid="desk-search"
                />
                <Select
                  label="Status"
                  hideLabel
                  value={status}
                  onChange={(e) => setStatus(e.target.value)}
                  options={STATUS_OPTIONS}
                  containerClassName="sm:w-44"
                  data-testid="desk-status"
                />
              </>
            )}
            <Button
              variant="outline"
              className="h-11"
              onClick={() => void refresh()}
              loading={listQuery.isFetching && !listQuery.isPending}
              data-testid="desk-refresh"
            >
              Refresh
            </Button>
          </div>
        </div>

        {view === 'day' ? (
          <DeskCalendar
            merchantId={merchantId}
            onCreate={(r) => {
              setBookPrefill(r);
              setBookOpen(true);
            }}
            onChanged={() => void utils.merchants.merchantGetAllBookings.invalidate()}
          />
        ) : view === 'calendar' ? (
          calendarQuery.isPending ? (
            <Skeleton className="h-96" />
          ) : (
            <BookingCalendar bookings={calendarQuery.data?.bookings ?? []} today={salonToday(timeZone)} onOpen={setDetails} />
          )
        ) : listQuery.isPending ? (
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : bookings.length === 0 ? (
          <EmptyState
            title="No bookings found"
            description={searchQuery || status !== 'all' ? 'No bookings match these filters.' : 'New bookings will appear here.'}
          />
        ) : (
          <>
            <div className="hidden md:block">
              <table className="w-full text-left text-sm" data-testid="desk-table">
                <thead className="border-b border-blush-200 text-xs tracking-wide text-ink-500 uppercase">
                  <tr>
                    <th className="py-2 pr-3 font-semibold">Customer</th>
                    <th className="py-2 pr-3 font-semibold">Service</th>
                    <th className="py-2 pr-3 font-semibold">Date &amp; Time</th>
                    <th className="py-2 pr-3 font-semibold">Status</th>
                    <th className="py-2 text-right font-semibold">Actions</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-blush-100">
                  {bookings.map((b) => (
                    <tr key={b._id} data-testid="desk-row" data-booking-id={b._id} data-status={b.status}>
                      <td className="py-3 pr-3">
                        <div className="flex items-center gap-2.5">
                          <Avatar src={b.userDetails.profileImage} name={customerName(b)} size="sm" />
                          <div className="min-w-0">
                            <p className="font-medium text-ink-900">{customerName(b)}</p>
                            <p className="truncate text-xs text-ink-500">{b.userDetails.phone ?? b.userDetails.email}</p>
                          </div>
                        </div>
                      </td>
                      <td className="py-3 pr-3">
                        <p className="text-ink-900">{serviceNames(b)}</p>
                        <p className="text-xs text-ink-500">{formatINR(b.totalPrice)}</p>
                      </td>
                      <td className="py-3 pr-3 whitespace-nowrap">
                        <p className="text-ink-900">{longDate(b.bookingDate)}</p>
                        <p className="text-xs text-ink-500">{b.bookingTime}</p>
                      </td>
                      <td className="py-3 pr-3">
                        <div className="flex flex-col items-start gap-1">
                          <DeskStatusBadge booking={b} />
                          <DeskConfirmationBadge state={b.deskConfirmation} />
                        </div>
                      </td>
                      <td className="py-3">
                        <RowActions
                          b={b}
                          onView={() => setDetails(b)}
                          onConfirm={() => setConfirmState({ open: true, bookingId: b._id, booking: b })}
                          onCancel={() => setCancelling(b)}
                          onComplete={() => setCompleting(b)}
                          onNoShow={() => setNoShow(b)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="space-y-3 md:hidden">
              {bookings.map((b) => (
                <li key={b._id} className="rounded-2xl border border-blush-200 p-3" data-testid="desk-card" data-booking-id={b._id}>
                  <div className="flex items-start justify-between gap-2">
                    <div className="flex min-w-0 items-center gap-2.5">
                      <Avatar src={b.userDetails.profileImage} name={customerName(b)} size="sm" />
                      <div className="min-w-0">
                        <p className="truncate font-medium text-ink-900">{customerName(b)}</p>
                        <p className="text-xs text-ink-500">
                          {longDate(b.bookingDate)} · {b.bookingTime}
                        </p>
                      </div>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <DeskStatusBadge booking={b} />
                      <DeskConfirmationBadge state={b.deskConfirmation} />
                    </div>
                  </div>
                  <p className="mt-2 text-sm text-ink-700">
                    {serviceNames(b)} · <span className="font-medium text-ink-900">{formatINR(b.totalPrice)}</span>
                  </p>
                  <div className="mt-2">
                    <RowActions
                      b={b}
                      onView={() => setDetails(b)}
                      onConfirm={() => setConfirmState({ open: true, bookingId: b._id, booking: b })}
                      onCancel={() => setCancelling(b)}
                      onComplete={() => setCompleting(b)}
                      onNoShow={() => setNoShow(b)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <BookingDetailsModal
        booking={details}
        onClose={() => setDetails(null)}
        onConfirm={(b) => {
          setDetails(null);
          setConfirmState({ open: true, bookingId: b._id, booking: b });
        }}
        onCancel={(b) => {
          setDetails(null);
          setCancelling(b);
        }}
        onComplete={(b) => {
          setDetails(null);
          setCompleting(b);
        }}
        onNoShow={(b) => {
          setDetails(null);
          setNoShow(b);
        }}
      />
      {confirmState.open && (
        <ConfirmBookingModal
          key={confirmState.bookingId}
          initialBookingId={confirmState.bookingId}
          booking={confirmState.booking}
          actor={actor}
          onClose={() => setConfirmState({ open: false, bookingId: '', booking: null })}
          onScan={() => setScanOpen(true)}
          onDone={(b) => {
            setConfirmState({ open: false, bookingId: '', booking: null });
            afterMove(b);
          }}
        />
      )}
      <CancelDeskBookingModal
        key={cancelling?._id ?? 'no-cancel'}
        booking={cancelling}
        actor={actor}
        onClose={() => setCancelling(null)}
        onDone={(b) => {
          setCancelling(null);
          afterMove(b);
        }}
      />
      <CompleteBookingModal
        key={completing?._id ?? 'no-complete'}
        booking={completing}
        actor={actor}
        onClose={() => setCompleting(null)}
        onDone={afterMove}
      />
      <NoShowModal
        key={noShow?._id ?? 'no-no-show'}
        booking={noShow}
        actor={actor}
        onClose={() => setNoShow(null)}
        onDone={(b) => {
          setNoShow(null);
          afterMove(b);
        }}
      />
      <DeskBookingModal
        open={bookOpen}
        merchantId={merchantId}
        prefill={bookPrefill}
        onClose={() => {
          setBookOpen(false);
          setBookPrefill(null);
        }}
        onBooked={() => {
          setBookOpen(false);
          setBookPrefill(null);
        }}
      />
      <QrScanModal open={scanOpen} onClose={() => setScanOpen(false)} onPayload={onPayload} />
    </PageContainer>
  );
}
