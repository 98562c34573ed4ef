import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type ReportTable, reportCsv } from '../../../shared/reportsCsv';
import { REPORT_MAX_DAYS, type ReportsWire } from '../../../shared/schemas/reports';
import { addDays } from '../../../shared/slots';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatINR, salonClock } from '../../features/booking/format';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { BarsChart } from '../../features/reports/BarsChart';
import { longDate } from '../../lib/dates';
import { CSV_TYPE, downloadText } from '../../lib/download';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
const rupees = (n: number) => formatINR(n);

function download(table: ReportTable, r: ReportsWire) {
  downloadText(`${table}-${r.from}-to-${r.to}.csv`, reportCsv(table, r), CSV_TYPE);
}

function Tile({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card>
      <p className="text-xs text-ink-500 sm:text-sm">{label}</p>
      <p className="mt-1 text-lg font-bold text-ink-900 sm:text-xl" data-testid={testId}>
        {value}
      </p>
      {hint && <p className="text-xs text-ink-500">{hint}</p>}
    </Card>
  );
}

function Section({
  title,
  note,
  table,
  report,
  chart,
  children,
}: {
  title: string;
  note?: string;
  table: ReportTable;
  report: ReportsWire;
  chart?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3" aria-labelledby={`report-${table}`} data-testid={`report-${table}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={`report-${table}`} className="text-lg font-semibold text-ink-900">
            {title}
          </h2>
          {note && <p className="text-xs text-ink-500">{note}</p>}
        </div>
        <Button size="sm" variant="outline" onClick={() => download(table, report)} data-testid={`csv-${table}`}>
          Download CSV
        </Button>
      </div>
      <div className={chart ? 'grid gap-4 lg:grid-cols-2 lg:items-start' : ''}>
        {chart && <Card className="min-w-0">{chart}</Card>}
        <div className="min-w-0">{children}</div>
      </div>
    </section>
  );
}

const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
] as const;

