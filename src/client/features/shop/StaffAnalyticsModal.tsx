import { useState } from 'react';
import { STAFF_PERIODS, type StaffWire } from '../../../shared/schemas/staff';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { longDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';
import { plural } from '../discovery/format';
import { formatINR } from './format';

type Period = (typeof STAFF_PERIODS)[number];

const PERIOD_LABELS: Record<Period, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  week: 'This Week',
  month: 'This Month',
  custom: 'Custom Range',
};

const STATUS_TONE: Record<string, BadgeTone> = { Completed: 'success', Upcoming: 'info', Cancelled: 'danger' };

export interface StaffAnalyticsModalProps {
  open: boolean;
  onClose: () => void;
  merchantId: string | null;
  staff: StaffWire | null;
}

export function StaffAnalyticsModal({ open, onClose, merchantId, staff }: StaffAnalyticsModalProps) {
  const [period, setPeriod] = useState<Period>('today');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');

  const customReady = period !== 'custom' || (Boolean(startDate) && Boolean(endDate) && startDate <= endDate);
  const analytics = trpc.merchants.getStaffAnalytics.useQuery(
    {
      merchantId: merchantId ?? undefined,
      staffId: staff?._id ?? '',
      period,
      startDate: period === 'custom' ? startDate : undefined,
      endDate: period === 'custom' ? endDate : undefined,
    },
    { enabled: open && Boolean(staff) && customReady },
  );

  const data = analytics.data;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Staff Analytics${staff ? ` – ${staff.name}` : ''}`}
      size="xl"
      testId="staff-analytics-modal"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          id="analytics-period"
          label="Period"
          options={STAFF_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          value={period}
          onChange={(e) => setPeriod(e.target.value as Period)}
          containerClassName="sm:w-48"
        />
        {period === 'custom' && (
          <>
            <Input id="analytics-start" label="Start date" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            <Input
              id="analytics-end"
              label="End date"
              type="date"
              value={endDate}
              min={startDate || undefined}
              onChange={(e) => setEndDate(e.target.value)}
            />
          </>
        )}
      </div>
      {period === 'custom' && !customReady && (
        <p className="mt-3 text-sm text-ink-500">Choose a start and an end date (the end not before the start).</p>
      )}

      {/* Total Bookings counts upcoming and completed bookings; hours and earnings can only come
          from completed work. The captions say so, and the table lists the bookings Total Bookings
          counts, so cards and table cover the same rows. */}
      <div className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Metric
          label="Total Bookings"
          value={data ? String(data.totalBookings) : '–'}
          caption={data && bookingsBreakdown(data)}
          testId="analytics-total-bookings"
        />
        <Metric
          label="Hours Worked"
          value={data ? data.hoursWorked.toFixed(1) : '–'}
          caption={data && fromCompleted(data.completedBookings)}
          testId="analytics-hours"
        />
        <Metric
          label="Total Earnings"
          value={data ? formatINR(Math.round(data.totalEarnings)) : '–'}
          caption={data && fromCompleted(data.completedBookings)}
          testId="analytics-earnings"
        />
      </div>
      {data && data.cancelledBookings > 0 && (
        <p className="mt-2 text-xs text-ink-500" data-testid="analytics-cancelled">
          {plural(data.cancelledBookings, 'cancelled booking')} in this period {data.cancelledBookings === 1 ? 'is' : 'are'} not counted or
          listed.
        </p>
      )}

      <h3 className="mt-6 mb-2 text-sm font-semibold text-ink-900">Recent Bookings</h3>
      {data && data.recentBookings.length > 0 && (
        <p className="-mt-1 mb-2 text-xs text-ink-500" data-testid="analytics-table-caption">
          {data.recentBookings.length < data.totalBookings
            ? `The latest ${data.recentBookings.length} of the ${data.totalBookings} bookings counted above.`
            : `The ${plural(data.totalBookings, 'booking')} counted above.`}
          {data.recentBookings.some((b) => b.status !== 'Completed') &&
            ' Earnings of upcoming bookings are expected, not yet in Total Earnings.'}
        </p>
      )}
      {analytics.isFetching && !data ? (
        <Spinner label="Loading analytics" className="text-plum-600" />
      ) : analytics.isError ? (
        <p className="text-sm text-red-600">{errorMessage(analytics.error, 'Failed to load analytics. Please try again.')}</p>
      ) : !data || data.recentBookings.length === 0 ? (
        <p className="text-sm text-ink-500">No bookings in this period.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-blush-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-blush-50/60 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Date &amp; Time
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Service
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Duration
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Earnings
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-blush-100">
              {data.recentBookings.map((b) => (
                <tr key={b.id}>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {longDate(b.bookingDate)}, {b.bookingTime}
                  </td>
                  <td className="px-3 py-2">{b.serviceName}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{b.duration} mins</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {b.status === 'Completed' ? (
                      formatINR(Math.round(b.earnings))
                    ) : (
                      <span className="text-ink-500">{formatINR(Math.round(b.earnings))} expected</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={STATUS_TONE[b.status] ?? 'neutral'}>{b.status}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

const fromCompleted = (n: number) => `From ${plural(n, 'completed booking')}`;

function bookingsBreakdown(d: { totalBookings: number; completedBookings: number }): string {
  return `${d.completedBookings} completed · ${d.totalBookings - d.completedBookings} upcoming`;
}

function Metric({ label, value, caption, testId }: { label: string; value: string; caption?: string | null | false; testId: string }) {
  return (
    <div className="rounded-xl bg-blush-50 px-4 py-3">
      <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">{label}</p>
      <p className="mt-1 text-xl font-bold text-ink-900" data-testid={testId}>
        {value}
      </p>
      {caption && (
        <p className="mt-0.5 text-xs text-ink-500" data-testid={`${testId}-caption`}>
          {caption}
        </p>
      )}
    </div>
  );
}
