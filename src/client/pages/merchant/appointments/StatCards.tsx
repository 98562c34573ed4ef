import type { z } from 'zod';
import type { merchantBookingStatsWire } from '../../../../shared/schemas/bookings';
import { CalendarIcon, ChartIcon, CheckCircleIcon, ClockIcon, QrIcon } from '../../../components/icons';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';
import { formatINR } from '../../../features/booking/format';

type Stats = z.infer<typeof merchantBookingStatsWire>;

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

/** The desk's five counters; skeletons until the first list arrives. */
export function StatCards({ stats }: { stats: Stats | undefined }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
      <StatCard label="Total Bookings" value={stats?.totalBookings} icon={CalendarIcon} testId="stat-total" />
      <StatCard label="Completed Bookings" value={stats?.completedBookings} icon={CheckCircleIcon} testId="stat-completed" />
      <StatCard label="Revenue" value={stats ? formatINR(stats.totalRevenue) : undefined} icon={ChartIcon} testId="stat-revenue" />
      <StatCard label="Upcoming Bookings" value={stats?.upcomingBookings} icon={ClockIcon} testId="stat-upcoming" />
      <StatCard label="Not checked in (needs action)" value={stats?.notCheckedIn} icon={QrIcon} testId="stat-not-checked-in" />
    </div>
  );
}
