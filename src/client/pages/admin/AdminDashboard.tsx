import { useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { Tabs } from '../../components/ui/Tabs';
import { AdminPage } from '../../features/admin/AdminPage';
import { TableCard, Td, Th } from '../../features/admin/DataTable';
import { countOf, formatCount, formatINR, formatINRCompact } from '../../features/admin/format';
import { StatTile } from '../../features/admin/StatTile';
import { TrendChart } from '../../features/admin/TrendChart';
import { errorMessage, trpc } from '../../trpc';

type Metric = 'bookings' | 'gbv' | 'commission';

const METRICS: { id: Metric; label: string }[] = [
  { id: 'bookings', label: 'Bookings' },
  { id: 'gbv', label: 'Value' },
  { id: 'commission', label: 'Commission' },
];

export default function AdminDashboard() {
  const dashboard = trpc.admin.dashboard.useQuery({});
  const userBase = trpc.admin.getUserBaseByAdmin.useQuery({});
  const [metric, setMetric] = useState<Metric>('bookings');

  if (dashboard.isError) {
    return (
      <AdminPage title="Admin Dashboard">
        <LoadError
          title="Could not load the dashboard"
          description={errorMessage(dashboard.error, 'Please try again.')}
          onRetry={dashboard.refetch}
        />
      </AdminPage>
    );
  }

  const data = dashboard.data;
  const t = data?.totals;
  const trendTotals = data
    ? data.trend.reduce(
        (acc, d) => ({ bookings: acc.bookings + d.bookings, gbv: acc.gbv + d.gbv, commission: acc.commission + d.commission }),
        { bookings: 0, gbv: 0, commission: 0 },
      )
    : null;
  const money = metric !== 'bookings';

  return (
    <AdminPage
      title="Admin Dashboard"
      description="The whole platform at a glance: people, salons, bookings and what they earn."
      actions={
        <Link href="/admin/reports" className={buttonClasses('outline')}>
          Open reports
        </Link>
      }
    >
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-totals">
        {t ? (
          <>
            <StatTile
              label="Customers"
              value={formatCount(t.customers)}
              hint={userBase.data ? `${countOf(userBase.data.newLast30Days, 'new account')} in 30 days` : undefined}
              to="/admin/users"
              testId="stat-customers"
            />
            <StatTile
              label="Merchants"
              value={formatCount(t.merchants)}
              hint={`${formatCount(t.publishedSalons)} salons published`}
              to="/admin/salons"
              testId="stat-merchants"
            />
            <StatTile label="Bookings" value={formatCount(t.bookings)} hint="All time" to="/admin/bookings" testId="stat-bookings" />
            <StatTile
              label="Pending publish requests"
              value={formatCount(t.pendingPublishRequests)}
              hint={t.pendingPublishRequests > 0 ? 'Waiting for your review' : 'Nothing waiting'}
              to="/admin/salons?status=pending"
              tone={t.pendingPublishRequests > 0 ? 'alert' : 'plain'}
              testId="stat-pending"
            />
            <StatTile
              label="Gross booking value"
              value={formatINR(t.grossBookingValue)}
              hint="Cancelled bookings excluded"
              to="/admin/reports"
              testId="stat-gbv"
            />
            <StatTile
              label="Commission earned"
              value={formatINR(t.commissionEarned)}
              hint="On completed bookings"
              to="/admin/payments"
              testId="stat-commission"
            />
            {userBase.data && (
              <>
                <StatTile label="Admins" value={formatCount(userBase.data.admins)} testId="stat-admins" />
                <StatTile
                  label="Blocked accounts"
                  value={formatCount(userBase.data.blocked)}
                  to="/admin/users?blocked=true"
                  testId="stat-blocked"
                />
              </>
            )}
          </>
        ) : (
          Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-28 rounded-2xl" />)
        )}
      </section>

      <Card>
        <CardHeader
          title="Last 30 days"
          description={
            trendTotals
              ? `${formatCount(trendTotals.bookings)} bookings · ${formatINR(trendTotals.gbv)} booked · ${formatINR(trendTotals.commission)} commission`
              : 'Loading…'
          }
        />
        <Tabs idPrefix="trend" label="Trend metric" items={METRICS} value={metric} onChange={setMetric} className="mb-4 sm:max-w-md" />
        {data ? (
          <TrendChart
            testId="dashboard-trend"
            label={metric === 'gbv' ? 'Booking value' : METRICS.find((m) => m.id === metric)!.label}
            kind={metric === 'bookings' ? 'bar' : 'line'}
            points={data.trend.map((d) => ({ date: d.date, value: d[metric] }))}
            formatValue={money ? formatINRCompact : (n) => formatCount(Math.round(n))}
            height={180}
          />
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <h2 className="mb-3 text-lg font-semibold text-ink-900">Top cities</h2>
          {data && data.topCities.length === 0 ? (
            <EmptyState title="No bookings yet" description="Cities appear here once salons in them take bookings." />
          ) : (
            <TableCard testId="top-cities" caption="Top cities by booking value" minWidth={320}>
              <thead>
                <tr>
                  <Th>City</Th>
                  <Th className="text-right">Salons</Th>
                  <Th className="text-right">Bookings</Th>
                  <Th className="text-right">Booking value</Th>
                </tr>
              </thead>
              <tbody>
                {(data?.topCities ?? []).map((c) => (
                  <tr key={c.city}>
                    <Td className="font-medium text-ink-900">{c.city}</Td>
                    <Td className="text-right">{formatCount(c.salons)}</Td>
                    <Td className="text-right">{formatCount(c.bookings)}</Td>
                    <Td className="text-right">{formatINR(c.gbv)}</Td>
                  </tr>
                ))}
              </tbody>
            </TableCard>
          )}
        </div>
        <div className="min-w-0">
          <h2 className="mb-3 text-lg font-semibold text-ink-900">Quick actions</h2>
          <Card className="grid gap-2 sm:grid-cols-2">
            {[
              { to: '/admin/salons?status=pending', label: 'Review publish requests' },
              { to: '/admin/feedback', label: 'Answer feedback' },
              { to: '/admin/PushNotification', label: 'Send a broadcast' },
              { to: '/admin/coupons', label: 'Platform coupons' },
              { to: '/admin/security', label: 'Failed sign-ins' },
              { to: '/admin/system', label: 'System health' },
            ].map((a) => (
              <Link key={a.to} href={a.to} className={buttonClasses('secondary', 'md', 'justify-start')}>
                {a.label}
              </Link>
            ))}
          </Card>
        </div>
      </div>
    </AdminPage>
  );
}
