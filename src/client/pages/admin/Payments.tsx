import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Input } from '../../components/ui/Input';
import { AdminPage } from '../../features/admin/AdminPage';
import { FilterBar, Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatCount, formatDay, formatINR } from '../../features/admin/format';
import { StatTile } from '../../features/admin/StatTile';
import { SubscriptionInvoices } from '../../features/admin/SubscriptionInvoices';
import { trpc } from '../../trpc';

const LIMIT = 20;

export default function Payments() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const ledger = trpc.admin.commissions.useQuery(
    { from: from || undefined, to: to || undefined, page, limit: LIMIT },
    { placeholderData: keepPreviousData },
  );
  const totals = ledger.data?.totals;
  const entries = ledger.data?.entries ?? [];

  return (
    <AdminPage
      title="Payments"
      description="The commission the platform earns on every completed booking, and merchants' subscription invoices."
    >
      <section aria-label="Commission totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="commission-totals">
        <StatTile label="Completed bookings" value={totals ? formatCount(totals.entries) : '…'} />
        <StatTile label="Gross amount" value={totals ? formatINR(totals.grossAmount) : '…'} />
        <StatTile label="Commission earned" value={totals ? formatINR(totals.commission) : '…'} testId="ledger-commission" />
        <StatTile
          label="Salons' earnings"
          value={totals ? formatINR(totals.merchantEarning) : '…'}
          hint="Gross amount less commission"
          testId="ledger-earnings"
        />
      </section>

      <section className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink-900">Commission ledger</h2>
        </div>
        <FilterBar>
          <Input
            label="Booking date from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              setPage(1);
            }}
          />
          <Input
            label="Booking date to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => {
              setTo(e.target.value);
              setPage(1);
            }}
          />
        </FilterBar>
        <QueryState
          query={ledger}
          isEmpty={entries.length === 0}
          emptyTitle="No commission in this period"
          emptyDescription="An entry is written when a salon marks a booking completed."
        >
          <TableCard testId="commission-table" caption="Commission ledger" minWidth={760}>
            <thead>
              <tr>
                <Th>Booking date</Th>
                <Th>Salon</Th>
                <Th className="text-right">Gross</Th>
                <Th className="text-right">Commission</Th>
                <Th className="text-right">Salon earning</Th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e._id} data-testid="commission-row">
                  <Td className="whitespace-nowrap">{formatDay(e.bookingDate)}</Td>
                  <Td>
                    <p className="font-medium text-ink-900">{e.salonName}</p>
                    <p className="text-xs text-ink-500">{e.city}</p>
                  </Td>
                  <Td className="text-right whitespace-nowrap">{formatINR(e.grossAmount)}</Td>
                  <Td className="text-right font-medium whitespace-nowrap text-ink-900">{formatINR(e.commission)}</Td>
                  <Td className="text-right whitespace-nowrap">{formatINR(e.merchantEarning)}</Td>
                </tr>
              ))}
            </tbody>
            {totals && (
              <tfoot>
                <tr className="bg-blush-50/70 font-semibold text-ink-900">
                  <Td colSpan={2}>Total ({formatCount(totals.entries)} bookings)</Td>
                  <Td className="text-right whitespace-nowrap">{formatINR(totals.grossAmount)}</Td>
                  <Td className="text-right whitespace-nowrap">{formatINR(totals.commission)}</Td>
                  <Td className="text-right whitespace-nowrap">{formatINR(totals.merchantEarning)}</Td>
                </tr>
              </tfoot>
            )}
          </TableCard>
          <Pagination page={page} limit={LIMIT} total={ledger.data?.total ?? 0} onPage={setPage} />
        </QueryState>
      </section>

      <SubscriptionInvoices />
    </AdminPage>
  );
}
