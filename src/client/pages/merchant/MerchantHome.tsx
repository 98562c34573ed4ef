import { useAtomValue } from 'jotai';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { CalendarIcon, ChartIcon, CheckCircleIcon, ClockIcon, ScissorsIcon, SparkleIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatINR } from '../../features/booking/format';
import { customerName, serviceNames } from '../../features/bookingDesk/desk';
import { ManualBookingModal } from '../../features/bookingDesk/ManualBookingModal';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { ProfileCompletionSummary } from '../../features/shop/ProfileCompletionCard';
import { clockTime, longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';
import { DeskStatusBadge } from './DeskStatusBadge';

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="text-gold-500">
      {'★★★★★'.slice(0, Math.round(rating))}
      <span className="text-blush-300">{'★★★★★'.slice(Math.round(rating))}</span>
    </span>
  );
}

/** The revenue card's second line: what the salon keeps after the platform's commission, linked to the statement. */
function RevenueNet({ net, commission }: { net: number; commission: number }) {
  return (
    <p>
      Net{' '}
      <Link
        href="/merchant/commission"
        className="font-semibold text-ink-900 underline decoration-blush-300"
        data-testid="dash-revenue-net"
      >
        {formatINR(net)}
      </Link>{' '}
      after {formatINR(commission)} commission
    </p>
  );
}

function Stat({
  label,
  value,
  hint,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string | undefined;
  hint?: ReactNode;
  icon: ComponentType<{ className?: string }>;
  testId: string;
}) {
  return (
    <Card padded={false} className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-ink-500 sm:text-sm">{label}</p>
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-plum-50 text-plum-700 sm:flex">
          <Icon className="size-4" />
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="mt-2 h-7 w-20" />
      ) : (
        <p className="mt-1 text-xl font-bold text-ink-900 sm:text-2xl" data-testid={testId}>
          {value}
        </p>
      )}
      {hint && <div className="text-xs text-ink-500">{hint}</div>}
    </Card>
  );
}

const dateTimeOf = (iso: string) => (longDate(iso) ? `${longDate(iso)} · ${clockTime(iso)}` : '');

