import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { platformLastDays } from '../../../shared/platform';
import type { REPORT_GROUPS } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { toast } from '../../components/ui/Toast';
import { AdminPage } from '../../features/admin/AdminPage';
import { QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatCount, formatDay, formatINR, formatINRCompact, formatMonth } from '../../features/admin/format';
import { StatTile } from '../../features/admin/StatTile';
import { TrendChart } from '../../features/admin/TrendChart';
import { downloadText } from '../../lib/download';
import { errorMessage, trpc } from '../../trpc';

type Group = (typeof REPORT_GROUPS)[number];

const GROUPS: { id: Group; label: string }[] = [
  { id: 'day', label: 'By day' },
  { id: 'month', label: 'By month' },
  { id: 'city', label: 'By city' },
];

function keyLabel(group: Group, key: string): string {
  if (group === 'day') return formatDay(key);
  if (group === 'month') return formatMonth(key);
  return key;
}

export default function Reports() {
  const utils = trpc.useUtils();
  // The platform's days are India's, whatever zone the admin's browser is in.
  const [initial] = useState(() => platformLastDays(30));
  const [group, setGroup] = useState<Group>('day');
  const [city, setCity] = useState('');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [exporting, setExporting] = useState(false);
  const input = { groupBy: group, from: from || undefined, to: to || undefined, city: city || undefined };
  const report = trpc.admin.reports.useQuery(input, { placeholderData: keepPreviousData });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const answer = await utils.admin.reportsCsv.fetch(input, { staleTime: 0 });
      downloadText(answer.filename, answer.csv, 'text/csv;charset=utf-8');
      toast.success(`Downloaded ${answer.filename}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not export the report.'));
    } finally {
      setExporting(false);
    }
  };

  const r = report.data;
  const rows = r?.rows ?? [];
  const chartRows = group === 'city' ? [] : rows;

  return (
    <AdminPage
      title="Reports"
      description="Bookings, booking value, commission and subscription revenue by city and period. Cancelled bookings count in bookings but not in value."
      actions={
        <Button onClick={() => void exportCsv()} loading={exporting} loadingText="Exporting…" disabled={!r} data-testid="export-csv">
          Export CSV
        </Button>
      }
    >
      <Card className="grid gap-4 xl:grid-cols-[1fr_auto] xl:items-end">
        <Tabs idPrefix="report-group" label="Group by" items={GROUPS} value={group} onChange={setGroup} className="xl:max-w-md" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Select
            id="report-city"
            containerClassName="col-span-2 sm:col-span-1"
            label="City"
            value={city}
            placeholder="All cities"
            options={(r?.cities ?? (city ? [city] : [])).map((c) => ({ value: c, label: c }))}
            onChange={(e) => setCity(e.target.value)}
          />
          <Input label="From" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          <Input label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
      </Card>

      {r && (
        <section
          aria-label="Totals for the period"
          className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6"
          data-testid="report-totals"
        >
          <StatTile
            label="Bookings"
            value={formatCount(r.totals.bookings)}
            hint={`${r.city ?? 'All cities'} · ${formatDay(r.from)} – ${formatDay(r.to)}`}
            testId="report-bookings"
          />
          <StatTile label="Completed" value={formatCount(r.totals.completed)} />
          <StatTile label="Cancelled" value={formatCount(r.totals.cancelled)} />
          <StatTile label="Booking value" value={formatINR(r.totals.gbv)} testId="report-gbv" />
          <StatTile label="Commission" value={formatINR(r.totals.commission)} testId="report-commission" />
          <StatTile
            label="Subscriptions"
            value={formatINR(r.totals.subscriptions)}
            hint="Paid plans, before GST"
            testId="report-subscriptions"
          />
        </section>
      )}

      {chartRows.length > 1 && (
        <Card>
          <h2 className="mb-3 text-base font-semibold text-ink-900">Booking value</h2>
          <TrendChart
            label="Booking value"
            kind={group === 'month' ? 'bar' : 'line'}
            points={chartRows.map((row) => ({ date: group === 'month' ? `${row.key}-01` : row.key, value: row.gbv }))}
            formatValue={formatINRCompact}
            testId="report-chart"
          />
        </Card>
      )}

      <QueryState
        query={report}
        isEmpty={rows.length === 0}
        emptyTitle="No bookings or subscriptions in this period"
        emptyDescription="Pick a wider date range or another city."
      >
        <TableCard testId="report-table" caption="Report rows" minWidth={800}>
          <thead>
            <tr>
              <Th>{group === 'city' ? 'City' : group === 'month' ? 'Month' : 'Day'}</Th>
              <Th className="text-right">Bookings</Th>
              <Th className="text-right">Completed</Th>
              <Th className="text-right">Cancelled</Th>
              <Th className="text-right">Booking value</Th>
              <Th className="text-right">Commission</Th>
              <Th className="text-right">Subscriptions</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid="report-row">
                <Td className="font-medium whitespace-nowrap text-ink-900">{keyLabel(group, row.key)}</Td>
                <Td className="text-right">{formatCount(row.bookings)}</Td>
                <Td className="text-right">{formatCount(row.completed)}</Td>
                <Td className="text-right">{formatCount(row.cancelled)}</Td>
                <Td className="text-right whitespace-nowrap">{formatINR(row.gbv)}</Td>
                <Td className="text-right whitespace-nowrap">{formatINR(row.commission)}</Td>
                <Td className="text-right whitespace-nowrap">{formatINR(row.subscriptions)}</Td>
              </tr>
            ))}
          </tbody>
          {r && (
            <tfoot>
              <tr className="bg-blush-50/70 font-semibold text-ink-900">
                <Td>Total</Td>
                <Td className="text-right">{formatCount(r.totals.bookings)}</Td>
                <Td className="text-right">{formatCount(r.totals.completed)}</Td>
                <Td className="text-right">{formatCount(r.totals.cancelled)}</Td>
                <Td className="text-right whitespace-nowrap">{formatINR(r.totals.gbv)}</Td>
                <Td className="text-right whitespace-nowrap">{formatINR(r.totals.commission)}</Td>
                <Td className="text-right whitespace-nowrap">{formatINR(r.totals.subscriptions)}</Td>
              </tr>
            </tfoot>
          )}
        </TableCard>
      </QueryState>
    </AdminPage>
  );
}
