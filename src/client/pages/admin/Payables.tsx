import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/Button';
import { LoadMore } from '../../components/ui/LoadMore';
import { AdminPage } from '../../features/admin/AdminPage';
import { QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatCount, formatDay, formatINR } from '../../features/admin/format';
import { StatTile } from '../../features/admin/StatTile';
import { RecordPayout } from '../../features/settlements/RecordPayout';
import { usePagedList } from '../../lib/usePagedList';
import { trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });

const PAYABLES_PAGE = 50;

type Salon = { merchantId: string; salonName: string; due: number };

/**
 * What the platform owes each salon for the online payments it collected: settled net (payments whose
 * appointments are over, less fees, refunds and commission), held (appointments still to come), paid
 * out and due. Each salon's statement is its Settlements page; payouts are recorded here or there.
 */
export default function Payables() {
  const client = trpc.useUtils().client;
  const list = usePagedList({
    queryKey: getQueryKey(trpc.admin.payables, { limit: PAYABLES_PAGE }, 'infinite'),
    fetchPage: (page) => client.admin.payables.query({ page, limit: PAYABLES_PAGE }),
    pagingOf: (a) => a.data.paging,
    itemsOf: (a) => a.data.salons,
    idOf: (s) => s.merchantId,
  });
  const q = list.query;
  const [paying, setPaying] = useState<Salon | null>(null);
  // The totals are of every salon (the first page's answer), the rows those loaded so far.
  const d = list.first?.data;
  const salons = list.items;
  const salonCount = list.paging?.total ?? salons.length;

  return (
    <AdminPage
      title="Payables"
      description="What GlowBook owes each salon for the payments it collected online: the settled net less payouts is due; payments for appointments still to come are held."
    >
      <section aria-label="Payable totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="payables-totals">
        <StatTile label="Salons" value={d ? formatCount(salonCount) : '…'} />
        <StatTile label="Due to salons" value={d ? money(d.totals.due) : '…'} testId="payables-due" />
        <StatTile label="Held" value={d ? money(d.totals.held) : '…'} hint="Appointments still to come" testId="payables-held" />
        <StatTile label="Paid out" value={d ? money(d.totals.paidOut) : '…'} testId="payables-paid" />
      </section>

      <QueryState
        query={q}
        isEmpty={salons.length === 0}
        emptyTitle="Nothing owed yet"
        emptyDescription="A salon appears here once a customer pays one of its bookings online."
      >
        <TableCard testId="payables-table" caption="Payables by salon" minWidth={900}>
          <thead>
            <tr>
              <Th>Salon</Th>
              <Th className="text-right">Due</Th>
              <Th className="text-right">Held</Th>
              <Th className="text-right">Paid out</Th>
              <Th className="text-right">Settled net</Th>
              <Th className="text-right">Collected</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {salons.map((s) => (
              <tr key={s.merchantId} data-testid="payable-row" data-merchant-id={s.merchantId}>
                <Td className="min-w-44">
                  <p className="font-medium text-ink-900">{s.salonName}</p>
                  <p className="text-xs text-ink-500">
                    {s.city} · {formatCount(s.payments)} {s.payments === 1 ? 'payment' : 'payments'}
                  </p>
                </Td>
                <Td className="text-right font-semibold whitespace-nowrap text-ink-900" data-testid="payable-due">
                  {money(s.due)}
                </Td>
                <Td className="text-right whitespace-nowrap" data-testid="payable-held">
                  {money(s.held)}
                </Td>
                <Td className="text-right whitespace-nowrap" data-testid="payable-paid">
                  {money(s.paidOut)}
                  {s.lastPayoutOn && <span className="block text-xs text-ink-500">last {formatDay(s.lastPayoutOn)}</span>}
                </Td>
                <Td className="text-right whitespace-nowrap" data-testid="payable-settled">
                  {money(s.settledNet)}
                </Td>
                <Td className="text-right whitespace-nowrap">{money(s.collected)}</Td>
                <Td className="whitespace-nowrap">
                  <div className="flex items-center justify-end gap-2">
                    <Link
                      href={`/merchant/settlements?merchantId=${s.merchantId}`}
                      className="rounded text-sm font-medium text-plum-700 underline focus-visible:outline-2 focus-visible:outline-plum-500"
                      data-testid="payable-statement"
                    >
                      Statement<span className="sr-only"> of {s.salonName}</span>
                    </Link>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={s.due <= 0}
                      onClick={() => setPaying(s)}
                      data-testid="payable-record"
                      aria-label={`Record payout to ${s.salonName}`}
                    >
                      Record payout
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
          {d && (
            <tfoot>
              <tr className="bg-blush-50/70 font-semibold text-ink-900">
                <Td>
                  Total ({formatCount(salonCount)} {salonCount === 1 ? 'salon' : 'salons'})
                </Td>
                <Td className="text-right whitespace-nowrap">{money(d.totals.due)}</Td>
                <Td className="text-right whitespace-nowrap">{money(d.totals.held)}</Td>
                <Td className="text-right whitespace-nowrap">{money(d.totals.paidOut)}</Td>
                <Td colSpan={3} />
              </tr>
            </tfoot>
          )}
        </TableCard>
        <LoadMore
          paging={list.paging}
          shown={salons.length}
          noun="salons"
          hasMore={list.hasMore}
          loading={list.loadingMore}
          onLoadMore={list.loadMore}
          testId="payables-paging"
        />
      </QueryState>
      {paying && (
        <RecordPayout merchantId={paying.merchantId} salonName={paying.salonName} due={paying.due} onClose={() => setPaying(null)} />
      )}
    </AdminPage>
  );
}