export default function MerchantHome() {
  usePageTitle('Dashboard');
  const session = useAtomValue(sessionAtom);
  const { merchantId, isAdmin } = useDeskMerchant();
  const [manualOpen, setManualOpen] = useState(false);
  const query = trpc.merchants.getDashboard.useQuery({ merchantId: merchantId ?? undefined }, { enabled: Boolean(merchantId) });
  const data = query.data;
  const stats = data?.stats;

  if (!merchantId) {
    return (
      <PageContainer>
        <PageHeader title="Dashboard" />
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= to see a salon's dashboard as an admin." />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        eyebrow={session.user?.shop_Name ?? 'Your salon'}
        title="Dashboard"
        description="Your bookings, revenue and ratings at a glance."
        actions={
          <>
            <Link href="/merchant/services" className={buttonClasses('outline')} data-testid="manage-services">
              Manage Services
            </Link>
            <Link href="/merchant/appointments" className={buttonClasses('primary')} data-testid="view-bookings">
              View Bookings
            </Link>
          </>
        }
      />

      {query.isError && (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
          {errorMessage(query.error, 'Failed to load the dashboard. Please try again.')}
        </p>
      )}

      <div className="mb-6 empty:hidden">
        <ProfileCompletionSummary
          merchantId={merchantId}
          settingsHref={isAdmin ? `/merchant/settings?merchantId=${merchantId}` : '/merchant/settings'}
        />
      </div>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Stat label="Total Bookings" value={stats && String(stats.totalBookings)} icon={CalendarIcon} testId="dash-total" />
        <Stat
          label="Total Revenue (gross)"
          value={stats && formatINR(stats.totalRevenue)}
          icon={ChartIcon}
          testId="dash-revenue"
          hint={stats && <RevenueNet net={stats.netRevenue} commission={stats.commission} />}
        />
        <Stat
          label="Customer Rating"
          value={stats && (stats.reviewCount ? stats.customerRating.toFixed(1) : '—')}
          hint={stats ? `${stats.reviewCount} review${stats.reviewCount === 1 ? '' : 's'}` : undefined}
          icon={SparkleIcon}
          testId="dash-rating"
        />
        <Stat
          label="Upcoming Bookings"
          value={stats && String(stats.upcomingBookings)}
          icon={ClockIcon}
          testId="dash-upcoming"
          hint={
            stats?.notCheckedIn ? (
              <Link
                href="/merchant/appointments?view=list"
                className="font-medium text-amber-800 hover:underline"
                data-testid="dash-not-checked-in"
              >
                {stats.notCheckedIn} not checked in: check in, no-show or cancel
              </Link>
            ) : undefined
          }
        />
        <Stat label="Completed Bookings" value={stats && String(stats.completedBookings)} icon={CheckCircleIcon} testId="dash-completed" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader title="Quick Actions" />
          <div className="grid gap-2">
            <Button onClick={() => setManualOpen(true)} fullWidth data-testid="add-booking">
              Add New Booking
            </Button>
            <Link
              href="/merchant/appointments?view=calendar"
              className={buttonClasses('secondary', 'md', 'w-full')}
              data-testid="view-calendar"
            >
              <CalendarIcon className="size-4" /> View Calendar
            </Link>
            <Link href="/merchant/services" className={buttonClasses('outline', 'md', 'w-full')}>
              <ScissorsIcon className="size-4" /> Manage Services
            </Link>
          </div>
          <nav aria-label="Grow your business" className="mt-4 border-t border-blush-100 pt-3" data-testid="grow-links">
            <p className="mb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">Grow your business</p>
            {[
              { href: '/merchant/customers', label: 'Customers', testId: 'quick-customers' },
              { href: '/merchant/marketing', label: 'Marketing', testId: 'quick-marketing' },
              { href: '/merchant/subscription', label: 'Subscription & Billing', testId: 'quick-subscription' },
            ].map((l) => (
              <Link
                key={l.href}
                href={l.href}
                className="flex items-center justify-between rounded-xl px-2 py-2 text-sm font-medium text-plum-800 hover:bg-plum-50"
                data-testid={l.testId}
              >
                {l.label} <span aria-hidden="true">›</span>
              </Link>
            ))}
          </nav>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader
            title="Recent Reviews"
            action={
              <Link href="/merchant/reviews" className="text-sm font-medium text-plum-700 hover:underline">
                All reviews
              </Link>
            }
          />
          {!data ? (
            <Skeleton className="h-24" />
          ) : data.recentReviews.length === 0 ? (
            <p className="text-sm text-ink-500">No reviews yet. They appear here once customers rate completed bookings.</p>
          ) : (
            <ul className="divide-y divide-blush-100" data-testid="recent-reviews">
              {data.recentReviews.map((r) => (
                <li key={r._id} className="flex gap-3 py-3 first:pt-0">
                  <Avatar name={r.userName} size="sm" />
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-ink-900">
                      {r.userName} <Stars rating={r.rating} />
                    </p>
                    {r.comment && <p className="text-sm text-ink-700">{r.comment}</p>}
                    <p className="text-xs text-ink-500">{longDate(r.createdAt)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Recent Bookings"
          action={
            <Link href="/merchant/appointments" className="text-sm font-medium text-plum-700 hover:underline">
              View all
            </Link>
          }
        />
        {!data ? (
          <Skeleton className="h-32" />
        ) : data.recentBookings.length === 0 ? (
          <p className="text-sm text-ink-500">No bookings yet.</p>
        ) : (
          <div
            className="relative -mx-5 overflow-x-auto px-5 sm:-mx-6 sm:px-6"
            role="region"
            aria-label="Recent bookings (scrolls sideways)"
            tabIndex={0}
          >
            <table className="w-full min-w-[560px] text-left text-sm" data-testid="recent-bookings">
              <thead className="border-b border-blush-200 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <th className="py-2 pr-3 font-semibold">Customer</th>
                  <th className="py-2 pr-3 font-semibold">Date &amp; Time</th>
                  <th className="py-2 pr-3 font-semibold">Status</th>
                  <th className="py-2 pr-3 font-semibold">Service</th>
                  <th className="py-2 text-right font-semibold">Action</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-blush-100">
                {data.recentBookings.map((b) => (
                  <tr key={b._id}>
                    <td className="py-2.5 pr-3 font-medium text-ink-900">{customerName(b)}</td>
                    <td className="py-2.5 pr-3 whitespace-nowrap text-ink-700">
                      {longDate(b.bookingDate)} · {b.bookingTime}
                    </td>
                    <td className="py-2.5 pr-3">
                      <DeskStatusBadge booking={b} />
                    </td>
                    <td className="py-2.5 pr-3 text-ink-700">
                      {serviceNames(b)} · <span className="font-medium text-ink-900">{formatINR(b.totalPrice)}</span>
                    </td>
                    <td className="py-2.5 text-right">
                      <Link href="/merchant/appointments" className="font-medium text-plum-700 hover:underline">
                        Manage
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card className="mt-6">
        <CardHeader title="Recent Manual Bookings" />
        {!data ? (
          <Skeleton className="h-32" />
        ) : data.recentManualBookings.length === 0 ? (
          <p className="text-sm text-ink-500">No manual bookings yet. Use Add New Booking for walk-ins and phone bookings.</p>
        ) : (
          <div
            className="relative -mx-5 overflow-x-auto px-5 sm:-mx-6 sm:px-6"
            role="region"
            aria-label="Recent manual bookings (scrolls sideways)"
            tabIndex={0}
          >
            <table className="w-full min-w-[560px] text-left text-sm" data-testid="recent-manual-bookings">
              <thead className="border-b border-blush-200 text-xs tracking-wide text-ink-500 uppercase">
                <tr>
                  <th className="py-2 pr-3 font-semibold">Name</th>
                  <th className="py-2 pr-3 font-semibold">Visit</th>
                  <th className="py-2 pr-3 font-semibold">Status</th>
                  <th className="py-2 pr-3 font-semibold">Phone</th>
                  <th className="py-2 font-semibold">Email</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-blush-100">
                {data.recentManualBookings.map((m) => (
                  <tr key={m._id}>
                    <td className="py-2.5 pr-3 font-medium text-ink-900">{m.name}</td>
                    <td className="py-2.5 pr-3 whitespace-nowrap text-ink-700" data-testid="manual-visit">
                      {dateTimeOf(m.visitedAt)}
                    </td>
                    <td className="py-2.5 pr-3">
                      <Badge tone="brand">Confirmed</Badge>
                    </td>
                    <td className="py-2.5 pr-3 text-ink-700">{m.mobile}</td>
                    <td className="py-2.5 text-ink-700">{m.email}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {manualOpen && <ManualBookingModal merchantId={merchantId} onClose={() => setManualOpen(false)} />}
    </PageContainer>
  );
}
