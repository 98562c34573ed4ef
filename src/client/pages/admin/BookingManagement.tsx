import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { formatClock } from '../../../shared/clock';
import { BOOKING_STATUSES } from '../../../shared/constants';
import { StatusBadge, statusLabel } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { AdminPage } from '../../features/admin/AdminPage';
import { BookingDetailModal } from '../../features/admin/BookingDetailModal';
import { FilterBar, Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatDay, formatINR } from '../../features/admin/format';
import { useDebounced } from '../../features/admin/useDebounced';
import { trpc } from '../../trpc';

const LIMIT = 20;
type Status = (typeof BOOKING_STATUSES)[number];

export default function BookingManagement() {
  const params = new URLSearchParams(useSearch());
  const merchantId = params.get('merchantId') ?? undefined;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [city, setCity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const term = useDebounced(search.trim());
  const cityTerm = useDebounced(city.trim());

  const bookings = trpc.admin.listBookings.useQuery(
    {
      search: term || undefined,
      status: (status || undefined) as Status | undefined,
      city: cityTerm || undefined,
      from: from || undefined,
      to: to || undefined,
      merchantId,
      page,
      limit: LIMIT,
    },
    { placeholderData: keepPreviousData },
  );

  const change = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  const list = bookings.data?.bookings ?? [];
  const filtered = Boolean(term || status || cityTerm || from || to);

  return (
    <AdminPage
      title="Booking Management"
      description={merchantId ? 'Bookings at one salon.' : 'Bookings at every salon on the platform.'}
      actions={
        filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              setStatus('');
              setCity('');
              setFrom('');
              setTo('');
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        )
      }
    >
      <FilterBar>
        <Input
          label="Search"
          type="search"
          placeholder="Customer, e-mail, salon or booking id"
          value={search}
          onChange={(e) => change(setSearch)(e.target.value)}
        />
        <Select
          label="Status"
          value={status}
          onChange={(e) => change(setStatus)(e.target.value)}
          placeholder="Any status"
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <Input label="City" value={city} placeholder="e.g. Pune" onChange={(e) => change(setCity)(e.target.value)} />
        <div className="grid grid-cols-2 gap-2">
          <Input label="From" type="date" value={from} max={to || undefined} onChange={(e) => change(setFrom)(e.target.value)} />
          <Input label="To" type="date" value={to} min={from || undefined} onChange={(e) => change(setTo)(e.target.value)} />
        </div>
      </FilterBar>

      <QueryState
        query={bookings}
        isEmpty={list.length === 0}
        emptyTitle="No bookings match"
        emptyDescription="Try a wider date range or clear the filters."
      >
        <TableCard testId="bookings-table" caption="Bookings" minWidth={900}>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Customer</Th>
              <Th>Salon</Th>
              <Th>Services</Th>
              <Th>Status</Th>
              <Th className="text-right">Total</Th>
              <Th className="text-right">Commission</Th>
              <Th>
                <span className="sr-only">Open</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b._id} data-testid="booking-row" className="cursor-pointer hover:bg-blush-50/60" onClick={() => setOpenId(b._id)}>
                <Td className="whitespace-nowrap">
                  <p className="font-medium text-ink-900">{formatDay(b.bookingDate)}</p>
                  <p className="text-xs text-ink-500">{formatClock(b.bookingTime)}</p>
                </Td>
                <Td>
                  <p className="font-medium text-ink-900">{b.customer.name}</p>
                  <p className="text-xs text-ink-500">{b.customer.email}</p>
                </Td>
                <Td>
                  <p className="text-ink-900">{b.salon.name}</p>
                  <p className="text-xs text-ink-500">{b.salon.city}</p>
                </Td>
                <Td className="max-w-56">
                  <span className="line-clamp-2">{b.services.join(', ')}</span>
                </Td>
                <Td>
                  <StatusBadge status={b.status} />
                </Td>
                <Td className="text-right font-medium whitespace-nowrap text-ink-900">{formatINR(b.totalPrice)}</Td>
                <Td className="text-right whitespace-nowrap">{b.commission === null ? '—' : formatINR(b.commission)}</Td>
                <Td className="text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpenId(b._id);
                    }}
                    aria-label={`Details of the booking of ${b.customer.name} on ${formatDay(b.bookingDate)}`}
                  >
                    Details
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={LIMIT} total={bookings.data?.total ?? 0} onPage={setPage} />
      </QueryState>

      <BookingDetailModal bookingId={openId} onClose={() => setOpenId(null)} />
    </AdminPage>
  );
}