/** The owner's weekly look at the business: sales, occupancy, clients and attendance over a range. */
export default function Reports() {
  usePageTitle('Reports');
  const { merchantId, isAdmin } = useDeskMerchant();
  const today = salonClock('Asia/Kolkata').date;
  const [range, setRange] = useState({ from: addDays(today, -29), to: today });
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const q = trpc.merchants.getReports.useQuery(
    { ...range, merchantId: isAdmin ? (merchantId ?? undefined) : undefined },
    { enabled: !!merchantId, placeholderData: keepPreviousData },
  );
  const r = q.data?.data;

  const apply = (next: { from: string; to: string }) => {
    setDraft(next);
    if (!next.from || !next.to) return setRangeError('Choose both dates.');
    if (next.to < next.from) return setRangeError('The range ends before it starts.');
    if ((Date.parse(next.to) - Date.parse(next.from)) / 86_400_000 + 1 > REPORT_MAX_DAYS)
      return setRangeError(`A report covers at most ${REPORT_MAX_DAYS} days.`);
    setRangeError(null);
    setRange(next);
  };

  const booked = r?.occupancy.reduce((n, o) => n + o.bookedHours, 0) ?? 0;
  const available = r?.occupancy.reduce((n, o) => n + o.availableHours, 0) ?? 0;

  return (
    <PageContainer>
      <PageHeader
        title="Reports"
        description="Sales, occupancy, clients and attendance, from your bookings. Dates are your salon’s, both days included."
      />
      <Card className="mb-6">
        <form
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
          data-testid="report-range"
        >
          <Input
            label="From"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            containerClassName="w-40"
            data-testid="report-from"
          />
          <Input
            label="To"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            containerClassName="w-40"
            data-testid="report-to"
          />
          <Button type="submit" data-testid="report-apply">
            Show
          </Button>
          <div className="flex flex-wrap gap-1.5">
            {PRESETS.map((p) => (
              <Button
                key={p.days}
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => apply({ from: addDays(today, 1 - p.days), to: today })}
              >
                {p.label}
              </Button>
            ))}
          </div>
          {rangeError && (
            <p role="alert" className="w-full text-sm text-red-700" data-testid="report-range-error">
              {rangeError}
            </p>
          )}
        </form>
      </Card>

      {q.isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : q.isError ? (
        <LoadError title="Could not load the reports" description={errorMessage(q.error, 'Please try again.')} onRetry={q.refetch} />
      ) : r ? (
        <div className="space-y-8" aria-busy={q.isFetching} data-testid="reports">
          <p className="text-sm text-ink-700" data-testid="report-period">
            {longDate(r.from)} to {longDate(r.to)}
          </p>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <Tile label="Net sales" value={rupees(r.sales.net)} hint={`${r.sales.bookings} completed`} testId="tile-net" />
            <Tile label="Discounts" value={rupees(r.sales.discounts)} testId="tile-discounts" />
            <Tile
              label="Occupancy"
              value={pct(available > 0 ? booked / available : null)}
              hint={`${booked.toFixed(1)} of ${available.toFixed(1)} h`}
              testId="tile-occupancy"
            />
            <Tile
              label="Rebooking rate"
              value={pct(r.clients.rebookingRate)}
              hint={`${r.clients.rebooked} of ${r.clients.visited} clients`}
              testId="tile-rebooking"
            />
            <Tile
              label="No-show rate"
              value={pct(r.attendance.noShowRate)}
              hint={`${r.attendance.noShows} of ${r.attendance.bookings}`}
              testId="tile-no-show"
            />
            <Tile
              label="Late cancellations"
              value={pct(r.attendance.lateCancelRate)}
              hint={`${r.attendance.lateCancellations} of ${r.attendance.bookings}`}
              testId="tile-late-cancel"
            />
          </div>

          <Section
            title="Sales by service"
            note="Completed bookings: each service at the price charged, then the discounts taken off the bookings."
            table="services"
            report={r}
            chart={
              r.byService.length > 0 && (
                <BarsChart
                  rows={r.byService.map((s) => ({ name: s.service, value: s.gross }))}
                  format={rupees}
                  label={`Sales by service: ${r.byService.map((s) => `${s.service} ${rupees(s.gross)}`).join(', ')}`}
                  testId="chart-services"
                />
              )
            }
          >
            <TableCard caption="Sales by service" minWidth={320}>
              <thead>
                <tr>
                  <Th>Service</Th>
                  <Th className="text-right">Done</Th>
                  <Th className="text-right">Sales</Th>
                </tr>
              </thead>
              <tbody>
                {r.byService.map((s) => (
                  <tr key={s.service} data-testid="row-service">
                    <Td className="font-medium text-ink-900">{s.service}</Td>
                    <Td className="text-right">{s.count}</Td>
                    <Td className="text-right whitespace-nowrap">{rupees(s.gross)}</Td>
                  </tr>
                ))}
                <tr>
                  <Td>Discounts</Td>
                  <Td />
                  <Td className="text-right whitespace-nowrap">−{rupees(r.sales.discounts)}</Td>
                </tr>
                <tr>
                  <Td className="font-semibold text-ink-900">Net sales</Td>
                  <Td className="text-right font-semibold text-ink-900">{r.sales.bookings}</Td>
                  <Td className="text-right font-semibold whitespace-nowrap text-ink-900" data-testid="services-net">
                    {rupees(r.sales.net)}
                  </Td>
                </tr>
              </tbody>
            </TableCard>
          </Section>

          <Section
            title="Sales by professional"
            table="professionals"
            report={r}
            chart={
              r.byProfessional.length > 0 && (
                <BarsChart
                  rows={r.byProfessional.map((p) => ({ name: p.name, value: p.sales }))}
                  format={rupees}
                  label={`Sales by professional: ${r.byProfessional.map((p) => `${p.name} ${rupees(p.sales)}`).join(', ')}`}
                  testId="chart-professionals"
                />
              )
            }
          >
            <TableCard caption="Sales by professional" minWidth={320}>
              <thead>
                <tr>
                  <Th>Professional</Th>
                  <Th className="text-right">Completed</Th>
                  <Th className="text-right">Sales</Th>
                </tr>
              </thead>
              <tbody>
                {r.byProfessional.length === 0 && (
                  <tr>
                    <Td colSpan={3}>No completed bookings in this range.</Td>
                  </tr>
                )}
                {r.byProfessional.map((p) => (
                  <tr key={p.staffId} data-testid="row-professional">
                    <Td className="font-medium text-ink-900">{p.name}</Td>
                    <Td className="text-right">{p.bookings}</Td>
                    <Td className="text-right whitespace-nowrap">{rupees(p.sales)}</Td>
                  </tr>
                ))}
              </tbody>
            </TableCard>
          </Section>

          <Section title="Sales by payment method" table="payments" report={r}>
            <TableCard caption="Sales by payment method" minWidth={320}>
              <thead>
                <tr>
                  <Th>Payment method</Th>
                  <Th className="text-right">Completed</Th>
                  <Th className="text-right">Sales</Th>
                </tr>
              </thead>
              <tbody>
                {r.byPaymentMethod.length === 0 && (
                  <tr>
                    <Td colSpan={3}>No completed bookings in this range.</Td>
                  </tr>
                )}
                {r.byPaymentMethod.map((p) => (
                  <tr key={p.method} data-testid="row-payment">
                    <Td className="font-medium text-ink-900">{p.label}</Td>
                    <Td className="text-right">{p.bookings}</Td>
                    <Td className="text-right whitespace-nowrap">{rupees(p.sales)}</Td>
                  </tr>
                ))}
              </tbody>
            </TableCard>
          </Section>

          <Section
            title="Occupancy"
            note="Booked ÷ available hours: each professional’s working hours within the salon’s, less days off and blocked time."
            table="occupancy"
            report={r}
            chart={
              r.occupancy.length > 0 && (
                <BarsChart
                  rows={r.occupancy.map((o) => ({ name: o.name, value: Math.round((o.rate ?? 0) * 1000) / 10 }))}
                  format={(n) => `${n}%`}
                  max={100}
                  label={`Occupancy: ${r.occupancy.map((o) => `${o.name} ${pct(o.rate)}`).join(', ')}`}
                  testId="chart-occupancy"
                />
              )
            }
          >
            <TableCard caption="Occupancy per professional" minWidth={420}>
              <thead>
                <tr>
                  <Th>Professional</Th>
                  <Th className="text-right">Available h</Th>
                  <Th className="text-right">Booked h</Th>
                  <Th className="text-right">Occupancy</Th>
                </tr>
              </thead>
              <tbody>
                {r.occupancy.map((o) => (
                  <tr key={o.staffId} data-testid="row-occupancy">
                    <Td className="font-medium text-ink-900">
                      {o.name}
                      {o.blockedHours > 0 && <span className="block text-xs font-normal text-ink-500">{o.blockedHours} h blocked</span>}
                    </Td>
                    <Td className="text-right">{o.availableHours}</Td>
                    <Td className="text-right">{o.bookedHours}</Td>
                    <Td className="text-right font-semibold text-ink-900">{pct(o.rate)}</Td>
                  </tr>
                ))}
              </tbody>
            </TableCard>
          </Section>

          <div className="grid gap-8 lg:grid-cols-2">
            <Section title="Clients" note="Clients with a completed visit in the range." table="clients" report={r}>
              <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="clients-figures">
                {[
                  ['Visited', String(r.clients.visited)],
                  ['New', String(r.clients.new)],
                  ['Returning', String(r.clients.returning)],
                  ['Rebooked', `${r.clients.rebooked} (${pct(r.clients.rebookingRate)})`],
                ].map(([k, v]) => (
                  <div key={k} className="rounded-xl border border-blush-200 p-3">
                    <dt className="text-ink-500">{k}</dt>
                    <dd className="text-lg font-semibold text-ink-900">{v}</dd>
                  </div>
                ))}
              </dl>
            </Section>
            <Section
              title="Attendance"
              note={`All bookings dated in the range. A late cancellation is one the client made under ${r.attendance.lateCancelHours} hours before the start.`}
              table="attendance"
              report={r}
            >
              <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="attendance-figures">
                {[
                  ['Bookings', String(r.attendance.bookings)],
                  ['No-shows', `${r.attendance.noShows} (${pct(r.attendance.noShowRate)})`],
                  ['Cancelled', String(r.attendance.cancelled)],
                  ['Late cancellations', `${r.attendance.lateCancellations} (${pct(r.attendance.lateCancelRate)})`],
                ].map(([k, v]) => (
                  <div key={k} className="rounded-xl border border-blush-200 p-3">
                    <dt className="text-ink-500">{k}</dt>
                    <dd className="text-lg font-semibold text-ink-900">{v}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          </div>
        </div>
      ) : null}
    </PageContainer>
  );
}
