import { useCallback, useEffect, useReducer, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CalendarIcon, QrIcon, SearchIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Tabs } from '../../components/ui/Tabs';
import { salonToday } from '../../features/booking/format';
import { BookingCalendar } from '../../features/bookingDesk/BookingCalendar';
import type { QrPayload } from '../../features/bookingDesk/qr';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { DeskCalendar } from '../../features/calendar/DeskCalendar';
import { OPEN_QR_SCANNER_EVENT } from '../../layouts/MerchantLayout';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppointmentModals } from './appointments/AppointmentModals';
import { BookingList } from './appointments/BookingList';
import { deskModalReducer, initialDeskModalState } from './appointments/modalState';
import { StatCards } from './appointments/StatCards';
import { useAppointmentBookings, useDebounced, useQrLookup, VIEWS, type View } from './appointments/useAppointments';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'no_show', label: 'No-show' },
];

export default function Appointments() {
  usePageTitle('Appointments');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { merchantId, userId } = useDeskMerchant();
  const params = new URLSearchParams(search);

  const [view, setView] = useState<View>(VIEWS.find((v) => v === params.get('view')) ?? 'day');
  const [status, setStatus] = useState('all');
  const [text, setText] = useState('');
  const searchQuery = useDebounced(text.trim(), 300);
  const [modals, dispatch] = useReducer(deskModalReducer, initialDeskModalState);

  const { listQuery, calendarQuery, stats, bookings, timeZone, refresh, invalidateList } = useAppointmentBookings({
    merchantId,
    view,
    status,
    searchQuery,
  });
  const lookUpQr = useQrLookup(merchantId);

  const openScanner = useCallback(() => dispatch({ type: 'scan' }), []);

  // The bottom bar's Scan button: an event when already here, ?scan=1 when arriving.
  useEffect(() => {
    window.addEventListener(OPEN_QR_SCANNER_EVENT, openScanner);
    return () => window.removeEventListener(OPEN_QR_SCANNER_EVENT, openScanner);
  }, [openScanner]);
  useEffect(() => {
    const current = new URLSearchParams(search);
    if (current.get('scan') !== '1') return;
    dispatch({ type: 'scan' });
    current.delete('scan');
    const rest = current.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);

  const onPayload = async (payload: QrPayload) => {
    const booking = await lookUpQr(payload);
    dispatch({ type: 'scanned', booking });
  };

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
            <Button variant="outline" onClick={() => dispatch({ type: 'enterId' })} data-testid="open-confirm">
              Enter booking ID
            </Button>
            <Button variant="outline" onClick={() => dispatch({ type: 'book', prefill: null })} data-testid="open-desk-booking">
              <CalendarIcon className="size-4" /> Book a slot
            </Button>
          </>
        }
      />

      <StatCards stats={stats} />

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
          <DeskCalendar merchantId={merchantId} onCreate={(prefill) => dispatch({ type: 'book', prefill })} onChanged={invalidateList} />
        ) : view === 'calendar' ? (
          calendarQuery.isPending ? (
            <Skeleton className="h-96" />
          ) : (
            <BookingCalendar
              bookings={calendarQuery.data?.bookings ?? []}
              today={salonToday(timeZone)}
              onOpen={(booking) => dispatch({ type: 'view', booking })}
            />
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
          <BookingList bookings={bookings} dispatch={dispatch} />
        )}
      </Card>

      <AppointmentModals state={modals} dispatch={dispatch} merchantId={merchantId} userId={userId} onPayload={onPayload} />
    </PageContainer>
  );
}
